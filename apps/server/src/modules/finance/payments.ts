import {
  type AnyResource,
  type PaymentSums,
  providerPaymentDetailResource,
  providerPaymentDetailSumsEndpoint,
  providerPaymentEndpoints,
  providerPaymentItem,
  providerPaymentResource,
  storePaymentEndpoints,
  storePaymentResource,
} from '@console/contract';
import type { FastifyInstance } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { RowCodec, parseId } from '../../crud/codec.js';
import { filtersWithRareGrams } from '../../crud/keyword-grams.js';
import { ResourceQuery } from '../../crud/query.js';
import { registerResource } from '../../crud/register-resource.js';
import { type ResourceEb, type ResourceOptions, type ResourceSelect, anyTableDb } from '../../crud/types.js';
import type { Database } from '../../db/types.js';
import { bindEndpoint } from '../../http/bind-endpoint.js';
import type { RequestContext } from '../../http/context.js';
import { diffFields } from '../../http/redact.js';
import { AppError } from '../../lib/app-error.js';
import { emitAfterCommit } from '../../plugins/events.js';
import { rollupPaymentSums } from './payment-sums.js';
import { moneyInSql, netOf, refundedSql } from './payment-money.js';
import { type PaymentRefund, refundProviderPayment, refundStorePayment } from './payment-writes.js';

const byStore: ResourceOptions<AnyResource> = {
  joins: (qb: ResourceSelect) =>
    qb.leftJoin('store as s', 's.id', 't.storeId').leftJoin('agent as a', 'a.id', 't.agentId'),
  columns: { storeName: 's.name', agentName: 'a.name' },
};

/** The sums columns over `t`, by the money rule: money in counts rows paid then or refunded later. */
const sumColumns = (eb: ResourceEb) => [
  eb.fn.countAll().as('count'),
  eb.fn.sum(moneyInSql('t.status', 't.amount')).as('paidAmount'),
  eb.fn.sum(refundedSql('t.refundAmount')).as('refundAmount'),
];
// PostgreSQL answers count and sum as strings (bigint/numeric), and sum over no rows as null.
const sumsOf = (row: Record<string, unknown> | undefined): PaymentSums => {
  const paidAmount = Number(row?.paidAmount ?? 0);
  const refundAmount = Number(row?.refundAmount ?? 0);
  return {
    count: Number(row?.count ?? 0),
    paidAmount,
    refundAmount,
    netAmount: netOf({ amount: paidAmount, refundAmount }),
  };
};

/** The rows the list would show for these filters (same scope, same filter code), unsorted. */
async function matching(q: ResourceQuery, ctx: RequestContext, body: Record<string, unknown>) {
  const db = anyTableDb(ctx);
  return q.keys(db, ctx, body, 'id').where(await filtersWithRareGrams(q, db, ctx, body));
}

/**
 * A payment list with its sums (over exactly the list's filters) and its refund, which goes
 * through the table's one writer in payment-writes.ts.
 */
function registerPaymentList(
  app: FastifyInstance,
  resource: AnyResource,
  table: 'storePayment' | 'providerPayment',
  endpoints: typeof storePaymentEndpoints | typeof providerPaymentEndpoints,
  refund: (db: Kysely<Database>, input: PaymentRefund) => Promise<{ before: object; after: object }>,
): void {
  registerResource(app, resource, table, byStore);
  const q = new ResourceQuery(resource, table, byStore);
  const codec = new RowCodec(resource);

  const filterKeys = Object.keys(resource.filters);
  bindEndpoint(app, endpoints.sums, async ({ body }, ctx) => {
    const rowSums = async (filters: Record<string, unknown>) =>
      sumsOf(await (await matching(q, ctx, filters)).select(sumColumns).executeTakeFirst());
    return (await rollupPaymentSums(ctx, table, filterKeys, body, rowSums)) ?? rowSums(body);
  });

  bindEndpoint(app, endpoints.refund, async ({ body }, ctx) => {
    const id = parseId(body.id);
    const db = anyTableDb(ctx);
    if (!(await q.readById(db, ctx, id))) throw new AppError('recordNotFound');
    const { before, after } = await refund(ctx.db, { id, version: body.version, reason: body.reason });
    ctx.audit.targetId = String(id);
    ctx.audit.changes = diffFields(before as Record<string, unknown>, after as Record<string, unknown>);
    const row = await q.readById(db, ctx, id);
    if (!row) throw new AppError('recordNotFound');
    emitAfterCommit(ctx.req, 'resourceChanged', {
      resource: resource.name,
      agentId: Number(row.agentId),
      ids: [String(id)],
      action: 'update',
    });
    return codec.toWire(row);
  });
}

/** 门店缴费记录, 服务商缴费记录 and the report 缴费明细 (the provider payments with sums by provider and product). */
export function registerPayments(app: FastifyInstance): void {
  registerPaymentList(app, storePaymentResource, 'storePayment', storePaymentEndpoints, refundStorePayment);
  registerPaymentList(app, providerPaymentResource, 'providerPayment', providerPaymentEndpoints, refundProviderPayment);

  registerResource(app, providerPaymentDetailResource, 'providerPayment', byStore);
  const detail = new ResourceQuery(providerPaymentDetailResource, 'providerPayment', byStore);
  bindEndpoint(app, providerPaymentDetailSumsEndpoint, async ({ body }, ctx) => {
    const LIMIT = 200;
    const groups = (await (
      await matching(detail, ctx, body)
    )
      .select((eb: ResourceEb) => [sql.ref('t.agentId').as('agentId'), sql.ref('t.item').as('item'), ...sumColumns(eb)])
      .groupBy(['t.agentId', 't.item'])
      .execute()) as Record<string, unknown>[];
    const total: unknown = await (await matching(detail, ctx, body)).select(sumColumns).executeTakeFirst();
    const shown = groups
      .map((g) => ({ ...sumsOf(g), agentId: Number(g.agentId), item: Number(g.item) }))
      .sort((a, b) => b.netAmount - a.netAmount || a.agentId - b.agentId || a.item - b.item)
      .slice(0, LIMIT);
    const ids = [...new Set(shown.map((g) => g.agentId))];
    const names = ids.length
      ? await ctx.db.selectFrom('agent').where('id', 'in', ids).select(['id', 'name']).execute()
      : [];
    const nameOf = new Map(names.map((n) => [n.id, n.name]));
    return {
      rows: shown.map((g) => ({
        ...g,
        agentId: String(g.agentId),
        agentName: nameOf.get(g.agentId) ?? null,
        // A stored item code; parsing refuses a code the contract does not list, as the answer would.
        item: providerPaymentItem.parse(g.item),
      })),
      total: sumsOf(total as Record<string, unknown> | undefined),
      truncated: groups.length > LIMIT,
    };
  });
}
