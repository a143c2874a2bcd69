import type { CommissionAnomaly, CommissionReport, CommissionRow, ReportRange } from '@console/contract';
import { ROLLUP_SOURCE } from './rollups.js';
import { type Db, agentNames, monthsOf } from './rollup-reads.js';

// 佣金监控: a provider earns its rate (basis points, with history) on its stores' payments to the
// platform (store payments, net of refunds), day by day at the rate in force that day. The sums
// come per provider-month; only a month whose rate changed after its 1st is read per day.

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

/** Commission per provider and month of the range, with the months before it for the "usual". */
export async function commissionReport(db: Db, range: ReportRange): Promise<CommissionReport> {
  const months = monthsOf(range);
  const first = monthsBefore(months[0]!, USUAL_MONTHS);
  const rateRows = await db
    .selectFrom('agentCommissionRate')
    .select(['agentId', 'rateBp', 'effectiveFrom'])
    .orderBy('effectiveFrom')
    .execute();
  const rates = new Map<number, Rate[]>();
  for (const r of rateRows) rates.set(Number(r.agentId), [...(rates.get(Number(r.agentId)) ?? []), r]);
  const last = months.at(-1)!;
  // A month whose rate changed after its 1st is weighed day by day; every other month at one rate.
  const split = new Set(
    rateRows
      .filter((r) => !r.effectiveFrom.endsWith('-01') && r.effectiveFrom.slice(0, 7) >= first)
      .filter((r) => r.effectiveFrom.slice(0, 7) <= last)
      .map((r) => `${Number(r.agentId)}|${r.effectiveFrom.slice(0, 7)}`),
  );
  const monthly = await db
    .selectFrom('paymentRollupProviderMonth')
    .select(['month', 'agentId', 'amount', 'refundAmount'])
    .where('source', '=', ROLLUP_SOURCE.storePayment)
    .where('month', '>=', first)
    .where('month', '<=', last)
    .execute();
  // Only the split provider-months are read per day: one query per month that has any.
  const splitMonths = new Map<string, number[]>();
  for (const key of split) {
    const [agentId, month] = key.split('|') as [string, string];
    splitMonths.set(month, [...(splitMonths.get(month) ?? []), Number(agentId)]);
  }
  const daily = [];
  for (const [month, agentIds] of splitMonths) {
    daily.push(
      ...(await db
        .selectFrom('paymentRollupProviderDay')
        .select(['day', 'agentId', 'amount', 'refundAmount'])
        .where('source', '=', ROLLUP_SOURCE.storePayment)
        .where('agentId', 'in', agentIds)
        .where('day', '>=', `${month}-01`)
        // A day text never passes "-31".
        .where('day', '<=', `${month}-31`)
        .execute()),
    );
  }
  const periods = [
    ...monthly
      .filter((m) => !split.has(`${Number(m.agentId)}|${m.month}`))
      .map((m) => ({ ...m, day: `${m.month}-01` })),
    ...daily.filter((d) => split.has(`${Number(d.agentId)}|${d.day.slice(0, 7)}`)),
  ];

  // base and rate × amount summed per provider-month; commission rounds once per month.
  const sums = new Map<string, { agentId: number; month: string; base: number; weighted: number }>();
  for (const d of periods) {
    const agentId = Number(d.agentId);
    const month = d.day.slice(0, 7);
    const net = Number(d.amount) - Number(d.refundAmount);
    const key = `${agentId}|${month}`;
    const s = sums.get(key) ?? { agentId, month, base: 0, weighted: 0 };
    s.base += net;
    s.weighted += net * rateOn(rates.get(agentId) ?? [], d.day);
    sums.set(key, s);
  }
  // Commission per provider by month index (the range's months and the six before them): the
  // "usual" of a month is then a few array reads, not string keys built per row.
  const allMonths = monthsOf({ from: `${first}-01`, to: `${last}-01` });
  const monthIndex = new Map(allMonths.map((m, i) => [m, i]));
  const byAgent = new Map<number, (number | null)[]>();
  for (const s of sums.values()) {
    const list = byAgent.get(s.agentId) ?? allMonths.map(() => null);
    list[monthIndex.get(s.month)!] = Math.round(s.weighted / 10_000);
    byAgent.set(s.agentId, list);
  }
  const agentIds = new Set(byAgent.keys());
  for (const id of rates.keys()) agentIds.add(id);
  const names = await agentNames(db, [...agentIds]);
  const checks = await db
    .selectFrom('commissionCheck')
    .selectAll()
    .where('month', '>=', months[0]!)
    .where('month', '<=', months.at(-1)!)
    .execute();
  const checked = new Map(checks.map((c) => [`${Number(c.agentId)}|${c.month}`, c]));

  const rows: CommissionRow[] = [];
  const offset = monthIndex.get(months[0]!)!;
  for (const agentId of [...agentIds].sort((a, b) => a - b)) {
    const agentRates = rates.get(agentId) ?? [];
    const changed = new Set(agentRates.map((r) => r.effectiveFrom.slice(0, 7)));
    const commissions = byAgent.get(agentId);
    const name = names.get(agentId) ?? `服务商 ${agentId}`;
    months.forEach((month, i) => {
      const s = sums.get(`${agentId}|${month}`);
      if (!s && !changed.has(month)) return;
      const commission = commissions?.[offset + i] ?? 0;
      const history: number[] = [];
      for (let k = 1; k <= USUAL_MONTHS; k += 1) {
        const c = commissions?.[offset + i - k] ?? null;
        if (c !== null) history.push(c);
      }
      const c = checked.get(`${agentId}|${month}`);
      rows.push({
        agentId: String(agentId),
        agentName: name,
        month,
        base: s?.base ?? 0,
        rateBp: rateOn(agentRates, `${month}-31`),
        commission,
        ...anomaliesOf({ month, commission }, history, agentRates),
        checked: c ? { note: c.note, checkedBy: c.checkedBy, checkedAt: c.checkedAt } : null,
      });
    });
  }
  return { rows };
}
