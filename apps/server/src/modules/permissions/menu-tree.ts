import type { MenuScope, MenuTreeNode } from '@console/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';

interface MenuRow {
  id: number;
  parentId: number | null;
  url: string;
  title: string;
  icon: string;
  path: string;
  kind: number;
  hidden: number;
  sort: number;
}

export async function loadScopeMenus(db: Kysely<Database>, scope: MenuScope): Promise<MenuRow[]> {
  return db
    .selectFrom('menu')
    .where('scope', '=', scope)
    .select(['id', 'parentId', 'url', 'title', 'icon', 'path', 'kind', 'hidden', 'sort'])
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

/**
 * The tree of the granted entries of one scope. A granted page keeps its directories even when
 * the grant lists only the page, so the console never receives an orphan.
 */
export function buildMenuTree(rows: MenuRow[], granted: ReadonlySet<string>): MenuTreeNode[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const keep = new Set<number>();
  for (const row of rows) {
    if (!granted.has(row.url)) continue;
    for (
      let r: MenuRow | undefined = row;
      r && !keep.has(r.id);
      r = r.parentId === null ? undefined : byId.get(r.parentId)
    ) {
      keep.add(r.id);
    }
  }
  const nodes = new Map<number, MenuTreeNode>();
  for (const row of rows) {
    if (!keep.has(row.id)) continue;
    nodes.set(row.id, {
      id: String(row.id),
      url: row.url,
      title: row.title,
      icon: row.icon,
      path: row.path,
      kind: row.kind === 1 ? 1 : row.kind === 2 ? 2 : 3,
      hidden: row.hidden === 1,
      children: [],
    });
  }
  const roots: MenuTreeNode[] = [];
  // rows arrive sorted by (sort, id), so pushing in order keeps every level sorted.
  for (const row of rows) {
    const node = nodes.get(row.id);
    if (!node) continue;
    const parent = row.parentId === null ? undefined : nodes.get(row.parentId);
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}
