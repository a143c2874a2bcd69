import type { ReportProduct, ReportRange } from '@console/contract';
import { type Kysely, sql } from 'kysely';
import { withSerialPlan } from '../../db/serial-plan.js';
import type { Database } from '../../db/types.js';
import { netSql } from '../finance/payment-money.js';
import { AGENT_DAY, AGENT_MONTH, AGENT_YEAR, levelFor } from './rollup-levels.js';
import { ROLLUP_SOURCE } from './rollup-source.js';

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
  /** 0 when the sum is over every provider. */
  agentId: number;
  source: number;
  /** 0 when the sum is over every product. */
  product: number;
  amount: number;
  quantity: number;
  refundAmount: number;
}

const addDays = (day: string, n: number) => new Date(Date.parse(day) + n * 86_400_000).toISOString().slice(0, 10);
const firstOfNextMonth = (day: string) => addDays(`${day.slice(0, 7)}-28`, 4).slice(0, 7) + '-01';

/** A range as the whole months it covers (read per month) and the partial months at its edges (read per day). */
export function splitRange(range: ReportRange): { months: ReportRange | null; days: ReportRange[] } {
  const wholeFrom = range.from.endsWith('-01') ? range.from : firstOfNextMonth(range.from);
  const nextAfterTo = addDays(range.to, 1);
  const wholeTo = nextAfterTo.endsWith('-01') ? range.to : addDays(`${range.to.slice(0, 7)}-01`, -1);
  if (wholeFrom > wholeTo) return { months: null, days: [range] };
  const days: ReportRange[] = [];
  if (range.from < wholeFrom) days.push({ from: range.from, to: addDays(wholeFrom, -1) });
  if (wholeTo < range.to) days.push({ from: addDays(wholeTo, 1), to: range.to });
  return { months: { from: wholeFrom.slice(0, 7), to: wholeTo.slice(0, 7) }, days };
}

/** The rollup table and period bounds of each part of a range. */
function partsOf(range: ReportRange, by: { agent: boolean; product: boolean }) {
  const { months, days } = splitRange(range);
  return [
    ...(months ? [{ level: levelFor('month', by), from: months.from, to: months.to }] : []),
    ...days.map((d) => ({ level: levelFor('day', by), from: d.from, to: d.to })),
  ];
}

/**
 * Rollup sums per month within the range, by provider and/or product as asked: whole months from
 * the monthly rollups, the days of partial months at the edges from the daily ones; the coarsest
 * table that keeps what is asked, so the rows read grow with months × providers, not payments.
 */
export async function sumRollups(
  db: Db,
  range: ReportRange,
  by: { agent: boolean; product: boolean; source?: number },
): Promise<RollupSum[]> {
  const out: RollupSum[] = [];
  for (const part of partsOf(range, by)) {
    const { level } = part;
    const period = sql.ref(level.period);
    const month = level.period === 'month' ? period : sql`substr(day, 1, 7)`;
    const groups = [
      month,
      ...(by.agent ? [sql.ref('agent_id')] : []),
      sql.ref('source'),
      ...(by.product ? [sql.ref('product')] : []),
    ];
    const source = by.source === undefined ? sql`` : sql`and source = ${by.source}`;
    const rows = await sql<Record<string, unknown>>`
      select ${month} as month, ${by.agent ? sql.ref('agent_id') : sql`0`} as agent_id, source,
        ${by.product ? sql.ref('product') : sql`0`} as product,
        sum(amount) as amount, sum(quantity) as quantity, sum(refund_amount) as refund_amount
      from ${sql.table(level.table)}
      where ${period} >= ${part.from} and ${period} <= ${part.to} ${source}
      group by ${sql.join(groups)}`.execute(db);
    for (const r of rows.rows) {
      out.push({
        month: String(r.month),
        agentId: Number(r.agentId),
        source: Number(r.source),
        product: Number(r.product),
        amount: Number(r.amount),
        quantity: Number(r.quantity),
        refundAmount: Number(r.refundAmount),
      });
    }
  }
  return out;
}

const daysIn = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;

type Part = { period: 'day' | 'month' | 'year'; from: string; to: string; sign: 1 | -1 };

/** Whole months as the whole years among them (read per year) and the months at the edges. */
function yearParts(months: { from: string; to: string }): Part[] {
  const firstYear = Number(months.from.slice(0, 4)) + (months.from.endsWith('-01') ? 0 : 1);
  const lastYear = Number(months.to.slice(0, 4)) - (months.to.endsWith('-12') ? 0 : 1);
  if (firstYear > lastYear) return [{ period: 'month', ...months, sign: 1 }];
  const parts: Part[] = [{ period: 'year', from: String(firstYear), to: String(lastYear), sign: 1 }];
  if (months.from < `${firstYear}-01`)
    parts.push({ period: 'month', from: months.from, to: `${firstYear - 1}-12`, sign: 1 });
  if (months.to > `${lastYear}-12`) parts.push({ period: 'month', from: `${lastYear + 1}-01`, to: months.to, sign: 1 });
  return parts;
}

/**
 * A range's parts with a sign, for sums that are plain additions per provider: whole years read
 * per year; an edge that covers most of its month reads the monthly row minus the days it leaves
 * out (a month's row is the sum of its days), so a range ending today reads the month and the few
 * days after today (none paid yet) instead of every day so far. 服务商数据统计 reads its range and
 * the period before it, two years and more: ~2 000 provider-years instead of ~24 000 months.
 */
export function signedParts(range: ReportRange): Part[] {
  const { months, days } = splitRange(range);
  const parts: Part[] = months ? yearParts(months) : [];
  for (const d of days) {
    const month = d.from.slice(0, 7);
    const monthEnd = addDays(firstOfNextMonth(d.from), -1);
    const before = { from: `${month}-01`, to: addDays(d.from, -1) };
    const after = { from: addDays(d.to, 1), to: monthEnd };
    const left = [before, after].filter((x) => x.from <= x.to);
    const leftDays = left.reduce((n, x) => n + daysIn(x.from, x.to), 0);
    // Within one month, and the days left out (plus the month's own row) are fewer than the days in.
    if (d.to.slice(0, 7) === month && leftDays + 1 < daysIn(d.from, d.to)) {
      parts.push({ period: 'month', from: month, to: month, sign: 1 });
      for (const x of left) parts.push({ period: 'day', ...x, sign: -1 });
    } else parts.push({ period: 'day', ...d, sign: 1 });
  }
  return parts;
}

const agentLevel = { day: AGENT_DAY, month: AGENT_MONTH, year: AGENT_YEAR };

/**
 * Net revenue per provider within each range, in one query: every signed part of every range is
 * one branch of a UNION ALL and the sums come back as one row per provider (a column per range),
 * so the driver builds ~1 000 rows, not ~1 000 per part.
 */
export async function revenueByAgentIn<T extends ReportRange[]>(
  db: Db,
  ranges: [...T],
): Promise<{ [K in keyof T]: Map<number, number> }> {
  const branches = ranges.flatMap((range, r) =>
    signedParts(range).map((part) => {
      const level = agentLevel[part.period];
      const period = sql.ref(level.period);
      // Grouped per branch too: per provider, the planners read the covering index in its order.
      return sql`select agent_id, ${sql.lit(r)} as r, ${sql.lit(part.sign)} * sum(${netSql()}) as net
        from ${sql.table(level.table)} where ${period} >= ${part.from} and ${period} <= ${part.to}
        group by agent_id`;
    }),
  );
  const sums = ranges.map((_, r) => sql`sum(case when r = ${sql.lit(r)} then net else 0 end) as ${sql.ref(`net${r}`)}`);
  const rows = await withSerialPlan(db, (read) =>
    sql<Record<string, unknown>>`
    select agent_id, ${sql.join(sums)} from (${sql.join(branches, sql` union all `)}) parts
    group by agent_id`.execute(read),
  );
  return ranges.map((_, r) => {
    const out = new Map<number, number>();
    for (const row of rows.rows) out.set(Number(row.agentId), Number(row[`net${r}`]));
    return out;
  }) as { [K in keyof T]: Map<number, number> };
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
