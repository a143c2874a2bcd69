import { type CurrentUser, authEndpoints } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { bindEndpoint } from '../../http/bind-endpoint.js';
import { requireOperator } from '../../http/context.js';
import { diffFields } from '../../http/redact.js';
import { AppError, fieldError } from '../../lib/app-error.js';
import { nowIso } from '../../lib/clock.js';
import { hashPassword, verifyPassword } from '../../credentials/passwords.js';

async function currentUser(db: Kysely<Database>, adminId: number): Promise<CurrentUser> {
  const row = await db
    .selectFrom('admin')
    .leftJoin('agent', 'agent.id', 'admin.agentId')
    .where('admin.id', '=', adminId)
    .select([
      'admin.id',
      'admin.name',
      'admin.loginName',
      'admin.adminType',
      'admin.agentId',
      'admin.headImg',
      'admin.changePsw',
      'admin.phone',
      'admin.email',
      'admin.lastLoginAt',
      'agent.direct',
      'agent.name as agentName',
    ])
    .executeTakeFirst();
  if (!row) throw new AppError('notSignedIn');
  return {
    id: String(row.id),
    name: row.name,
    loginName: row.loginName,
    adminType: row.adminType,
    agentId: row.agentId === null ? null : String(row.agentId),
    agentName: row.agentName ?? null,
    headImg: row.headImg,
    changePsw: row.changePsw === 1 ? 1 : 0,
    agentAdminDirect: row.direct === 1 ? 1 : 0,
    phone: row.phone,
    email: row.email,
    lastLoginAt: row.lastLoginAt,
  };
}

/** The signed-in operator's own account: who am I, change my password, edit my profile. */
export function registerProfileRoutes(app: FastifyInstance): void {
  bindEndpoint(app, authEndpoints.info, async (_input, ctx) => currentUser(ctx.db, requireOperator(ctx).id));

  bindEndpoint(app, authEndpoints.changePassword, async ({ body }, ctx) => {
    const operator = requireOperator(ctx);
    ctx.audit.targetId = String(operator.id);
    const row = await ctx.db
      .selectFrom('admin')
      .where('id', '=', operator.id)
      .select('passwordHash')
      .executeTakeFirstOrThrow();
    if (!(await verifyPassword(row.passwordHash, body.oldPassword))) {
      throw new AppError('wrongPassword', { fieldErrors: { oldPassword: '原密码错误' } });
    }
    if (body.newPassword === body.oldPassword) throw fieldError('newPassword', '新密码不能与原密码相同');
    const passwordHash = await hashPassword(body.newPassword);
    await ctx.db
      .updateTable('admin')
      .set((eb) => ({ passwordHash, changePsw: 0, updatedAt: nowIso(), version: eb('version', '+', 1) }))
      .where('id', '=', operator.id)
      .execute();
    // Whoever else holds this account's sessions is signed out; no browser stays remembered.
    await app.sessions.revokeAdmin(ctx.db, operator.id, 'password-change', operator.sessionId);
    return null;
  });

  bindEndpoint(app, authEndpoints.updateProfile, async ({ body }, ctx) => {
    const operator = requireOperator(ctx);
    const before = await currentUser(ctx.db, operator.id);
    const next = {
      name: body.name,
      headImg: body.headImg,
      phone: body.phone ?? before.phone,
      email: body.email ?? before.email,
    };
    await ctx.db
      .updateTable('admin')
      .set((eb) => ({ ...next, updatedAt: nowIso(), version: eb('version', '+', 1) }))
      .where('id', '=', operator.id)
      .execute();
    ctx.audit.targetId = String(operator.id);
    ctx.audit.changes = diffFields(before, next);
    // The cached session carries the display name; let the next request read it afresh.
    app.sessions.forgetAdmin(operator.id);
    return currentUser(ctx.db, operator.id);
  });
}
