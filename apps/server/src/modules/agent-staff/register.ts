import { agentStaffEndpoints, agentStaffResource } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import { generatePassword } from '../../credentials/generate-password.js';
import { PROVIDER_STAFF } from '../../credentials/operator-permissions.js';
import { registerResource } from '../../crud/register-resource.js';
import { bindEndpoint } from '../../http/bind-endpoint.js';
import { requireOperator, type RequestContext } from '../../http/context.js';
import { AppError } from '../../lib/app-error.js';
import { toDbId } from '../../lib/ids.js';
import { announcePermissionChange } from '../permissions/announce.js';
import { createAccount, setAccountOpen } from '../admins/account-actions.js';
import { resetAccountPassword, updateAccountFields } from '../admins/account-fields.js';
import { checkGrant, effectiveGrant, grantableTree, writeGrant } from './grants.js';
import { insertStamped } from '../../db/sample-rows.js';
import { uniqueSampleNo } from '../../lib/sample-no.js';

const PROVIDER_ADMIN = 1;
const detailColumns = [
  'id',
  'agentId',
  'loginName',
  'name',
  'phone',
  'email',
  'open',
  'lastLoginAt',
  'lastLoginIp',
  'changePsw',
  'createdAt',
  'updatedAt',
  'version',
] as const;

/**
 * The provider of the signed-in provider administrator. Staff never reach here (the codes are
 * outside any staff grant), and this says so again where the rule matters most.
 */
function ownProvider(ctx: RequestContext): number {
  const operator = requireOperator(ctx);
  if (operator.adminType !== PROVIDER_ADMIN || operator.agentId === null) throw new AppError('forbidden');
  return operator.agentId;
}

/** One of the provider's own operators; anyone else (another provider's, an administrator) reads as missing. */
async function readStaff(ctx: RequestContext, agentId: number, id: number) {
  const row = await ctx.db
    .selectFrom('admin')
    .where('id', '=', id)
    .where('adminType', '=', PROVIDER_STAFF)
    .where('agentId', '=', agentId)
    .select(detailColumns)
    .executeTakeFirst();
  if (!row) throw new AppError('recordNotFound');
  return {
    ...row,
    id: String(row.id),
    agentId: String(agentId),
    menuIds: await effectiveGrant(ctx, agentId, row.id),
  };
}

/** 实施人员: a provider administrator's own operator accounts and their menu grants. */
export function registerAgentStaff(app: FastifyInstance): void {
  registerResource(app, agentStaffResource, 'admin', {
    where: (eb) => eb('t.adminType', '=', PROVIDER_STAFF),
    seed: ({ db, agentId }) =>
      insertStamped(db, 'admin', {
        loginName: uniqueSampleNo(`staff_${agentId}_`),
        name: '隔离测试',
        phone: '',
        email: '',
        adminType: PROVIDER_STAFF,
        agentId,
        passwordHash: 'not-a-real-hash',
        open: 1,
        headImg: '',
        changePsw: 1,
        failedCount: 0,
      }),
  });

  bindEndpoint(app, agentStaffEndpoints.get, ({ query }, ctx) => readStaff(ctx, ownProvider(ctx), toDbId(query.id)));

  bindEndpoint(app, agentStaffEndpoints.getMenu, (_input, ctx) => grantableTree(ctx, ownProvider(ctx)));

  bindEndpoint(app, agentStaffEndpoints.create, async ({ body }, ctx) => {
    const agentId = ownProvider(ctx);
    const menuIds = await checkGrant(ctx, agentId, body.menuIds);
    const password = generatePassword();
    // The administrator sees the password: the operator replaces it at the first sign-in.
    const { loginName, name, phone, email } = body;
    const id = await createAccount(ctx, {
      loginName,
      name,
      phone,
      email,
      password,
      adminType: PROVIDER_STAFF,
      agentId,
    });
    await writeGrant(ctx, id, menuIds);
    ctx.audit.targetId = String(id);
    announcePermissionChange(ctx, 'agentStaff', { agentId, ids: [id], action: 'create' });
    // Answered this once only; never stored in clear, never logged (the log records the request).
    return { ...(await readStaff(ctx, agentId, id)), password };
  });

  bindEndpoint(app, agentStaffEndpoints.update, async ({ body }, ctx) => {
    const agentId = ownProvider(ctx);
    const id = toDbId(body.id);
    const before = await readStaff(ctx, agentId, id);
    ctx.audit.targetId = String(id);
    const changes = await updateAccountFields(ctx, id, before, body);
    if (body.menuIds) {
      const menuIds = await checkGrant(ctx, agentId, body.menuIds);
      await writeGrant(ctx, id, menuIds);
      const after = menuIds.map(String);
      if (after.join() !== before.menuIds.join()) changes.push({ field: 'menuIds', before: before.menuIds, after });
      // The operator's console hears of it and reloads its menus; cached permission sets go now.
      app.sessions.forgetAdmin(id);
    }
    ctx.audit.changes = changes;
    announcePermissionChange(ctx, 'agentStaff', { agentId, ids: [id], action: 'update' });
    return readStaff(ctx, agentId, id);
  });

  bindEndpoint(app, agentStaffEndpoints.updateOpen, async ({ query }, ctx) => {
    const agentId = ownProvider(ctx);
    const id = toDbId(query.id);
    const before = await readStaff(ctx, agentId, id);
    ctx.audit.targetId = String(id);
    await setAccountOpen(app, ctx, id, before, query.open);
    announcePermissionChange(ctx, 'agentStaff', { agentId, ids: [id], action: 'update' });
    return null;
  });

  bindEndpoint(app, agentStaffEndpoints.resetPassword, async ({ query, body }, ctx) => {
    const agentId = ownProvider(ctx);
    const id = toDbId(query.id);
    await readStaff(ctx, agentId, id);
    ctx.audit.targetId = String(id);
    const answer = await resetAccountPassword(ctx, id, body?.password);
    await app.sessions.revokeAdmin(ctx.db, id, '密码已重置');
    announcePermissionChange(ctx, 'agentStaff', { agentId, ids: [id], action: 'update' });
    return answer;
  });
}
