import { sessionEndpoints, sessionResource } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../crud/register-resource.js';
import type { ResourceSelect } from '../../crud/types.js';
import { bindEndpoint } from '../../http/bind-endpoint.js';
import { AppError } from '../../lib/app-error.js';
import { nowIso } from '../../lib/clock.js';
import { toDbId } from '../../lib/ids.js';
import { withClient } from '../../lib/user-agent.js';
import { liveSessionCondition } from './live-condition.js';

/** Live console sessions (在线会话) and force logout. */
export function registerOnlineSessions(app: FastifyInstance): void {
  registerResource(app, sessionResource, 'session', {
    joins: (qb: ResourceSelect) => qb.innerJoin('admin as a', 'a.id', 't.adminId'),
    columns: {
      loginName: 'a.loginName',
      name: 'a.name',
      adminType: 'a.adminType',
      agentId: 'a.agentId',
      client: null,
    },
    hooks: { afterRead: (wire) => withClient(wire) },
    // Only sessions that can still be used: an idle-expired one no longer signs anybody in.
    where: (eb, ctx) => liveSessionCondition(eb, ctx.db, nowIso()),
  });

  bindEndpoint(app, sessionEndpoints.forceLogout, async ({ query }, ctx) => {
    const id = toDbId(query.id);
    ctx.audit.targetId = String(id);
    // Cache and sockets are told at once; the operator's console hears sessionRevoked and signs out.
    const adminId = await app.sessions.revokeSession(ctx.db, id, '已被管理员强制下线');
    if (adminId === null) throw new AppError('recordNotFound');
    return null;
  });
}
