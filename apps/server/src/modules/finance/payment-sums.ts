import type { PaymentSums } from '@console/contract';
import { sql } from 'kysely';
import type { RequestContext } from '../../http/context.js';
import { ROLLUP_SOURCE } from '../reports/rollups.js';
import { PAY } from './payment-writes.js';

// The sums above 门店缴费记录 and 服务商缴费记录 without a scan of the payments (issue 18: ten
// million rows). With no filter, or only the provider, every figure is in the rollups: a payment
// counts its amount once paid (paid_count, amount) and its refund once refunded (refund_amount),
// whatever the day, so the all-time totals are equal to the rows' own. The rows never paid
// (待支付, 已关闭) are not in the rollups; they are counted through the status index. Any other
// filter (dates, item, channel, status, store, keyword) narrows by a column the rollups do not
// keep by row, and the caller sums the matching rows instead.

const SOURCE = { storePayment: ROLLUP_SOURCE.storePayment, providerPayment: ROLLUP_SOURCE.providerPayment } as const;
const TABLE = { storePayment: 'store_payment', providerPayment: 'provider_payment' } as const;

const present = (v: unknown) => v !== undefined && v !== null && v !== '';

/** The sums from the rollups, or null when the filters ask for something they cannot answer. */
export async function rollupPaymentSums(
  ctx: RequestContext,
  table: keyof typeof SOURCE,
  filterKeys: string[],
  body: Record<string, unknown>,
): Promise<PaymentSums | null> {
  if (ctx.scope.directRun) return null;
  if (filterKeys.some((k) => k !== 'agentId' && present(body[k]))) return null;
  const filtered = present(body.agentId) ? Number(body.agentId) : null;
  const scoped = ctx.scope.agentId;
  // A provider asking for another provider's rows sees none (as the list does).
  if (scoped !== null && filtered !== null && filtered !== scoped) {
    return { count: 0, paidAmount: 0, refundAmount: 0, netAmount: 0 };
  }
  const agentId = scoped ?? filtered;
  const source = SOURCE[table];
  const byAgent = agentId === null ? sql`` : sql`and agent_id = ${agentId}`;
  const rollup = await sql<Record<string, unknown>>`
    select sum(paid_count) as paid, sum(amount) as amount, sum(refund_amount) as refund
    from ${sql.table(agentId === null ? 'payment_rollup_platform_month' : 'payment_rollup_provider_month')}
    where source = ${source} ${byAgent}`.execute(ctx.db);
  const unpaid = await sql<Record<string, unknown>>`
    select count(*) as n from ${sql.table(TABLE[table])}
    where status in (${sql.lit(PAY.pending)}, ${sql.lit(PAY.closed)}) ${byAgent}`.execute(ctx.db);
  const r = rollup.rows[0] ?? {};
  const paidAmount = Number(r.amount ?? 0);
  const refundAmount = Number(r.refund ?? 0);
  return {
    count: Number(r.paid ?? 0) + Number(unpaid.rows[0]?.n ?? 0),
    paidAmount,
    refundAmount,
    netAmount: paidAmount - refundAmount,
  };
}
