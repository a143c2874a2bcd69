import { PostgresAdapter, sql } from 'kysely';
import type {
  CommissionAnomaly,
  CommissionFilter,
  CommissionQuery,
  CommissionReport,
  CommissionRow,
  ReportRange,
} from '@console/contract';
import { ROLLUP_SOURCE } from './rollups.js';
import { toDbId } from '../../lib/ids.js';
import { type Db, agentNames, monthsOf } from './rollup-reads.js';

// 佣金监控: a provider earns its rate (basis points, with history) on its stores' payments to the
// platform (store payments, net of refunds), day by day at the rate in force that day. The sums
// come per provider-month; only a month whose rate changed after its 1st is read per day.
// The report is paged: every provider-month's commission and anomaly flags are computed as small
// cells (numbers only; ~23 000 at 1 000 providers over 23 months), filtered and sorted, and only
// the page's cells become rows with names, rates and checks.

/** Months of history a month is compared with, and how far above their average is "far above". */
export const USUAL_MONTHS = 6;
export const SPIKE_FACTOR = 3;

interface Rate {
  rateBp: number;
  effectiveFrom: string;
}

/** The rate in force on a day: the latest one effective on or before it; none means 0. */
export function rateOn(rates: Rate[], day: string): number {
  let bp = 0;
  for (const r of rates) if (r.effectiveFrom <= day) bp = r.rateBp;
  return bp;
}

function monthsBefore(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const total = y * 12 + (m - 1) - n;
  return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}`;
}

/** The anomaly rules, on one provider-month and the months before it. */
export function anomaliesOf(
  row: { month: string; commission: number },
  history: number[],
  rates: Rate[],
): { usual: number | null; anomalies: CommissionAnomaly[] } {
  const anomalies: CommissionAnomaly[] = [];
  if (row.commission < 0) anomalies.push('negative');
  // With fewer than two months there is no "usual" to be far above.
  const usual = history.length >= 2 ? Math.round(history.reduce((a, b) => a + b, 0) / history.length) : null;
  if (usual !== null && usual > 0 && row.commission > usual * SPIKE_FACTOR) anomalies.push('spike');
  if (rates.some((r) => r.effectiveFrom.slice(0, 7) === row.month && !r.effectiveFrom.endsWith('-01'))) {
    anomalies.push('rateChanged');
  }
  return { usual, anomalies };
}

/** The filters the report and its export take; a bare range is the unfiltered report. */
type Filter = ReportRange & Partial<Omit<CommissionFilter, 'from' | 'to'>>;

/** One provider-month of the report before it becomes a row: numbers only. */
interface Cell {
  agentId: number;
  month: string;
  /** The month's place in the range, for sorting by month without comparing text. */
  monthIndex: number;
  base: number;
  commission: number;
  usual: number | null;
  anomalies: CommissionAnomaly[];
  checked: boolean;
}

interface Cells {
  months: string[];
  cells: Cell[];
  rates: Map<number, Rate[]>;
  checks: Map<string, { note: string; checkedBy: string; checkedAt: string }>;
}

const isPostgres = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;

/** A month as one number (year × 12 + month), so months subtract to their distance. */
const monthKey = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7));

/**
 * The store payments' net (amount − refunds) of every provider-month from `first` to `last`, one
 * row per provider with its months packed in SQL as "YYYY-MM:net,…": ~30 000 provider-months as
 * rows cost far more in the driver (a JavaScript value per column per row) than the database's
 * read of them; 1 000 strings split in JavaScript cost little.
 */
async function monthlyNets(
  db: Db,
  first: string,
  last: string,
  agentId?: number,
): Promise<{ agentId: number; keys: number[]; nets: number[] }[]> {
  const pair = sql`month || ':' || (amount - refund_amount)`;
  const packed = isPostgres(db) ? sql`string_agg(${pair}, ',')` : sql`group_concat(${pair}, ',')`;
  // SQLite's planner, with statistics, took the month-first key and a sort for the grouping; the
  // covering index (0190) reads each provider's months in order without touching the table.
  const from = isPostgres(db)
    ? sql`payment_rollup_provider_month`
    : sql`payment_rollup_provider_month indexed by payment_rollup_provider_month_source_net`;
  const rows = await sql<{ agentId: number; nets: string }>`
    select agent_id, ${packed} as nets from ${from}
    where source = ${ROLLUP_SOURCE.storePayment} and month >= ${first} and month <= ${last}
      ${agentId === undefined ? sql`` : sql`and agent_id = ${agentId}`}
    group by agent_id`.execute(db);
  return rows.rows.map((r) => {
    const keys: number[] = [];
    const nets: number[] = [];
    for (const item of r.nets.split(',')) {
      const colon = item.indexOf(':');
      keys.push(monthKey(item));
      nets.push(Number(item.slice(colon + 1)));
    }
    return { agentId: Number(r.agentId), keys, nets };
  });
}

/** Every provider-month of the range (of one provider when filtered), with its anomaly flags. */
async function commissionCells(db: Db, range: ReportRange, agentId?: number): Promise<Cells> {
  const months = monthsOf(range);
  const first = monthsBefore(months[0]!, USUAL_MONTHS);
  const last = months.at(-1)!;
  let rateQuery = db.selectFrom('agentCommissionRate').select(['agentId', 'rateBp', 'effectiveFrom']);
  if (agentId !== undefined) rateQuery = rateQuery.where('agentId', '=', agentId);
  const rateRows = await rateQuery.orderBy('effectiveFrom').execute();
  const rates = new Map<number, Rate[]>();
  for (const r of rateRows) rates.set(Number(r.agentId), [...(rates.get(Number(r.agentId)) ?? []), r]);
  // A month whose rate changed after its 1st is weighed day by day; every other month at one rate.
  const splitRates = rateRows
    .filter((r) => !r.effectiveFrom.endsWith('-01') && r.effectiveFrom.slice(0, 7) >= first)
    .filter((r) => r.effectiveFrom.slice(0, 7) <= last);
  const split = new Set(splitRates.map((r) => `${Number(r.agentId)}|${r.effectiveFrom.slice(0, 7)}`));
  // Most providers have no split month: their rows skip building a key.
  const splitAgents = new Set(splitRates.map((r) => Number(r.agentId)));
  const isSplit = (id: number, month: string) => splitAgents.has(id) && split.has(`${id}|${month}`);
  const monthly = await monthlyNets(db, first, last, agentId);
  // Only the split provider-months are read per day: one query per month that has any.
  const splitMonths = new Map<string, number[]>();
  for (const key of split) {
    const [id, month] = key.split('|') as [string, string];
    splitMonths.set(month, [...(splitMonths.get(month) ?? []), Number(id)]);
  }
  const daily = [];
  for (const [month, agentIds] of splitMonths) {
    daily.push(
      ...(await db
        .selectFrom('paymentRollupProviderDay')
        .select(['day', 'agentId', sql<number>`amount - refund_amount`.as('net')])
        .where('source', '=', ROLLUP_SOURCE.storePayment)
        .where('agentId', 'in', agentIds)
        .where('day', '>=', `${month}-01`)
        // A day text never passes "-31".
        .where('day', '<=', `${month}-31`)
        .execute()),
    );
  }

  // base and rate × amount per provider by month index (the range's months and the six before
  // them); commission rounds once per month. Arrays, not string-keyed maps: this runs per row.
  const allMonths = monthsOf({ from: `${first}-01`, to: `${last}-01` });
  const monthIndex = new Map(allMonths.map((m, i) => [m, i]));
  const firstKey = monthKey(first);
  const sums = new Map<number, { base: Float64Array; weighted: Float64Array; seen: Uint8Array }>();
  const sumsOf = (id: number) => {
    let s = sums.get(id);
    if (!s) {
      const n = allMonths.length;
      s = { base: new Float64Array(n), weighted: new Float64Array(n), seen: new Uint8Array(n) };
      sums.set(id, s);
    }
    return s;
  };
  const add = (id: number, i: number, day: string, net: number) => {
    const s = sumsOf(id);
    s.base[i]! += net;
    s.weighted[i]! += net * rateOn(rates.get(id) ?? [], day);
    s.seen[i] = 1;
  };
  for (const m of monthly) {
    for (let k = 0; k < m.keys.length; k += 1) {
      const i = m.keys[k]! - firstKey;
      const month = allMonths[i]!;
      if (!isSplit(m.agentId, month)) add(m.agentId, i, `${month}-01`, m.nets[k]!);
    }
  }
  for (const d of daily) {
    const id = Number(d.agentId);
    const month = d.day.slice(0, 7);
    if (isSplit(id, month)) add(id, monthIndex.get(month)!, d.day, Number(d.net));
  }

  let checkQuery = db
    .selectFrom('commissionCheck')
    .select(['agentId', 'month', 'note', 'checkedBy', 'checkedAt'])
    .where('month', '>=', months[0]!)
    .where('month', '<=', last);
  if (agentId !== undefined) checkQuery = checkQuery.where('agentId', '=', agentId);
  const checks = new Map(
    (await checkQuery.execute()).map((c) => [
      `${Number(c.agentId)}|${c.month}`,
      { note: c.note, checkedBy: c.checkedBy, checkedAt: c.checkedAt },
    ]),
  );

  const checkedAgents = new Set([...checks.keys()].map((key) => Number(key.split('|')[0])));
  const agentIds = new Set(sums.keys());
  for (const id of rates.keys()) agentIds.add(id);
  const cells: Cell[] = [];
  const offset = monthIndex.get(months[0]!)!;
  // Each provider's commission per month index (NaN: no payment that month), rounded once per
  // month, and one history array reused for every cell: this loop runs ~23 000 times.
  const paid = new Float64Array(allMonths.length);
  const history: number[] = [];
  for (const id of [...agentIds].sort((a, b) => a - b)) {
    const agentRates = rates.get(id) ?? [];
    const changed = new Set(agentRates.map((r) => r.effectiveFrom.slice(0, 7)));
    const s = sums.get(id);
    for (let i = 0; i < paid.length; i += 1) paid[i] = s && s.seen[i] ? Math.round(s.weighted[i]! / 10_000) : NaN;
    for (let k = 0; k < months.length; k += 1) {
      const i = offset + k;
      const month = months[k]!;
      if (!s?.seen[i] && !changed.has(month)) continue;
      const commission = Number.isNaN(paid[i]) ? 0 : paid[i]!;
      history.length = 0;
      for (let back = 1; back <= USUAL_MONTHS; back += 1) {
        const c = paid[i - back]!;
        if (!Number.isNaN(c)) history.push(c);
      }
      const { usual, anomalies } = anomaliesOf({ month, commission }, history, agentRates);
      cells.push({
        agentId: id,
        month,
        monthIndex: k,
        base: s ? s.base[i]! : 0,
        commission,
        usual,
        anomalies,
        checked: checkedAgents.has(id) && checks.has(`${id}|${month}`),
      });
    }
  }
  return { months, cells, rates, checks };
}

/** 0: an anomaly nobody checked yet; 1: a checked anomaly; 2: no anomaly. */
const anomalyRank = (c: Cell) => (c.anomalies.length === 0 ? 2 : c.checked ? 1 : 0);

/** The filtered cells in the screen's order (ties: newest month, then provider id); `cells` in provider order. */
function filterAndSort(cells: Cell[], months: number, filter: Filter): Cell[] {
  const kept = cells.filter(
    (c) =>
      (!filter.onlyAnomalies || c.anomalies.length > 0) &&
      (filter.checked === undefined || c.checked === (filter.checked === 'checked')),
  );
  const byMonthDesc = (a: Cell, b: Cell) => b.monthIndex - a.monthIndex || a.agentId - b.agentId;
  const sort = filter.sort ?? 'anomalies';
  if (sort === 'commission') return kept.sort((a, b) => b.commission - a.commission || byMonthDesc(a, b));
  // By anomaly rank (or none), then newest month, then provider: the cells come in provider order,
  // so dropping them into one bucket per rank and month keeps that order without a sort.
  const buckets: Cell[][] = Array.from({ length: 3 * months }, () => []);
  for (const c of kept)
    buckets[(sort === 'anomalies' ? anomalyRank(c) * months : 0) + months - 1 - c.monthIndex]!.push(c);
  return buckets.flat();
}

/** The rows of some cells: names are read for these providers only. */
async function rowsOf(db: Db, cells: Cell[], all: Cells): Promise<CommissionRow[]> {
  const names = await agentNames(db, [...new Set(cells.map((c) => c.agentId))]);
  return cells.map((c) => {
    const key = `${c.agentId}|${c.month}`;
    return {
      agentId: String(c.agentId),
      agentName: names.get(c.agentId) ?? `服务商 ${c.agentId}`,
      month: c.month,
      base: c.base,
      rateBp: rateOn(all.rates.get(c.agentId) ?? [], `${c.month}-31`),
      commission: c.commission,
      usual: c.usual,
      anomalies: c.anomalies,
      checked: all.checks.get(key) ?? null,
    };
  });
}

const agentOf = (filter: Filter) => (filter.agentId === undefined ? undefined : toDbId(filter.agentId));

/** Every row matching the filters, in the screen's order: the export and the tests. */
export async function commissionReport(db: Db, filter: Filter): Promise<{ rows: CommissionRow[] }> {
  const all = await commissionCells(db, filter, agentOf(filter));
  return { rows: await rowsOf(db, filterAndSort(all.cells, all.months.length, filter), all) };
}

/** One page of the report, its total, the open anomalies and the per-month series for the chart. */
export async function commissionPage(db: Db, query: CommissionQuery): Promise<CommissionReport> {
  const all = await commissionCells(db, query, agentOf(query));
  const matching = filterAndSort(all.cells, all.months.length, query);
  const start = (query.page - 1) * query.pageSize;
  const perMonth = new Map(all.months.map((m) => [m, 0]));
  let openAnomalies = 0;
  for (const c of all.cells) {
    perMonth.set(c.month, perMonth.get(c.month)! + c.commission);
    if (anomalyRank(c) === 0) openAnomalies += 1;
  }
  return {
    rows: await rowsOf(db, matching.slice(start, start + query.pageSize), all),
    total: matching.length,
    openAnomalies,
    byMonth: [...perMonth].map(([month, commission]) => ({ month, commission })),
  };
}
