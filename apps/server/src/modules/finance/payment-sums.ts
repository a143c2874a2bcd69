import { type PaymentSums, chinaDay } from '@console/contract';
import { type RawBuilder, sql } from 'kysely';
import type { RequestContext } from '../../http/context.js';
import { splitRange } from '../reports/rollup-reads.js';
import {
  LIST_SUM_DAY,
  LIST_SUM_MONTH,
  LIST_SUM_PLATFORM_DAY,
  LIST_SUM_PLATFORM_MONTH,
  LIST_SUM_SOURCE,
  type ListSumSource,
} from './list-sum-rollup.js';
import { moneyInSql, netOf, refundedSql } from './payment-money.js';

// The sums above 门店缴费记录 and 服务商缴费记录 without a scan of the payments (issue 18: ten
// million rows), read from the list-sums rollup (list-sum-rollup.ts) for any mix of provider,
// item, channel, status and 支付时间 range. The range is instants: its whole China days come from
// the rollup (whole months per month, the rest per day) and the rows of the partial days at its
// edges from the table, through the list's own filter (`rowSums`). The store and keyword filters
// are selective and their rows are summed through their indexes (null here).

/** The filters the rollup keys; any other active filter is summed from the rows. */
const KEYED = new Set(['agentId', 'item', 'channel', 'status', 'paidAt']);
/** The form every writer stores 支付时间 in (toISOString); for it text order is time order. */
const CANONICAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
/** Open ends of a range, as days the rollup's text periods sort between. */
const EARLIEST = '1970-01-01';
const LATEST = '2999-12-31';

const present = (v: unknown) => v !== undefined && v !== null && v !== '';
const iso = (ms: number) => new Date(ms).toISOString();
const dayStart = (day: string) => Date.parse(`${day}T00:00:00.000+08:00`);
const addDays = (day: string, n: number) => new Date(Date.parse(day) + n * 86_400_000).toISOString().slice(0, 10);

export const NO_SUMS: PaymentSums = { count: 0, paidAmount: 0, refundAmount: 0, netAmount: 0 };

export function addSums(a: PaymentSums, b: PaymentSums): PaymentSums {
  return {
    count: a.count + b.count,
    paidAmount: a.paidAmount + b.paidAmount,
    refundAmount: a.refundAmount + b.refundAmount,
    netAmount: a.netAmount + b.netAmount,
  };
}

type Bound = string | undefined;
export interface RangePlan {
  /** The whole China days inside the range (EARLIEST/LATEST for an open end). */
  days: { from: string; to: string };
  /** The partial days at the edges, as 支付时间 filters for the rows. */
  edges: { from: Bound; to: Bound }[];
}

/**
 * A 支付时间 range (from and to inclusive, ISO instants) as whole China days and edge pieces;
 * null when a bound is not in the stored form or no whole day is inside (then the rows, through
 * the paid-time index, are few and summed directly).
 */
export function planRange(from: Bound, to: Bound): RangePlan | null {
  const bounds = [from, to].filter(present) as string[];
  if (bounds.some((b) => !CANONICAL.test(b) || Number.isNaN(Date.parse(b)))) return null;
  const lo = from ? Date.parse(from) : null;
  // Exclusive: every stored time has milliseconds, so `<= to` is `< to + 1 ms`.
  const hi = to ? Date.parse(to) + 1 : null;
  let first = EARLIEST;
  if (lo !== null) {
    first = chinaDay(iso(lo));
    if (dayStart(first) < lo) first = addDays(first, 1);
  }
  const last = hi === null ? LATEST : addDays(chinaDay(iso(hi)), -1);
  if (first > last) return null;
  const edges: RangePlan['edges'] = [];
  if (lo !== null && lo < dayStart(first)) edges.push({ from, to: iso(dayStart(first) - 1) });
  const after = dayStart(addDays(last, 1));
  if (hi !== null && after < hi) edges.push({ from: iso(after), to });
  return { days: { from: first, to: last }, edges };
}

/** One level's sums for a source and provider, over a period condition and the keyed filters. */
async function levelSums(
  ctx: RequestContext,
  where: { source: number; agentId: number | null; period: RawBuilder<unknown> | null; eq: [string, number][] },
  day: boolean,
): Promise<PaymentSums> {
  const agent = where.agentId !== null;
  const level = day ? (agent ? LIST_SUM_DAY : LIST_SUM_PLATFORM_DAY) : agent ? LIST_SUM_MONTH : LIST_SUM_PLATFORM_MONTH;
  const conds = [
    sql`source = ${where.source}`,
    ...(agent ? [sql`agent_id = ${where.agentId}`] : []),
    ...(where.period ? [where.period] : []),
    ...where.eq.map(([column, value]) => sql`${sql.ref(column)} = ${value}`),
  ];
  const r = await sql<Record<string, unknown>>`
    select sum(row_count) as n,
      sum(${moneyInSql('status', 'amount')}) as paid, sum(${refundedSql('refund_amount')}) as refund
    from ${sql.table(level.table)} where ${sql.join(conds, sql` and `)}`.execute(ctx.db);
  const row = r.rows[0] ?? {};
  const paidAmount = Number(row.paid ?? 0);
  const refundAmount = Number(row.refund ?? 0);
  return {
    count: Number(row.n ?? 0),
    paidAmount,
    refundAmount,
    netAmount: netOf({ amount: paidAmount, refundAmount }),
  };
}

/**
 * The sums of the list's rows for these filters, or null when a filter is one the rollup does not
 * key (or a range it cannot split); `rowSums` sums the rows the list shows for a body.
 */
export async function rollupPaymentSums(
  ctx: RequestContext,
  table: ListSumSource,
  filterKeys: string[],
  body: Record<string, unknown>,
  rowSums: (body: Record<string, unknown>) => Promise<PaymentSums>,
): Promise<PaymentSums | null> {
  if (ctx.scope.directRun) return null;
  if (filterKeys.some((k) => !KEYED.has(k) && present(body[k]))) return null;
  const filtered = present(body.agentId) ? Number(body.agentId) : null;
  const scoped = ctx.scope.agentId;
  // A provider asking for another provider's rows sees none (as the list does).
  if (scoped !== null && filtered !== null && filtered !== scoped) return NO_SUMS;
  const agentId = scoped ?? filtered;
  const eq = (['item', 'channel', 'status'] as const)
    .filter((k) => present(body[k]))
    .map((k): [string, number] => [k, Number(body[k])]);
  const base = { source: LIST_SUM_SOURCE[table], agentId, eq };

  const range = (present(body.paidAt) ? body.paidAt : {}) as { from?: string; to?: string };
  const from = present(range.from) ? range.from : undefined;
  const to = present(range.to) ? range.to : undefined;
  // No range: every month, and the rows never paid (period '').
  if (!from && !to) return levelSums(ctx, { ...base, period: null }, false);

  const plan = planRange(from, to);
  if (!plan) return null;
  const { months, days } = splitRange(plan.days);
  let sums = NO_SUMS;
  if (months) {
    const period = sql`month between ${months.from} and ${months.to}`;
    sums = addSums(sums, await levelSums(ctx, { ...base, period }, false));
  }
  for (const d of days) {
    sums = addSums(sums, await levelSums(ctx, { ...base, period: sql`day between ${d.from} and ${d.to}` }, true));
  }
  for (const edge of plan.edges) sums = addSums(sums, await rowSums({ ...body, paidAt: edge }));
  return sums;
}
