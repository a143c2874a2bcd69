import { saasAdminEndpoints, saasAdminResource } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../crud/register-resource.js';
import { bindEndpoint } from '../../http/bind-endpoint.js';
import { requireOperator, type RequestContext } from '../../http/context.js';
import { AppError, fieldError } from '../../lib/app-error.js';
import { toDbId } from '../../lib/ids.js';
import { announcePermissionChange } from '../permissions/announce.js';
import { createAccount, setAccountOpen } from './account-actions.js';
import { resetAccountPassword, updateAccountFields } from './account-fields.js';

const PLATFORM = 0;
const detailColumns = [
  'id',
  'loginName',
  'name',
  'phone',
  'email',
  'adminType',
  'open',
  'headImg',
  'lastLoginAt',
  'lastLoginIp',
  'changePsw',
  'createdAt',
  'updatedAt',
  'version',
] as const;

async function readAdmin(ctx: RequestContext, id: number) {
  const row = await ctx.db
    .selectFrom('admin')
    .where('id', '=', id)
    .where('adminType', '=', PLATFORM)
    .select(detailColumns)
    .executeTakeFirst();
  if (!row) throw new AppError('recordNotFound');
  const roles = await ctx.db
    .selectFrom('adminRole')
    .where('adminId', '=', id)
    .select('roleId')
    .orderBy('roleId')
    .execute();
  return { ...row, id: String(row.id), roleIds: roles.map((r) => String(r.roleId)) };
}

/** Role ids must name existing roles; duplicates collapse. */
async function checkRoles(ctx: RequestContext, wire: string[]): Promise<number[]> {
  const ids = [...new Set(wire.map((v) => Number(v)))];
  if (ids.length === 0) return ids;
  const found = await ctx.db.selectFrom('role').where('id', 'in', ids).select('id').execute();
  if (found.length !== ids.length) throw fieldError('roleIds', '所选角色不存在或已被删除');
  return ids;
}

async function writeRoles(ctx: RequestContext, adminId: number, roleIds: number[]): Promise<void> {
  await ctx.db.deleteFrom('adminRole').where('adminId', '=', adminId).execute();
  if (roleIds.length) {
    await ctx.db
      .insertInto('adminRole')
      .values(roleIds.map((roleId) => ({ adminId, roleId })))
      .execute();
  }
}

/** Platform administrator accounts (账号管理): list, detail, create, edit, enable/disable, reset password. */
export function registerAdmins(app: FastifyInstance): void {
  registerResource(app, saasAdminResource, 'admin', {
    where: (eb) => eb('t.adminType', '=', PLATFORM),
  });

  bindEndpoint(app, saasAdminEndpoints.get, ({ query }, ctx) => readAdmin(ctx, toDbId(query.id)));

  bindEndpoint(app, saasAdminEndpoints.create, async ({ body }, ctx) => {
    const roleIds = await checkRoles(ctx, body.roleIds);
    const { loginName, name, phone, email, password } = body;
    const id = await createAccount(ctx, {
      loginName,
      name,
      phone,
      email,
      password,
      adminType: PLATFORM,
      agentId: null,
    });
    await writeRoles(ctx, id, roleIds);
    ctx.audit.targetId = String(id);
    return readAdmin(ctx, id);
  });

  bindEndpoint(app, saasAdminEndpoints.update, async ({ body }, ctx) => {
    const id = toDbId(body.id);
    const before = await readAdmin(ctx, id);
    ctx.audit.targetId = String(id);
    const changes = await updateAccountFields(ctx, id, before, body);
    if (body.roleIds) {
      const roleIds = await checkRoles(ctx, body.roleIds);
      await writeRoles(ctx, id, roleIds);
      const after = roleIds.map(String).sort();
      if (after.join() !== [...before.roleIds].sort().join()) {
        changes.push({ field: 'roleIds', before: before.roleIds, after });
      }
      // Cached sessions carry permission sets: drop them so the new roles apply on the next request.
      app.sessions.forgetAdmin(id);
      announcePermissionChange(ctx, 'saasAdmin', { ids: [id], action: 'update' });
    }
    ctx.audit.changes = changes;
    return readAdmin(ctx, id);
  });

  bindEndpoint(app, saasAdminEndpoints.delete, async ({ query }, ctx) => {
    const id = toDbId(query.id);
    await readAdmin(ctx, id);
    ctx.audit.targetId = String(id);
    if (requireOperator(ctx).id === id) throw new AppError('stateConflict', { message: '不能删除自己的账号' });
    await app.sessions.revokeAdmin(ctx.db, id, '账号已删除');
    await ctx.db.deleteFrom('admin').where('id', '=', id).execute();
    return null;
  });

  bindEndpoint(app, saasAdminEndpoints.updateOpen, async ({ query }, ctx) => {
    const id = toDbId(query.id);
    const before = await readAdmin(ctx, id);
    ctx.audit.targetId = String(id);
    if (query.open === 0 && requireOperator(ctx).id === id) {
      throw new AppError('stateConflict', { message: '不能停用自己的账号' });
    }
    await setAccountOpen(app, ctx, id, before, query.open);
    return null;
  });

  bindEndpoint(app, saasAdminEndpoints.resetPassword, async ({ query, body }, ctx) => {
    const id = toDbId(query.id);
    await readAdmin(ctx, id);
    ctx.audit.targetId = String(id);
    const answer = await resetAccountPassword(ctx, id, body?.password);
    // Resetting one's own password keeps the current session; everyone else's sessions end.
    const self = requireOperator(ctx);
    await app.sessions.revokeAdmin(ctx.db, id, '密码已重置', self.id === id ? self.sessionId : undefined);
    return answer;
  });
}
