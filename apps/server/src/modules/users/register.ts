import { homeUserEndpoints, homeUserResource, staffAppletEndpoints, staffAppletUserResource } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { registerResource } from '../../crud/register-resource.js';
import { bindEndpoint } from '../../http/bind-endpoint.js';
import type { RequestContext } from '../../http/context.js';
import { AppError, fieldError } from '../../lib/app-error.js';
import { nowIso } from '../../lib/clock.js';
import { toDbId } from '../../lib/ids.js';
import { emitAfterCommit } from '../../plugins/events.js';
import { storeAndAgentColumns, withStoreAndAgent } from '../stores/joins.js';
import { distinctValues, userStatistics } from './statistics.js';

const optionalId = (v: string | undefined) => (v === undefined ? undefined : toDbId(v));

/** Store owners (店主账号) and store staff (门店员工): lists, dates, statistics, openId release. */
export function registerUsers(app: FastifyInstance): void {
  registerResource(app, homeUserResource, 'homeUser', { joins: withStoreAndAgent, columns: storeAndAgentColumns });
  registerResource(app, staffAppletUserResource, 'staffAppletUser', {
    joins: withStoreAndAgent,
    columns: storeAndAgentColumns,
  });

  bindEndpoint(app, homeUserEndpoints.updateExpireDate, async ({ query }, ctx) => {
    await setDate(ctx, 'homeUser', 'expireDate', toDbId(query.id), query.expireDate, homeUserResource.name);
    return null;
  });
  bindEndpoint(app, homeUserEndpoints.headStatistics, ({ body }, ctx) =>
    userStatistics(ctx.db, 'homeUser', 'expireDate', ctx.scope, {
      agentId: optionalId(body.agentId),
      storeId: optionalId(body.storeId),
    }),
  );
  bindEndpoint(app, homeUserEndpoints.appVersions, (_input, ctx) =>
    distinctValues(ctx.db, 'homeUser', 'appVersion', ctx.scope),
  );

  bindEndpoint(app, staffAppletEndpoints.updateDueDate, async ({ body }, ctx) => {
    await setDate(ctx, 'staffAppletUser', 'dueDate', toDbId(body.id), body.dueDate, staffAppletUserResource.name);
    return null;
  });
  // All or nothing: the whole batch runs in the endpoint's one transaction, and any missing or
  // foreign row throws, which rolls back every date already written.
  bindEndpoint(app, staffAppletEndpoints.batchUpdateDueDate, async ({ body }, ctx) => {
    const ids = body.items.map((item) => toDbId(item.id));
    if (new Set(ids).size !== ids.length) throw fieldError('items', '同一员工不能出现两次');
    for (const [i, item] of body.items.entries()) {
      const id = ids[i] as number;
      let q = ctx.db
        .updateTable('staffAppletUser')
        .set({ dueDate: item.dueDate, updatedAt: nowIso(), version: sql`version + 1` })
        .where('id', '=', id);
      if (ctx.scope.agentId !== null) q = q.where('agentId', '=', ctx.scope.agentId);
      const result = await q.executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) {
        throw new AppError('recordNotFound', {
          message: `第 ${i + 1} 条员工不存在或已被删除，未做任何修改`,
          fieldErrors: { [`items.${i}.id`]: '员工不存在或已被删除' },
        });
      }
    }
    ctx.audit.targetId = ids.join(',');
    ctx.audit.changes = body.items.map((item) => ({ field: `dueDate#${item.id}`, before: null, after: item.dueDate }));
    emitAfterCommit(ctx.req, 'resourceChanged', {
      resource: staffAppletUserResource.name,
      agentId: ctx.scope.agentId,
      ids: body.items.map((item) => item.id),
      action: 'update',
    });
    return { updated: ids.length };
  });
  bindEndpoint(app, staffAppletEndpoints.statistics, ({ body }, ctx) =>
    userStatistics(ctx.db, 'staffAppletUser', 'dueDate', ctx.scope, {
      agentId: optionalId(body.agentId),
      storeId: optionalId(body.storeId),
    }),
  );
  bindEndpoint(app, staffAppletEndpoints.clearOpenId, async ({ query }, ctx) => {
    const id = toDbId(query.id);
    const row = await scopedRow(ctx, 'staffAppletUser', id);
    await ctx.db
      .updateTable('staffAppletUser')
      .set({ openId: null, updatedAt: nowIso(), version: sql`version + 1` })
      .where('id', '=', id)
      .execute();
    ctx.audit.targetId = String(id);
    ctx.audit.changes = [{ field: 'openId', before: row.openId ? '（已绑定）' : null, after: null }];
    emitAfterCommit(ctx.req, 'resourceChanged', {
      resource: staffAppletUserResource.name,
      agentId: row.agentId,
      ids: [String(id)],
      action: 'update',
    });
    return null;
  });
  bindEndpoint(app, staffAppletEndpoints.deviceTypes, (_input, ctx) =>
    distinctValues(ctx.db, 'staffAppletUser', 'deviceType', ctx.scope),
  );
  bindEndpoint(app, staffAppletEndpoints.appVersions, (_input, ctx) =>
    distinctValues(ctx.db, 'staffAppletUser', 'appVersion', ctx.scope),
  );
}

async function scopedRow(ctx: RequestContext, table: 'homeUser' | 'staffAppletUser', id: number) {
  let q = ctx.db.selectFrom(table).selectAll().where('id', '=', id);
  if (ctx.scope.agentId !== null) q = q.where('agentId', '=', ctx.scope.agentId);
  const row = await q.executeTakeFirst();
  if (!row) throw new AppError('recordNotFound');
  return row as { agentId: number; openId?: string | null } & Record<string, unknown>;
}

async function setDate(
  ctx: RequestContext,
  table: 'homeUser' | 'staffAppletUser',
  column: 'expireDate' | 'dueDate',
  id: number,
  date: string,
  resource: string,
): Promise<void> {
  const row = await scopedRow(ctx, table, id);
  await ctx.db
    .updateTable(table)
    .set({ [column]: date, updatedAt: nowIso(), version: sql`version + 1` })
    .where('id', '=', id)
    .execute();
  ctx.audit.targetId = String(id);
  ctx.audit.changes = [{ field: column, before: row[column], after: date }];
  emitAfterCommit(ctx.req, 'resourceChanged', { resource, agentId: row.agentId, ids: [String(id)], action: 'update' });
}
