import { recycleStoreResource, storeApplicationResource, storeEndpoints, storeResource } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { registerResource } from '../../crud/register-resource.js';
import { ResourceQuery } from '../../crud/query.js';
import { RowCodec } from '../../crud/codec.js';
import { anyTableDb } from '../../crud/types.js';
import { bindEndpoint } from '../../http/bind-endpoint.js';
import type { RequestContext } from '../../http/context.js';
import { diffFields } from '../../http/redact.js';
import { referenceOptionsGuard } from '../../http/reference-options.js';
import { AppError } from '../../lib/app-error.js';
import { nowIso } from '../../lib/clock.js';
import { toDbId } from '../../lib/ids.js';
import { agentNameColumn, withAgentName } from './joins.js';
import { tellProvider } from './review-notice.js';
import { registerStorePurge } from './store-purge.js';
import { bumpStoreCount } from './store-helpers.js';
import { storeViewsChanged } from './store-views.js';

const PENDING = 0;
const NORMAL = 1;
const RECYCLED = 4;

const storeJoins = {
  joins: withStoreNames,
  columns: { ...agentNameColumn, enterpriseName: 'e.name' },
};
function withStoreNames(qb: Parameters<typeof withAgentName>[0]) {
  return withAgentName(qb).leftJoin('enterprise as e', 'e.id', 't.enterpriseId');
}

/**
 * The platform's side of the store lifecycle: applications (status 0) approved or rejected, and
 * the recycle bin (status 4) from which a store returns to the status it had, or is deleted for
 * good (store-purge.ts). Both lists are views over the store table with their own permissions.
 */
export function registerStoreReview(app: FastifyInstance): void {
  registerResource(app, storeApplicationResource, 'store', {
    ...storeJoins,
    where: (eb) => eb(sql.ref('t.status'), '=', PENDING),
  });
  registerResource(app, recycleStoreResource, 'store', {
    ...storeJoins,
    where: (eb) => eb(sql.ref('t.status'), '=', RECYCLED),
  });

  const all = new ResourceQuery(storeResource, 'store', storeJoins);
  const codec = new RowCodec(storeResource);
  const readWire = async (id: number, ctx: RequestContext) => {
    const row = await all.readById(anyTableDb(ctx), ctx, id);
    if (!row) throw new AppError('recordNotFound');
    return codec.toEntity(row);
  };

  bindEndpoint(app, storeEndpoints.pendingCount, async (_input, ctx) => {
    const row = await ctx.db
      .selectFrom('store')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', PENDING)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  });

  /** Moves one store from `from` to the patch, refusing a stale version or a store in another state. */
  const transition = async (
    ctx: RequestContext,
    id: number,
    from: number,
    version: number,
    patch: Record<string, unknown>,
  ) => {
    const existing = await ctx.db.selectFrom('store').selectAll().where('id', '=', id).executeTakeFirst();
    if (!existing) throw new AppError('recordNotFound');
    ctx.audit.targetId = String(id);
    if (existing.version !== version) throw new AppError('versionConflict');
    if (existing.status !== from) throw new AppError('stateConflict');
    const result = await ctx.db
      .updateTable('store')
      .set({ ...patch, updatedAt: nowIso(), version: sql`version + 1` })
      .where('id', '=', id)
      .where('status', '=', from)
      .where('version', '=', existing.version)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw new AppError('versionConflict');
    ctx.audit.changes = diffFields(existing, patch);
    storeViewsChanged(ctx, id, existing.agentId, 'update');
    return existing;
  };

  bindEndpoint(app, storeEndpoints.approve, async ({ body }, ctx) => {
    const id = toDbId(body.id);
    const store = await transition(ctx, id, PENDING, body.version, {
      status: NORMAL,
      reviewedAt: nowIso(),
      rejectReason: '',
    });
    await tellProvider(app, ctx, store.agentId, {
      title: `开店申请已通过：${store.name}`,
      body: `您提交的门店「${store.name}」（编号 ${store.storeNo}）已通过平台审核，门店已开通。`,
    });
    return readWire(id, ctx);
  });

  // A rejected application goes to the recycle bin with its reason; the provider is told why.
  bindEndpoint(app, storeEndpoints.reject, async ({ body }, ctx) => {
    const id = toDbId(body.id);
    const store = await transition(ctx, id, PENDING, body.version, {
      status: RECYCLED,
      statusBeforeRecycle: PENDING,
      recycledAt: nowIso(),
      reviewedAt: nowIso(),
      rejectReason: body.reason,
    });
    await bumpStoreCount(ctx.db, store.enterpriseId, -1);
    await tellProvider(app, ctx, store.agentId, {
      title: `开店申请未通过：${store.name}`,
      body: `您提交的门店「${store.name}」（编号 ${store.storeNo}）未通过平台审核。驳回原因：${body.reason}。请修改后重新提交开店申请。`,
    });
    return readWire(id, ctx);
  });

  bindEndpoint(app, storeEndpoints.restore, async ({ body }, ctx) => {
    const id = toDbId(body.id);
    const current = await ctx.db
      .selectFrom('store')
      .select(['statusBeforeRecycle'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!current) throw new AppError('recordNotFound');
    const back = current.statusBeforeRecycle ?? NORMAL;
    const existing = await transition(ctx, id, RECYCLED, body.version, {
      status: back,
      recycledAt: null,
      statusBeforeRecycle: null,
      ...(back === PENDING ? { appliedAt: nowIso(), rejectReason: '' } : {}),
    });
    await bumpStoreCount(ctx.db, existing.enterpriseId, 1);
    return readWire(id, ctx);
  });

  registerStorePurge(app);

  const mayPickStores = referenceOptionsGuard(app, ['storeId', 'storeIds'], ['store.page']);
  bindEndpoint(app, storeEndpoints.options, async ({ query }, ctx) => {
    mayPickStores(ctx, query.for);
    let qb = ctx.db
      .selectFrom('store')
      .select(['id', 'name', 'storeNo', 'agentId'])
      .where('status', '<>', RECYCLED)
      .orderBy('name')
      .limit(50);
    if (ctx.scope.agentId !== null) qb = qb.where('agentId', '=', ctx.scope.agentId);
    if (query.enterpriseId) qb = qb.where('enterpriseId', '=', toDbId(query.enterpriseId));
    if (query.keyword) qb = qb.where('name', 'like', `%${query.keyword.replace(/[\\%_]/g, '')}%`);
    const rows = await qb.execute();
    return rows.map((r) => ({ ...r, id: String(r.id), agentId: String(r.agentId) }));
  });
}
