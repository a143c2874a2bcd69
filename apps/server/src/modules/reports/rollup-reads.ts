import type { ReportProduct, ReportRange } from '@console/contract';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/types.js';
import { ROLLUP_SOURCE } from './rollups.js';

// What every report reads: sums of the rollups over a date range, grouped as a report needs.

export type Db = Kysely<Database>;

/** The report product of a rollup row (the two payment kinds name the same products differently). */
export function productOf(source: number, product: number): ReportProduct {
  if (source === ROLLUP_SOURCE.hardware) return 'hardware';
  const byItem: Record<number, ReportProduct> =
    source === ROLLUP_SOURCE.storePayment
      ? { 1: 'web', 2: 'staff', 3: 'sms', 4: 'voice' }
      : { 1: 'web', 2: 'web', 3: 'staff', 4: 'voice', 5: 'sms' };
  return byItem[product] ?? 'web';
}

/** Every month (YYYY-MM) a range touches, so an empty month still has its row and its bar. */
export function monthsOf(range: ReportRange): string[] {
  const months: string[] = [];
  let [y, m] = range.from.slice(0, 7).split('-').map(Number) as [number, number];
  const last = range.to.slice(0, 7);
  for (;;) {
    const month = `${y}-${String(m).padStart(2, '0')}`;
    months.push(month);
    if (month >= last) return months;
    m += 1;
    if (m > 12) [y, m] = [y + 1, 1];
  }
}

export interface RollupSum {
  month: string;
  agentId: number;
  source: number;
  product: number;
  amount: number;
  quantity: number;
  refundAmount: number;
}

/** Rollup sums per month × provider × source × product within the range (an index range, not a scan). */
export async function sumRollups(db: Db, range: ReportRange, source?: number): Promise<RollupSum[]> {
  let query = db
    .selectFrom('paymentRollup')
    .select((eb) => [
      sql<string>`substr(day, 1, 7)`.as('month'),
      'agentId',
      'source',
      'product',
      eb.fn.sum<number>('amount').as('amount'),
      eb.fn.sum<number>('quantity').as('quantity'),
      eb.fn.sum<number>('refundAmount').as('refundAmount'),
    ])
    .where('day', '>=', range.from)
    .where('day', '<=', range.to)
    .groupBy([sql`substr(day, 1, 7)`, 'agentId', 'source', 'product']);
  if (source !== undefined) query = query.where('source', '=', source);
  const rows = await query.execute();
  return rows.map((r) => ({
    month: r.month,
    agentId: Number(r.agentId),
    source: Number(r.source),
    product: Number(r.product),
    amount: Number(r.amount),
    quantity: Number(r.quantity),
    refundAmount: Number(r.refundAmount),
  }));
}

/** Net revenue per provider within the range. */
export async function revenueByAgent(db: Db, range: ReportRange): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('paymentRollup')
    .select((eb) => [
      'agentId',
      eb.fn.sum<number>('amount').as('amount'),
      eb.fn.sum<number>('refundAmount').as('refundAmount'),
    ])
    .where('day', '>=', range.from)
    .where('day', '<=', range.to)
    .groupBy('agentId')
    .execute();
  return new Map(rows.map((r) => [Number(r.agentId), Number(r.amount) - Number(r.refundAmount)]));
}

/** Names of the providers a report mentions. */
export async function agentNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('agent').select(['id', 'name']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [Number(r.id), r.name]));
}

/** The ISO instants bounding a China-time date range, for columns stored as instants. */
export function instantsOf(range: ReportRange): { from: string; to: string } {
  const start = Date.parse(`${range.from}T00:00:00+08:00`);
  const end = Date.parse(`${range.to}T00:00:00+08:00`) + 86_400_000;
  return { from: new Date(start).toISOString(), to: new Date(end).toISOString() };
}
