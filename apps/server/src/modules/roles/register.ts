import { saasRoleEndpoints, saasRoleResource } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { mapWriteError } from '../../db/db-errors.js';
import { registerResource } from '../../crud/register-resource.js';
import { bindEndpoint } from '../../http/bind-endpoint.js';
import type { RequestContext } from '../../http/context.js';
import { diffFields } from '../../http/redact.js';
import { AppError, fieldError } from '../../lib/app-error.js';
import { nowIso } from '../../lib/clock.js';
import { toDbId } from '../../lib/ids.js';
import { buildMenuTree, loadScopeMenus } from '../permissions/menu-tree.js';
import { announcePermissionChange } from '../permissions/announce.js';

const labels = { name: '角色名称', code: '角色编码' };

async function readRole(ctx: RequestContext, id: number) {
  const row = await ctx.db
    .selectFrom('role')
    .where('id', '=', id)
    .select([
      'id',
      'name',
      'code',
      'sort',
      'status',
      'requireSecondFactor',
      'remark',
      'createdAt',
      'updatedAt',
      'version',
    ])
    .executeTakeFirst();
  if (!row) throw new AppError('recordNotFound');
  const menus = await ctx.db
    .selectFrom('roleMenu')
    .where('roleId', '=', id)
    .select('menuId')
    .orderBy('menuId')
    .execute();
  return {
    ...row,
    id: String(row.id),
    requireSecondFactor: row.requireSecondFactor === 1 ? (1 as const) : (0 as const),
    menuIds: menus.map((m) => String(m.menuId)),
  };
}

/** Only platform-scope entries can be granted to a platform role. */
async function checkMenus(ctx: RequestContext, wire: string[]): Promise<number[]> {
  const ids = [...new Set(wire.map((v) => Number(v)))];
  if (ids.length === 0) return ids;
  const found = await ctx.db
    .selectFrom('menu')
    .where('id', 'in', ids)
    .where('scope', '=', 'platform')
    .select('id')
    .execute();
  if (found.length !== ids.length) throw fieldError('menuIds', '所选菜单不存在或不是平台菜单');
  return ids;
}

async function writeMenus(ctx: RequestContext, roleId: number, menuIds: number[]): Promise<void> {
  await ctx.db.deleteFrom('roleMenu').where('roleId', '=', roleId).execute();
  // Chunked: a full catalogue grant is a few hundred rows, under every engine's parameter limit.
  for (let i = 0; i < menuIds.length; i += 200) {
    await ctx.db
      .insertInto('roleMenu')
      .values(menuIds.slice(i, i + 200).map((menuId) => ({ roleId, menuId })))
      .execute();
  }
}

/** Platform roles (角色管理) and the catalogue tree the role editor chooses from. */
export function registerRoles(app: FastifyInstance): void {
  registerResource(app, saasRoleResource, 'role');

  bindEndpoint(app, saasRoleEndpoints.getById, ({ query }, ctx) => readRole(ctx, toDbId(query.id)));

  bindEndpoint(app, saasRoleEndpoints.getMenu, async (_input, ctx) => {
    const rows = await loadScopeMenus(ctx.db, 'platform');
    return buildMenuTree(rows, new Set(rows.map((r) => r.url)));
  });

  bindEndpoint(app, saasRoleEndpoints.create, async ({ body }, ctx) => {
    const menuIds = await checkMenus(ctx, body.menuIds);
    const now = nowIso();
    const row = await ctx.db
      .insertInto('role')
      .values({
        name: body.name,
        code: body.code,
        sort: body.sort,
        status: body.status,
        requireSecondFactor: body.requireSecondFactor,
        remark: body.remark,
        createdAt: now,
        updatedAt: now,
        version: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
      .catch((err: unknown) => mapWriteError(err, 'write', labels));
    await writeMenus(ctx, row.id, menuIds);
    ctx.audit.targetId = String(row.id);
    announcePermissionChange(ctx, 'saasRole', { ids: [row.id], action: 'create' });
    return readRole(ctx, row.id);
  });

  bindEndpoint(app, saasRoleEndpoints.update, async ({ body }, ctx) => {
    const id = toDbId(body.id);
    const before = await readRole(ctx, id);
    ctx.audit.targetId = String(id);
    if (before.version !== body.version) throw new AppError('versionConflict');
    const { id: _id, version, menuIds: wireMenus, ...fields } = body;
    const patch = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
    const result = await ctx.db
      .updateTable('role')
      .set({ ...patch, updatedAt: nowIso(), version: sql`version + 1` })
      .where('id', '=', id)
      .where('version', '=', version)
      .executeTakeFirst()
      .catch((err: unknown) => mapWriteError(err, 'write', labels));
    if (Number(result.numUpdatedRows) === 0) throw new AppError('versionConflict');
    const changes = diffFields(before, patch);
    if (wireMenus) {
      const menuIds = await checkMenus(ctx, wireMenus);
      await writeMenus(ctx, id, menuIds);
      const after = menuIds.map(String).sort();
      const was = [...before.menuIds].sort();
      if (after.join() !== was.join()) changes.push({ field: 'menuIds', before: was, after });
    }
    ctx.audit.changes = changes;
    // Grants and the role's status feed every holder's cached permissions: apply them at once.
    app.sessions.forgetAll();
    announcePermissionChange(ctx, 'saasRole', { ids: [id], action: 'update' });
    return readRole(ctx, id);
  });

  bindEndpoint(app, saasRoleEndpoints.delete, async ({ query }, ctx) => {
    const id = toDbId(query.id);
    await readRole(ctx, id);
    ctx.audit.targetId = String(id);
    const held = await ctx.db
      .selectFrom('adminRole')
      .where('roleId', '=', id)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    if (Number(held.n) > 0) {
      throw new AppError('stateConflict', { message: `该角色仍有 ${Number(held.n)} 个账号在使用，请先解除后再删除` });
    }
    await ctx.db.deleteFrom('role').where('id', '=', id).execute();
    app.sessions.forgetAll();
    announcePermissionChange(ctx, 'saasRole', { ids: [id], action: 'delete' });
    return null;
  });
}
