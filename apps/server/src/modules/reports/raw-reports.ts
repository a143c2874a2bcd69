import { type MonthDataReport, type ReportRange, type SalesReport, chinaDay } from '@console/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { MONEY_IN_STATUSES, PAY } from '../finance/payment-money.js';
import { rateOn } from './commission-rules.js';
import { productOf } from './rollup-reads.js';

// The reports computed the slow way, straight from every raw record, for the tests that prove
// the rollup reports equal them to the fen. Never on the request path.

interface Event {
  source: number;
  agentId: number;
  product: number;
  day: string;
  /** +amount when paid, −the refunded amount when refunded. */
  amount: number;
  refund: number;
  quantity: number;
}

/** Every paid and refund event of the payment tables and hardware orders. */
export async function rawEvents(db: Kysely<Database>): Promise<Event[]> {
  const events: Event[] = [];
  const push = (
    source: number,
    agentId: number,
    product: number,
    paidAt: string | null,
    refund: { at: string | null; amount: number },
    amount: number,
    quantity: number,
  ) => {
    if (!paidAt) return;
    events.push({ source, agentId, product, day: chinaDay(paidAt), amount, refund: 0, quantity });
    if (refund.at)
      events.push({
        source,
        agentId,
        product,
        day: chinaDay(refund.at),
        amount: -refund.amount,
        refund: refund.amount,
        quantity: -quantity,
      });
  };
  // A payment's refund is what its row says it returned (finance/payment-money.ts).
  const refundOf = (p: { status: number; refundedAt: string | null; refundAmount: number }) => ({
    at: p.status === PAY.refunded ? p.refundedAt : null,
    amount: p.refundAmount,
  });
  for (const p of await db.selectFrom('storePayment').selectAll().where('status', 'in', MONEY_IN_STATUSES).execute()) {
    push(1, p.agentId, p.item, p.paidAt, refundOf(p), p.amount, 1);
  }
  for (const p of await db
    .selectFrom('providerPayment')
    .selectAll()
    .where('status', 'in', MONEY_IN_STATUSES)
    .execute()) {
    push(2, p.agentId, p.item, p.paidAt, refundOf(p), p.amount, p.quantity);
  }
  const lines = await db
    .selectFrom('hardwareOrder as o')
    .innerJoin('hardwareOrderItem as i', 'i.orderId', 'o.id')
    .select(['o.agentId', 'o.status', 'o.paidAt', 'o.cancelledAt', 'i.productId', 'i.amount', 'i.quantity'])
    .execute();
  // A hardware order cancelled after payment returns every line whole.
  for (const l of lines) {
    const refund = { at: l.status === 4 ? l.cancelledAt : null, amount: l.amount };
    push(3, l.agentId, l.productId, l.paidAt, refund, l.amount, l.quantity);
  }
  return events.map((e) => ({ ...e, agentId: Number(e.agentId), product: Number(e.product) }));
}

const inRange = (range: ReportRange) => (e: Event) => e.day >= range.from && e.day <= range.to;

/** 月度数据统计's money and store figures from the raw events (providers are not payments). */
export function rawMonthData(
  events: Event[],
  range: ReportRange,
): Omit<MonthDataReport['rows'][number], 'newProviders'>[] {
  const rows = new Map<string, Omit<MonthDataReport['rows'][number], 'newProviders'>>();
  for (const e of events.filter(inRange(range))) {
    const month = e.day.slice(0, 7);
    const row = rows.get(month) ?? {
      month,
      newStores: 0,
      renewedStores: 0,
      revenue: { web: 0, staff: 0, sms: 0, voice: 0, hardware: 0 },
      refunds: 0,
      total: 0,
    };
    if (e.source === 2 && e.product === 1) row.newStores += e.quantity;
    if (e.source === 2 && e.product === 2) row.renewedStores += e.quantity;
    row.revenue[productOf(e.source, e.product)] += e.amount;
    row.refunds += e.refund;
    row.total += e.amount;
    rows.set(month, row);
  }
  return [...rows.values()].sort((a, b) => a.month.localeCompare(b.month));
}

export function rawRevenueByAgent(events: Event[], range: ReportRange): Map<number, number> {
  const out = new Map<number, number>();
  for (const e of events.filter(inRange(range))) out.set(e.agentId, (out.get(e.agentId) ?? 0) + e.amount);
  return out;
}

/** Commission per provider-month: each event at the rate in force on its own day. */
export function rawCommission(
  events: Event[],
  range: ReportRange,
  rates: Map<number, { rateBp: number; effectiveFrom: string }[]>,
): Map<string, { base: number; commission: number }> {
  const weighted = new Map<string, { base: number; weighted: number }>();
  for (const e of events.filter(inRange(range)).filter((x) => x.source === 1)) {
    const key = `${e.agentId}|${e.day.slice(0, 7)}`;
    const w = weighted.get(key) ?? { base: 0, weighted: 0 };
    w.base += e.amount;
    w.weighted += e.amount * rateOn(rates.get(e.agentId) ?? [], e.day);
    weighted.set(key, w);
  }
  return new Map([...weighted].map(([k, w]) => [k, { base: w.base, commission: Math.round(w.weighted / 10_000) }]));
}

export function rawSales(
  events: Event[],
  range: ReportRange,
): Pick<SalesReport, 'byMonth'> & { byAgent: Map<number, number> } {
  const byMonth = new Map<string, { amount: number; quantity: number }>();
  const byAgent = new Map<number, number>();
  for (const e of events.filter(inRange(range)).filter((x) => x.source === 3)) {
    const m = byMonth.get(e.day.slice(0, 7)) ?? { amount: 0, quantity: 0 };
    m.amount += e.amount;
    m.quantity += e.quantity;
    byMonth.set(e.day.slice(0, 7), m);
    byAgent.set(e.agentId, (byAgent.get(e.agentId) ?? 0) + e.amount);
  }
  return {
    byMonth: [...byMonth].map(([month, f]) => ({ month, ...f })).sort((a, b) => a.month.localeCompare(b.month)),
    byAgent,
  };
}
