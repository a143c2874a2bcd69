import { saasMenuEndpoints, saasMenuResource } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { mapWriteError } from '../../db/db-errors.js';
import { registerResource } from '../../crud/register-resource.js';
import { anyTableDb } from '../../crud/types.js';
import { bindEndpoint } from '../../http/bind-endpoint.js';
import type { RequestContext } from '../../http/context.js';
import { diffFields } from '../../http/redact.js';
import { AppError, fieldError } from '../../lib/app-error.js';
import { toDbId } from '../../lib/ids.js';
import { announcePermissionChange } from '../permissions/announce.js';

interface MenuRow {
  id: number;
  version: number;
  parentId: number | null;
  url: string;
  title: string;
  icon: string;
  path: string;
  sort: number;
  hidden: number;
  kind: number;
  scope: string;
}

const labels = { url: '路由名或权限码' };

async function readMenu(ctx: RequestContext, id: number): Promise<MenuRow> {
  const row = await anyTableDb(ctx).selectFrom('menu').where('id', '=', id).selectAll().executeTakeFirst();
  if (!row) throw new AppError('recordNotFound');
  return row;
}

const toWire = (row: MenuRow) => ({
  ...row,
  id: String(row.id),
  parentId: row.parentId === null ? null : String(row.parentId),
  hidden: row.hidden === 1 ? (1 as const) : (0 as const),
  scope: row.scope === 'agent' ? ('agent' as const) : ('platform' as const),
});

/** A parent must be a directory or page of the same scope, and never the entry itself or below it. */
async function checkParent(ctx: RequestContext, parentId: number | null, scope: string, self?: number) {
  if (parentId === null) return;
  let cursor: number | null = parentId;
  for (let depth = 0; cursor !== null && depth < 20; depth += 1) {
    if (cursor === self) throw fieldError('parentId', '不能把菜单移到它自己或它的下级之下');
    const row: MenuRow | undefined = await anyTableDb(ctx)
      .selectFrom('menu')
      .where('id', '=', cursor)
      .selectAll()
      .executeTakeFirst();
    if (!row) throw fieldError('parentId', '上级菜单不存在');
    if (depth === 0 && (row.scope !== scope || row.kind === 3)) {
      throw fieldError('parentId', '上级须为同一范围的目录或页面');
    }
    cursor = row.parentId;
  }
}

/** The menu catalogue (菜单管理). Grants refer to entries by url, so every change drops cached permissions. */
export function registerMenus(app: FastifyInstance): void {
  registerResource(app, saasMenuResource, 'menu');

  bindEndpoint(app, saasMenuEndpoints.get, async ({ query }, ctx) => toWire(await readMenu(ctx, toDbId(query.id))));

  bindEndpoint(app, saasMenuEndpoints.create, async ({ body }, ctx) => {
    const parentId = body.parentId === null ? null : toDbId(body.parentId);
    await checkParent(ctx, parentId, body.scope);
    const row: { id: unknown } = await anyTableDb(ctx)
      .insertInto('menu')
      .values({ ...body, parentId, version: 1 })
      .returning('id')
      .executeTakeFirstOrThrow()
      .catch((err: unknown) => mapWriteError(err, 'write', labels));
    ctx.audit.targetId = String(row.id);
    app.sessions.forgetAll();
    announcePermissionChange(ctx, 'saasMenu', { ids: [String(row.id)], action: 'create' });
    return toWire(await readMenu(ctx, Number(row.id)));
  });

  bindEndpoint(app, saasMenuEndpoints.update, async ({ body }, ctx) => {
    const id = toDbId(body.id);
    const before = await readMenu(ctx, id);
    ctx.audit.targetId = String(id);
    if (before.version !== body.version) throw new AppError('versionConflict');
    const { id: _id, version, parentId: wireParent, ...fields } = body;
    const patch: Record<string, unknown> = Object.fromEntries(
      Object.entries(fields).filter(([, v]) => v !== undefined),
    );
    if (wireParent !== undefined) {
      patch.parentId = wireParent === null ? null : toDbId(wireParent);
      await checkParent(ctx, patch.parentId as number | null, before.scope, id);
    }
    const result = await anyTableDb(ctx)
      .updateTable('menu')
      .set({ ...patch, version: sql`version + 1` })
      .where('id', '=', id)
      .where('version', '=', version)
      .executeTakeFirst()
      .catch((err: unknown) => mapWriteError(err, 'write', labels));
    if (Number(result.numUpdatedRows) === 0) throw new AppError('versionConflict');
    ctx.audit.changes = diffFields({ ...before }, patch);
    app.sessions.forgetAll();
    announcePermissionChange(ctx, 'saasMenu', { ids: [id], action: 'update' });
    return toWire(await readMenu(ctx, id));
  });

  bindEndpoint(app, saasMenuEndpoints.delete, async ({ query }, ctx) => {
    const id = toDbId(query.id);
    await readMenu(ctx, id);
    ctx.audit.targetId = String(id);
    const child = await ctx.db.selectFrom('menu').where('parentId', '=', id).select('id').executeTakeFirst();
    if (child) throw new AppError('stateConflict', { message: '请先删除或移走该菜单的下级菜单' });
    await ctx.db.deleteFrom('menu').where('id', '=', id).execute();
    app.sessions.forgetAll();
    announcePermissionChange(ctx, 'saasMenu', { ids: [id], action: 'delete' });
    return null;
  });
}
