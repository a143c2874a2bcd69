import { sessionEndpoints, sessionResource } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../crud/register-resource.js';
import type { LooseSelect } from '../../crud/types.js';
import { bindEndpoint } from '../../http/bind-endpoint.js';
import { AppError } from '../../lib/app-error.js';
import { nowIso } from '../../lib/clock.js';
import { toDbId } from '../../lib/ids.js';

/** Live console sessions (在线会话) and force logout. */
export function registerOnlineSessions(app: FastifyInstance): void {
  registerResource(app, sessionResource, 'session', {
    joins: (qb: LooseSelect) => qb.innerJoin('admin as a', 'a.id', 't.adminId'),
    columns: { loginName: 'a.loginName', name: 'a.name', adminType: 'a.adminType', agentId: 'a.agentId' },
    // Only sessions that can still be used: not revoked, not past their absolute expiry.
    where: (eb) => eb.and([eb('t.revokedAt', 'is', null), eb('t.expiresAt', '>', nowIso())]),
  });

  bindEndpoint(app, sessionEndpoints.forceLogout, async ({ query }, ctx) => {
    const id = toDbId(query.id);
    const row = await ctx.db
      .selectFrom('session')
      .where('id', '=', id)
      .where('revokedAt', 'is', null)
      .select(['id', 'adminId'])
      .executeTakeFirst();
    if (!row) throw new AppError('recordNotFound');
    ctx.audit.targetId = String(id);
    await ctx.db
      .updateTable('session')
      .set({ revokedAt: nowIso(), revokeReason: '被管理员强制下线' })
      .where('id', '=', id)
      .execute();
    // The account's cached lookups go; its other sessions re-read as live, this one as revoked.
    app.sessions.forgetAdmin(row.adminId);
    return null;
  });
}
