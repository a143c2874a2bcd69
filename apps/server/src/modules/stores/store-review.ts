import { storeEndpoints, storeResource } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { CountCache, listPage } from '../../crud/list.js';
import { ResourceQuery } from '../../crud/query.js';
import { RowCodec } from '../../crud/codec.js';
import type { DbRow, LooseDb, LooseEb } from '../../crud/types.js';
import { bindEndpoint } from '../../http/bind-endpoint.js';
import type { RequestContext } from '../../http/context.js';
import { diffFields } from '../../http/redact.js';
import { referenceOptionsGuard } from '../../http/reference-options.js';
import { AppError } from '../../lib/app-error.js';
import { nowIso } from '../../lib/clock.js';
import { toDbId } from '../../lib/ids.js';
import { emitAfterCommit } from '../../plugins/events.js';
import { agentNameColumn, withAgentName } from './joins.js';
import { bumpStoreCount } from './store-helpers.js';

const PENDING = 0;
const NORMAL = 1;
const RECYCLED = 4;

/**
 * The platform's side of the store lifecycle: applications (status 0) approved or rejected, and
 * the recycle bin (status 4) from which a store returns to the status it had.
 */
export function registerStoreReview(app: FastifyInstance): void {
  const view = (status: number) =>
    new ResourceQuery(storeResource, 'store', {
      joins: (qb) => withAgentName(qb).leftJoin('enterprise as e', 'e.id', 't.enterpriseId'),
      columns: { ...agentNameColumn, enterpriseName: 'e.name' },
      where: (eb: LooseEb) => eb(sql.ref('t.status'), '=', status),
    });
  const applications = view(PENDING);
  const bin = view(RECYCLED);
  const all = new ResourceQuery(storeResource, 'store', {
    joins: (qb) => withAgentName(qb).leftJoin('enterprise as e', 'e.id', 't.enterpriseId'),
    columns: { ...agentNameColumn, enterpriseName: 'e.name' },
  });
  const counts = new CountCache(app.hasDecorator('events') ? app.events : undefined);
  const codec = new RowCodec(storeResource);
  const loose = (ctx: RequestContext) => ctx.db as unknown as LooseDb;
  const readWire = async (id: number, ctx: RequestContext) => {
    const row = (await all.select(loose(ctx), ctx).where(sql.ref('t.id'), '=', id).executeTakeFirst()) as
      DbRow | undefined;
    if (!row) throw new AppError('recordNotFound');
    return codec.toWire(row) as never;
  };
  const page = (q: ResourceQuery) => async (body: Record<string, unknown>, ctx: RequestContext) => {
    const result = await listPage(q, counts, loose(ctx), body, ctx);
    return { ...result, list: result.list.map((r) => codec.toWire(r)) as never[] };
  };
  const changed = (ctx: RequestContext, id: number, agentId: number) =>
    emitAfterCommit(ctx.req, 'resourceChanged', { resource: 'store', agentId, ids: [String(id)], action: 'update' });

  bindEndpoint(app, storeEndpoints.pendingCount, async (_input, ctx) => {
    const row = await ctx.db
      .selectFrom('store')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', PENDING)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  });

  const applicationPage = page(applications);
  bindEndpoint(app, storeEndpoints.applicationPage, ({ body }, ctx) => applicationPage(body, ctx));
  const recyclePage = page(bin);
  bindEndpoint(app, storeEndpoints.recyclePage, ({ body }, ctx) => recyclePage(body, ctx));

  /** Moves one store from `from` to the patch, refusing a stale version or a store in another state. */
  const transition = async (
    ctx: RequestContext,
    id: number,
    from: number,
    version: number | null,
    patch: Record<string, unknown>,
  ) => {
    const existing = await ctx.db.selectFrom('store').selectAll().where('id', '=', id).executeTakeFirst();
    if (!existing) throw new AppError('recordNotFound');
    ctx.audit.targetId = String(id);
    if (version !== null && existing.version !== version) throw new AppError('versionConflict');
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
    changed(ctx, id, existing.agentId);
    return existing;
  };

  bindEndpoint(app, storeEndpoints.approve, async ({ body }, ctx) => {
    const id = toDbId(body.id);
    await transition(ctx, id, PENDING, body.version, { status: NORMAL, reviewedAt: nowIso(), rejectReason: '' });
    return readWire(id, ctx);
  });

  // A rejected application goes to the recycle bin with its reason; restoring it re-submits it.
  bindEndpoint(app, storeEndpoints.reject, async ({ body }, ctx) => {
    const id = toDbId(body.id);
    const existing = await transition(ctx, id, PENDING, body.version, {
      status: RECYCLED,
      statusBeforeRecycle: PENDING,
      recycledAt: nowIso(),
      reviewedAt: nowIso(),
      rejectReason: body.reason,
    });
    await bumpStoreCount(ctx.db, existing.enterpriseId, -1);
    return readWire(id, ctx);
  });

  bindEndpoint(app, storeEndpoints.restore, async ({ query }, ctx) => {
    const id = toDbId(query.id);
    const current = await ctx.db
      .selectFrom('store')
      .select(['statusBeforeRecycle'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!current) throw new AppError('recordNotFound');
    const back = current.statusBeforeRecycle ?? NORMAL;
    const existing = await transition(ctx, id, RECYCLED, null, {
      status: back,
      recycledAt: null,
      statusBeforeRecycle: null,
      ...(back === PENDING ? { appliedAt: nowIso(), rejectReason: '' } : {}),
    });
    await bumpStoreCount(ctx.db, existing.enterpriseId, 1);
    return readWire(id, ctx);
  });

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
