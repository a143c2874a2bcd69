import {
  agentOperationLogResource,
  loginLogResource,
  operationLogEndpoints,
  operationLogResource,
  signInLockEndpoints,
  signInLockResource,
} from '@console/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { registerResource } from '../../crud/register-resource.js';
import { withClient } from '../../lib/user-agent.js';
import { bindEndpoint } from '../../http/bind-endpoint.js';
import type { RequestContext } from '../../http/context.js';
import { AppError } from '../../lib/app-error.js';
import { nowIso } from '../../lib/clock.js';
import { toDbId } from '../../lib/ids.js';
import { registerRecordHistory } from './record-history.js';

async function readLog(ctx: RequestContext, id: number, agentId: number | null) {
  let q = ctx.db.selectFrom('operationLog').where('id', '=', id).selectAll();
  if (agentId !== null) q = q.where('agentId', '=', agentId);
  const row = await q.executeTakeFirst();
  if (!row) throw new AppError('recordNotFound');
  const wireId = (v: number | null) => (v === null ? null : String(v));
  return {
    ...row,
    id: String(row.id),
    operatorId: wireId(row.operatorId),
    agentId: wireId(row.agentId),
    actingAdminId: wireId(row.actingAdminId),
    params: JSON.parse(row.params) as unknown,
    changes: JSON.parse(row.changes) as { field: string; before: unknown; after: unknown }[],
  };
}

/** The operation log (platform-wide and per provider) and the sign-in log: read-only lists. */
export function registerLogs(app: FastifyInstance): void {
  registerResource(app, operationLogResource, 'operation_log');
  registerResource(app, loginLogResource, 'login_log', {
    columns: { client: null },
    hooks: { afterRead: (wire) => withClient(wire) },
  });
  // 登录锁定: pairs locked now; lifting one forgives its failures too, so it starts afresh.
  registerResource(app, signInLockResource, 'sign_in_failure', {
    columns: { sourceKind: sql<number>`case when t.source like 'device:%' then 2 else 1 end` },
    where: (eb) => eb('t.lockedUntil', '>', nowIso()),
  });
  bindEndpoint(app, signInLockEndpoints.unlock, async ({ query }, ctx) => {
    const id = toDbId(query.id);
    ctx.audit.targetId = String(id);
    const row = await ctx.db
      .deleteFrom('signInFailure')
      .where('id', '=', id)
      .where('lockedUntil', '>', nowIso())
      .returning(['loginName', 'source'])
      .executeTakeFirst();
    if (!row) throw new AppError('recordNotFound');
    ctx.audit.changes = [{ field: 'lockedUntil', before: `${row.loginName} ${row.source}`, after: null }];
    return null;
  });
  registerResource(app, agentOperationLogResource, 'operation_log', {
    seed: async ({ db, agentId }) => {
      const row = await db
        .insertInto('operationLog')
        .values({
          operatorId: null,
          operatorName: '隔离测试',
          adminType: 1,
          agentId,
          module: '门店管理',
          action: '新增门店',
          method: 'POST',
          path: '/api/store/create',
          params: '{}',
          changes: '[]',
          targetId: null,
          result: 1,
          errMsg: '',
          ip: '127.0.0.1',
          userAgent: '',
          durationMs: 1,
          at: nowIso(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
  });

  bindEndpoint(app, operationLogEndpoints.get, ({ query }, ctx) => readLog(ctx, toDbId(query.id), null));
  // A provider reads only its own rows; another provider's id answers as a missing one.
  bindEndpoint(app, operationLogEndpoints.agentGet, ({ query }, ctx) =>
    readLog(ctx, toDbId(query.id), ctx.scope.agentId ?? -1),
  );
  registerRecordHistory(app);
}
