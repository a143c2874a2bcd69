import { freeAuthCodeEndpoints, freeAuthCodeResource } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { registerResource } from '../../crud/register-resource.js';
import type { DbRow, ResourceEb, ResourceSelect } from '../../crud/types.js';
import { bindEndpoint } from '../../http/bind-endpoint.js';
import { AppError, fieldError } from '../../lib/app-error.js';
import { chinaDate, nowIso } from '../../lib/clock.js';
import { toDbId } from '../../lib/ids.js';
import { emitAfterCommit } from '../../plugins/events.js';
import { requireActiveAgent } from '../agents/active-agent.js';
import { configValue } from '../system-config/values.js';
import { assignFreeAuthCode } from './assign.js';
import { freeAuthCodeText } from './code-text.js';
import { insertStamped } from '../../db/sample-rows.js';

const UNUSED = 0;
const VOID = 2;
const EXPIRED = 3;

/** 已过期 is an unused code past its last day; stored rows keep status 0. */
const statusFilter = (eb: ResourceEb, value: unknown) => {
  const today = chinaDate();
  if (value === EXPIRED) return eb.and([eb('t.status', '=', UNUSED), eb('t.expireDate', '<', today)]);
  if (value === UNUSED) return eb.and([eb('t.status', '=', UNUSED), eb('t.expireDate', '>=', today)]);
  return eb('t.status', '=', value as number);
};
const afterRead = (wire: DbRow): DbRow =>
  wire.status === UNUSED && String(wire.expireDate) < chinaDate() ? { ...wire, status: EXPIRED } : wire;

const numberOr = async (ctx: { db: Parameters<typeof configValue>[0] }, key: string, fallback: number) => {
  const n = Number(await configValue(ctx.db, key, String(fallback)));
  return Number.isSafeInteger(n) && n > 0 ? n : fallback;
};

/**
 * 免授权码: the platform generates codes for a provider (within the monthly quota of the
 * 免授权码策略) and voids unused ones; the provider hands one to its own store, once.
 */
export function registerFreeAuthCodes(app: FastifyInstance): void {
  registerResource(app, freeAuthCodeResource, 'free_auth_code', {
    joins: (qb: ResourceSelect) =>
      qb
        .leftJoin('store as s', 's.id', 't.storeId')
        .leftJoin('agent as a', 'a.id', 't.agentId')
        .leftJoin('edition as e', 'e.id', 't.editionId'),
    columns: { storeName: 's.name', agentName: 'a.name', editionName: 'e.name' },
    customFilters: { status: statusFilter },
    hooks: { afterRead },
    seed: ({ db, agentId }) =>
      insertStamped(db, 'freeAuthCode', {
        agentId,
        code: freeAuthCodeText(),
        days: 30,
        status: 0,
        expireDate: chinaDate(30),
        remark: '',
      }),
  });

  bindEndpoint(app, freeAuthCodeEndpoints.generate, async ({ body }, ctx) => {
    const agentId = toDbId(body.agentId);
    await requireActiveAgent(ctx, agentId, '该服务商不是正常状态，不能发放免授权码');
    const edition = await ctx.db
      .selectFrom('edition')
      .select(['id', 'status'])
      .where('id', '=', toDbId(body.editionId))
      .executeTakeFirst();
    if (!edition) throw fieldError('editionId', '版本不存在');
    if (edition.status !== 1) throw fieldError('editionId', '该版本已停用');

    const quota = await numberOr(ctx, 'freeAuthCodeMonthlyQuota', 20);
    const monthStart = `${chinaDate().slice(0, 8)}01`;
    // The month in China starts at 16:00 UTC of the day before.
    const since = new Date(Date.parse(`${monthStart}T00:00:00+08:00`)).toISOString();
    const used = await ctx.db
      .selectFrom('freeAuthCode')
      .select(sql<number>`count(*)`.as('n'))
      .where('agentId', '=', agentId)
      .where('createdAt', '>=', since)
      .executeTakeFirstOrThrow();
    const left = quota - Number(used.n);
    if (body.count > left) {
      throw fieldError(
        'count',
        `超出该服务商本月免授权码额度（每月 ${quota} 个，本月还可生成 ${Math.max(left, 0)} 个）`,
      );
    }

    const expireDate = chinaDate(await numberOr(ctx, 'freeAuthCodeValidDays', 30));
    const now = nowIso();
    const codes = new Set<string>();
    while (codes.size < body.count) codes.add(freeAuthCodeText());
    await ctx.db
      .insertInto('freeAuthCode')
      .values(
        [...codes].map((code) => ({
          agentId,
          code,
          editionId: edition.id,
          days: body.days,
          status: UNUSED,
          expireDate,
          remark: body.remark,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .execute();
    ctx.audit.targetId = String(agentId);
    ctx.audit.changes = [{ field: 'count', before: null, after: body.count }];
    emitAfterCommit(ctx.req, 'resourceChanged', {
      resource: freeAuthCodeResource.name,
      agentId,
      ids: [],
      action: 'create',
    });
    return { count: body.count, expireDate };
  });

  // All or none: any used or void code in the selection refuses the whole void.
  bindEndpoint(app, freeAuthCodeEndpoints.void, async ({ body }, ctx) => {
    const ids = [...new Set(body.ids.map(toDbId))];
    const rows = await ctx.db
      .selectFrom('freeAuthCode')
      .select(['id', 'code', 'status'])
      .where('id', 'in', ids)
      .execute();
    if (rows.length !== ids.length) throw new AppError('recordNotFound');
    const stuck = rows.find((r) => r.status !== UNUSED);
    if (stuck) {
      const why = stuck.status === VOID ? '已作废' : '已使用，不能作废';
      throw new AppError('stateConflict', { message: `免授权码 ${stuck.code} ${why}` });
    }
    const done = await ctx.db
      .updateTable('freeAuthCode')
      .set({ status: VOID, updatedAt: nowIso(), version: sql`version + 1` })
      .where('id', 'in', ids)
      .where('status', '=', UNUSED)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) !== ids.length) {
      throw new AppError('versionConflict', { message: '部分免授权码刚被使用，请刷新后重试' });
    }
    ctx.audit.targetId = ids.join(',').slice(0, 200);
    ctx.audit.changes = rows.map((r) => ({ field: `status#${r.code}`, before: r.status, after: VOID }));
    emitAfterCommit(ctx.req, 'resourceChanged', {
      resource: freeAuthCodeResource.name,
      agentId: null,
      ids: ids.map(String),
      action: 'update',
    });
    return { voided: ids.length };
  });

  bindEndpoint(app, freeAuthCodeEndpoints.assign, ({ body }, ctx) => assignFreeAuthCode(ctx, body));
}
