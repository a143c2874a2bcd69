import { homeUserEndpoints, homeUserResource, staffAppletEndpoints, staffAppletUserResource } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { parseId } from '../../crud/codec.js';
import { registerResource } from '../../crud/register-resource.js';
import type { CustomFilter } from '../../crud/types.js';
import { bindEndpoint } from '../../http/bind-endpoint.js';
import type { RequestContext } from '../../http/context.js';
import { AppError, fieldError } from '../../lib/app-error.js';
import { nowIso } from '../../lib/clock.js';
import { toDbId } from '../../lib/ids.js';
import { emitAfterCommit } from '../../plugins/events.js';
import { storeAndAgentColumns, withStoreAndAgent } from '../stores/joins.js';
import { chinaDates, distinctValues, userStatistics } from './statistics.js';
import { StatisticsCache } from './statistics-cache.js';

const optionalId = (v: string | undefined) => (v === undefined ? undefined : toDbId(v));

// Owners and staff carry no enterprise of their own: the filter goes through their store.
const byEnterprise: CustomFilter = (eb, value) =>
  eb(
    't.storeId',
    'in',
    eb
      .selectFrom('store')
      .select('store.id')
      .where('store.enterpriseId', '=', toDbId(value as string)),
  );
const statisticsScope = (body: { agentId?: string; enterpriseId?: string; storeId?: string }) => ({
  agentId: optionalId(body.agentId),
  enterpriseId: optionalId(body.enterpriseId),
  storeId: optionalId(body.storeId),
});

/** Store owners (店主账号) and store staff (门店员工): lists, dates, statistics, openId release. */
export function registerUsers(app: FastifyInstance): void {
  const customFilters = { enterpriseId: byEnterprise };
  registerResource(app, homeUserResource, 'homeUser', {
    joins: withStoreAndAgent,
    columns: storeAndAgentColumns,
    customFilters,
  });
  registerResource(app, staffAppletUserResource, 'staffAppletUser', {
    joins: withStoreAndAgent,
    columns: storeAndAgentColumns,
    customFilters,
  });

  bindEndpoint(app, homeUserEndpoints.updateExpireDate, async ({ query }, ctx) => {
    const change = { id: parseId(query.id), date: query.expireDate, version: query.version };
    await setDate(ctx, 'homeUser', 'expireDate', change, homeUserResource.name);
    // The reason is the point of the record: it goes into the logged action, beside the date's before/after.
    ctx.audit.action = `修改店主账号到期日（原因：${query.reason}）`;
    return null;
  });
  const statistics = new StatisticsCache(app.hasDecorator('events') ? app.events : undefined);
  // Keyed by the resource (what `resourceChanged` names), the day and the effective scope.
  const statisticsKey = (resource: string, scope: ReturnType<typeof statisticsScope>, ctx: RequestContext) =>
    `${resource}|${chinaDates().today}|${JSON.stringify({ ...scope, agentId: ctx.scope.agentId ?? scope.agentId })}`;
  // The unfiltered platform figures aggregate every row (~300 ms at a million staff on SQLite): count
  // them once when the server is ready, in the background, so the first visit finds them cached.
  app.addHook('onReady', () => {
    const everyone = { scope: { agentId: null } } as RequestContext;
    const none = statisticsScope({});
    const warm = (resource: string, table: 'homeUser' | 'staffAppletUser', column: 'expireDate' | 'dueDate') =>
      statistics
        .get(statisticsKey(resource, none, everyone), () => userStatistics(app.db, table, column, everyone.scope, none))
        .catch((err: unknown) => app.log.warn({ err }, '统计预热失败'));
    void warm(homeUserResource.name, 'homeUser', 'expireDate').then(() =>
      warm(staffAppletUserResource.name, 'staffAppletUser', 'dueDate'),
    );
  });
  bindEndpoint(app, homeUserEndpoints.headStatistics, ({ body }, ctx) => {
    const scope = statisticsScope(body);
    return statistics.get(statisticsKey(homeUserResource.name, scope, ctx), () =>
      userStatistics(ctx.db, 'homeUser', 'expireDate', ctx.scope, scope),
    );
  });
  bindEndpoint(app, homeUserEndpoints.appVersions, (_input, ctx) =>
    distinctValues(ctx.db, 'homeUser', 'appVersion', ctx.scope),
  );

  bindEndpoint(app, staffAppletEndpoints.updateDueDate, async ({ body }, ctx) => {
    const change = { id: parseId(body.id), date: body.dueDate, version: body.version };
    await setDate(ctx, 'staffAppletUser', 'dueDate', change, staffAppletUserResource.name);
    return null;
  });
  // All or nothing: the whole batch runs in the endpoint's one transaction, and any missing,
  // foreign or since-changed (stale version) row throws, which rolls back every date already written.
  bindEndpoint(app, staffAppletEndpoints.batchUpdateDueDate, async ({ body }, ctx) => {
    const ids = body.items.map((item) => toDbId(item.id));
    if (new Set(ids).size !== ids.length) throw fieldError('items', '同一员工不能出现两次');
    const changes: { field: string; before: unknown; after: unknown }[] = [];
    for (const [i, item] of body.items.entries()) {
      const id = ids[i] as number;
      let read = ctx.db.selectFrom('staffAppletUser').select(['dueDate', 'version']).where('id', '=', id);
      if (ctx.scope.agentId !== null) read = read.where('agentId', '=', ctx.scope.agentId);
      const row = await read.executeTakeFirst();
      if (!row) {
        throw new AppError('recordNotFound', {
          message: `第 ${i + 1} 条员工不存在或已被删除，未做任何修改`,
          fieldErrors: { [`items.${i}.id`]: '员工不存在或已被删除' },
        });
      }
      const result = await ctx.db
        .updateTable('staffAppletUser')
        .set({ dueDate: item.dueDate, updatedAt: nowIso(), version: sql`version + 1` })
        .where('id', '=', id)
        .where('version', '=', item.version)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) {
        throw new AppError('versionConflict', {
          message: `第 ${i + 1} 条员工已被他人修改，未做任何修改，请刷新后重试`,
          fieldErrors: { [`items.${i}.id`]: '已被他人修改' },
        });
      }
      changes.push({ field: `dueDate#${item.id}`, before: row.dueDate, after: item.dueDate });
    }
    ctx.audit.targetId = ids.join(',');
    ctx.audit.changes = changes;
    emitAfterCommit(ctx.req, 'resourceChanged', {
      resource: staffAppletUserResource.name,
      agentId: ctx.scope.agentId,
      ids: body.items.map((item) => item.id),
      action: 'update',
    });
    return { updated: ids.length };
  });
  bindEndpoint(app, staffAppletEndpoints.statistics, ({ body }, ctx) => {
    const scope = statisticsScope(body);
    return statistics.get(statisticsKey(staffAppletUserResource.name, scope, ctx), () =>
      userStatistics(ctx.db, 'staffAppletUser', 'dueDate', ctx.scope, scope),
    );
  });
  bindEndpoint(app, staffAppletEndpoints.clearOpenId, async ({ query }, ctx) => {
    const id = parseId(query.id);
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
  { id, date, version }: { id: number; date: string; version: number },
  resource: string,
): Promise<void> {
  const row = await scopedRow(ctx, table, id);
  ctx.audit.targetId = String(id);
  const result = await ctx.db
    .updateTable(table)
    .set({ [column]: date, updatedAt: nowIso(), version: sql`version + 1` })
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new AppError('versionConflict');
  ctx.audit.changes = [{ field: column, before: row[column], after: date }];
  emitAfterCommit(ctx.req, 'resourceChanged', { resource, agentId: row.agentId, ids: [String(id)], action: 'update' });
}
