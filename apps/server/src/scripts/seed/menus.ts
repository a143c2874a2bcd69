import { type MenuScope, type MenuSpec, menusByScope } from '@console/contract';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/types.js';

interface Entry {
  url: string;
  title: string;
  icon: string;
  path: string;
  hidden: number;
  kind: 1 | 2 | 3;
  sort: number;
  parent: string | null;
}

/** A scope's catalogue as menu rows, parents before children: directories, pages, then actions. */
export function catalogueEntries(menus: MenuSpec[], parent: string | null = null): Entry[] {
  return menus.flatMap((spec, i) => {
    const children = spec.children ?? [];
    const self: Entry = {
      url: spec.name,
      title: spec.title,
      icon: spec.icon ?? '',
      path: spec.path,
      hidden: spec.hidden ? 1 : 0,
      kind: children.length > 0 ? 1 : 2,
      sort: i + 1,
      parent,
    };
    const actions = Object.entries(spec.actions ?? {}).map(([code, title], j): Entry => ({
      url: code,
      title,
      icon: '',
      path: '',
      // Actions never show in the sidebar anyway (the console skips kind 3); 隐藏 is for pages.
      hidden: 0,
      kind: 3,
      sort: j + 1,
      parent: spec.name,
    }));
    return [self, ...actions, ...catalogueEntries(children, spec.name)];
  });
}

/**
 * Adds catalogue entries the database lacks. Existing rows are never touched: operators edit
 * titles, icons, order and visibility in 菜单管理, and a restart must not undo that. Safe when
 * several processes start at once (a lost insert race is ignored and the row re-read).
 */
export async function syncMenuCatalogue(db: Kysely<Database>): Promise<number> {
  let added = 0;
  for (const scope of Object.keys(menusByScope) as MenuScope[]) {
    const rows = await db.selectFrom('menu').where('scope', '=', scope).select(['id', 'url']).execute();
    const ids = new Map(rows.map((r) => [r.url, r.id]));
    for (const e of catalogueEntries(menusByScope[scope])) {
      if (ids.has(e.url)) continue;
      const parentId = e.parent === null ? null : (ids.get(e.parent) ?? null);
      const inserted = await db
        .insertInto('menu')
        .values({
          parentId,
          url: e.url,
          title: e.title,
          icon: e.icon,
          sort: e.sort,
          hidden: e.hidden,
          kind: e.kind,
          scope,
          path: e.path,
        })
        .onConflict((oc) => oc.columns(['scope', 'url']).doNothing())
        .returning('id')
        .executeTakeFirst();
      const id =
        inserted?.id ??
        (
          await db
            .selectFrom('menu')
            .where('scope', '=', scope)
            .where('url', '=', e.url)
            .select('id')
            .executeTakeFirstOrThrow()
        ).id;
      if (inserted) added += 1;
      ids.set(e.url, id);
      if (inserted && e.kind === 3 && parentId !== null) await grantWithPage(db, scope, parentId, id);
    }
  }
  return added;
}

/**
 * A new action of an existing page goes to whoever holds the page (roles, or providers' agent
 * menus): granting a page grants its actions unless unticked, and an action that did not exist
 * could not have been unticked. An upgrade that moves an endpoint to a new action code then
 * keeps working for the operators who had the screen.
 */
async function grantWithPage(db: Kysely<Database>, scope: MenuScope, pageId: number, actionId: number) {
  if (scope === 'platform') {
    await db
      .insertInto('roleMenu')
      .columns(['roleId', 'menuId'])
      .expression(
        db
          .selectFrom('roleMenu')
          .where('menuId', '=', pageId)
          .select(['roleId', sql.lit(actionId).as('menuId')]),
      )
      .onConflict((oc) => oc.doNothing())
      .execute();
    return;
  }
  await db
    .insertInto('agentMenu')
    .columns(['agentId', 'menuId'])
    .expression(
      db
        .selectFrom('agentMenu')
        .where('menuId', '=', pageId)
        .select(['agentId', sql.lit(actionId).as('menuId')]),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
}
