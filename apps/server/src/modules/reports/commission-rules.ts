import type { CommissionAnomaly } from '@console/contract';
import type { CommissionMonthTable } from '../../db/tables/reports.js';

// 佣金监控's rules, on numbers only: a provider earns its rate (basis points, with history) on its
// stores' payments to the platform (store payments, net of refunds), day by day at the rate in
// force that day, rounded once per month; a month is flagged when its commission is negative, far
// above the provider's usual, or its rate changed after the 1st. commission-months.ts keeps the
// result per provider-month in a table; the report reads that table.

/** Months of history a month is compared with, and how far above their average is "far above". */
export const USUAL_MONTHS = 6;
export const SPIKE_FACTOR = 3;

export interface Rate {
  rateBp: number;
  effectiveFrom: string;
}

/** The rate in force on a day: the latest one effective on or before it; none means 0. */
export function rateOn(rates: Rate[], day: string): number {
  let bp = 0;
  for (const r of rates) if (r.effectiveFrom <= day) bp = r.rateBp;
  return bp;
}

/** A month (YYYY-MM) moved by n months. */
export function addMonths(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const total = y * 12 + (m - 1) + n;
  return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}`;
}

/** A rate that starts after the 1st of its month splits that month: it is weighed day by day. */
export const splitsMonth = (r: Rate) => !r.effectiveFrom.endsWith('-01');

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
  if (rates.some((r) => r.effectiveFrom.slice(0, 7) === row.month && splitsMonth(r))) anomalies.push('rateChanged');
  return { usual, anomalies };
}

/** The anomalies as stored: one bit each, in the order the screen lists them. */
const ANOMALY_BITS: [CommissionAnomaly, number][] = [
  ['negative', 1],
  ['spike', 2],
  ['rateChanged', 4],
];
export const anomalyFlags = (anomalies: CommissionAnomaly[]) =>
  ANOMALY_BITS.reduce((flags, [name, bit]) => (anomalies.includes(name) ? flags | bit : flags), 0);
export const anomaliesOfFlags = (flags: number): CommissionAnomaly[] =>
  ANOMALY_BITS.filter(([, bit]) => (flags & bit) !== 0).map(([name]) => name);

/** 0: an anomaly nobody checked yet; 1: a checked anomaly; 2: no anomaly. The 异常优先 order. */
export const anomalyRank = (flags: number, checked: boolean) => (flags === 0 ? 2 : checked ? 1 : 0);

/** One provider-month of the report as computed: the stored row without its provider and check. */
export type CommissionMonth = Omit<CommissionMonthTable, 'agentId' | 'checked' | 'rank'>;

/** What a provider's months are computed from: its rates and its stores' net per month. */
export interface ProviderPayments {
  /** Ordered by effective date. */
  rates: Rate[];
  /** Net per month that had any payment or refund (a month absent had none). */
  nets: Map<string, number>;
  /** Net per day, for the months a rate splits (and only those). */
  splitDays: { day: string; net: number }[];
}

/**
 * One provider's months from `first` to `last`: a month is there when it had a payment or a rate
 * change. `payments.nets` must hold the USUAL_MONTHS before `first` too (the usual needs them), and
 * `splitDays` the days of every split month in that span.
 */
export function providerCommissionMonths(payments: ProviderPayments, first: string, last: string): CommissionMonth[] {
  const { rates, nets } = payments;
  const weighedByDay = new Map<string, number>();
  for (const d of payments.splitDays) {
    const month = d.day.slice(0, 7);
    weighedByDay.set(month, (weighedByDay.get(month) ?? 0) + d.net * rateOn(rates, d.day));
  }
  const split = new Set(rates.filter(splitsMonth).map((r) => r.effectiveFrom.slice(0, 7)));
  const changed = new Set(rates.map((r) => r.effectiveFrom.slice(0, 7)));
  // NaN: no payment that month (no commission to count in the usual).
  const paid = (month: string): number => {
    const net = nets.get(month);
    if (net === undefined) return NaN;
    const weighted = split.has(month) ? (weighedByDay.get(month) ?? 0) : net * rateOn(rates, `${month}-01`);
    return Math.round(weighted / 10_000);
  };
  const out: CommissionMonth[] = [];
  for (let month = first; month <= last; month = addMonths(month, 1)) {
    if (!nets.has(month) && !changed.has(month)) continue;
    const own = paid(month);
    const commission = Number.isNaN(own) ? 0 : own;
    const history: number[] = [];
    for (let back = 1; back <= USUAL_MONTHS; back += 1) {
      const c = paid(addMonths(month, -back));
      if (!Number.isNaN(c)) history.push(c);
    }
    const { usual, anomalies } = anomaliesOf({ month, commission }, history, rates);
    out.push({
      month,
      base: nets.get(month) ?? 0,
      commission,
      rateBp: rateOn(rates, `${month}-31`),
      usual,
      flags: anomalyFlags(anomalies),
    });
  }
  return out;
}
