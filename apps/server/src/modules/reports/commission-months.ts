import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../../db/engine.js';
import type { Database } from '../../db/types.js';
import { netSql } from '../finance/payment-money.js';
import {
  type ProviderPayments,
  type Rate,
  USUAL_MONTHS,
  addMonths,
  anomalyRank,
  providerCommissionMonths,
  splitsMonth,
} from './commission-rules.js';
import { ROLLUP_SOURCE } from './rollup-source.js';

// 佣金监控's table (migration 0215): every provider-month's commission, usual and anomaly flags,
// kept as the provider's payments and rates change, so the report is an indexed ORDER BY … LIMIT
// instead of computing ~29 000 provider-months per request. A store payment or refund changes its
// month's commission and the usual of the USUAL_MONTHS after it: those months are recomputed from
// the rollups in the payment's transaction (`refreshAfterStorePayment`, called by rollups.ts). A
// rate changes every month from its own on: the provider is recomputed whole (`addCommissionRates`).

type Db = Kysely<Database>;

/** The advisory-lock space of a provider's commission months (PostgreSQL), beside its id. */
const COMMISSION_LOCK_SPACE = 18_215;

/**
 * Two transactions paying the same provider's stores each recompute from the rollups: on
 * PostgreSQL the second waits here until the first commits, then reads its rollups (READ
 * COMMITTED), so the last writer's months include both payments; a check of one of its months
 * waits the same way. SQLite has one writer.
 */
async function lockProvider(trx: Db, agentId: number): Promise<void> {
  if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(${COMMISSION_LOCK_SPACE}, ${agentId}::int)`.execute(trx);
}

/** What the months of some providers are computed from; `span` limits the months read. */
async function loadPayments(
  db: Db,
  agentId: number | undefined,
  span?: { first: string; last: string },
): Promise<Map<number, ProviderPayments>> {
  let rateQuery = db.selectFrom('agentCommissionRate').select(['agentId', 'rateBp', 'effectiveFrom']);
  if (agentId !== undefined) rateQuery = rateQuery.where('agentId', '=', agentId);
  let netQuery = db
    .selectFrom('paymentRollupProviderMonth')
    .select(['agentId', 'month', netSql().as('net')])
    .where('source', '=', ROLLUP_SOURCE.storePayment);
  if (agentId !== undefined) netQuery = netQuery.where('agentId', '=', agentId);
  if (span) netQuery = netQuery.where('month', '>=', span.first).where('month', '<=', span.last);
  const [rateRows, netRows] = await Promise.all([rateQuery.orderBy('effectiveFrom').execute(), netQuery.execute()]);

  const out = new Map<number, ProviderPayments>();
  const of = (id: number) => {
    let p = out.get(id);
    if (!p) out.set(id, (p = { rates: [], nets: new Map(), splitDays: [] }));
    return p;
  };
  for (const r of rateRows) of(Number(r.agentId)).rates.push({ rateBp: r.rateBp, effectiveFrom: r.effectiveFrom });
  for (const r of netRows) of(Number(r.agentId)).nets.set(r.month, Number(r.net));
  // Only a month a rate splits is read per day, for its provider only.
  const splits = rateRows
    .filter(splitsMonth)
    .map((r) => ({ agentId: Number(r.agentId), month: r.effectiveFrom.slice(0, 7) }))
    .filter((s) => !span || (s.month >= span.first && s.month <= span.last));
  for (const s of splits) {
    const days = await db
      .selectFrom('paymentRollupProviderDay')
      .select(['day', netSql().as('net')])
      .where('source', '=', ROLLUP_SOURCE.storePayment)
      .where('agentId', '=', s.agentId)
      .where('day', '>=', `${s.month}-01`)
      // A day text never passes "-31".
      .where('day', '<=', `${s.month}-31`)
      .execute();
    of(s.agentId).splitDays.push(...days.map((d) => ({ day: d.day, net: Number(d.net) })));
  }
  return out;
}

/** The months a provider's figures span: its first and last month with a payment or a rate. */
function spanOf(p: ProviderPayments): { first: string; last: string } | null {
  const months = [...p.nets.keys(), ...p.rates.map((r) => r.effectiveFrom.slice(0, 7))].sort();
  return months.length === 0 ? null : { first: months[0]!, last: months.at(-1)! };
}

/** The table's rows of some providers' months, as the rollups, rates and checks give them. */
async function computedRows(db: Db, payments: Map<number, ProviderPayments>, window?: { first: string; last: string }) {
  const ids = [...payments.keys()];
  let checkQuery = db.selectFrom('commissionCheck').select(['agentId', 'month']);
  if (ids.length === 1) checkQuery = checkQuery.where('agentId', '=', ids[0]!);
  if (window) checkQuery = checkQuery.where('month', '>=', window.first).where('month', '<=', window.last);
  const checked = new Set((await checkQuery.execute()).map((c) => `${Number(c.agentId)}|${c.month}`));
  const rows = [];
  for (const [agentId, p] of payments) {
    const span = window ?? spanOf(p);
    if (!span) continue;
    for (const m of providerCommissionMonths(p, span.first, span.last)) {
      const isChecked = checked.has(`${agentId}|${m.month}`);
      rows.push({ agentId, ...m, checked: isChecked ? 1 : 0, rank: anomalyRank(m.flags, isChecked) });
    }
  }
  return rows;
}

type Row = Awaited<ReturnType<typeof computedRows>>[number];

async function insertRows(db: Db, rows: Row[]): Promise<void> {
  // 500 rows × 9 values stay under SQLite's and PostgreSQL's bound-parameter limits.
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto('commissionMonth')
      .values(rows.slice(i, i + 500))
      .execute();
  }
}

/** Recomputes one provider's months from `first` to `last`. Call inside the writing transaction. */
async function refreshWindow(trx: Db, agentId: number, first: string, last: string): Promise<void> {
  await lockProvider(trx, agentId);
  const payments = await loadPayments(trx, agentId, { first: addMonths(first, -USUAL_MONTHS), last });
  const rows = payments.size === 0 ? [] : await computedRows(trx, payments, { first, last });
  await trx
    .deleteFrom('commissionMonth')
    .where('agentId', '=', agentId)
    .where('month', '>=', first)
    .where('month', '<=', last)
    .execute();
  await insertRows(trx, rows);
}

/**
 * A store payment or refund of this provider counted on this China day: its month's commission
 * and the usual of the months after it change. Call inside the payment's transaction, after the
 * rollups took the payment.
 */
export async function refreshAfterStorePayment(trx: Db, agentId: number, day: string): Promise<void> {
  const month = day.slice(0, 7);
  await refreshWindow(trx, agentId, month, addMonths(month, USUAL_MONTHS));
}

/** Recomputes all of one provider's months (after its rates changed). */
export async function refreshProviderCommission(trx: Db, agentId: number): Promise<void> {
  await lockProvider(trx, agentId);
  const payments = await loadPayments(trx, agentId);
  const rows = await computedRows(trx, payments);
  await trx.deleteFrom('commissionMonth').where('agentId', '=', agentId).execute();
  await insertRows(trx, rows);
}

/** Adds commission rates (the seeds, tests and data generators write them) and recomputes their providers. */
export async function addCommissionRates(
  db: Db,
  rates: (Rate & { agentId: number; createdAt: string })[],
): Promise<void> {
  if (rates.length === 0) return;
  const write = async (trx: Db) => {
    await trx.insertInto('agentCommissionRate').values(rates).execute();
    for (const agentId of new Set(rates.map((r) => r.agentId))) await refreshProviderCommission(trx, agentId);
  };
  await (db.isTransaction ? write(db) : db.transaction().execute(write));
}

/**
 * A provider-month was marked as checked: it leaves the open anomalies. Call in the check's
 * transaction, after writing the check. The provider's lock orders it with a payment's recompute,
 * which reads the checks and rewrites the months: whichever runs second sees the other's work.
 */
export async function markCommissionMonthChecked(trx: Db, agentId: number, month: string): Promise<void> {
  await lockProvider(trx, agentId);
  await trx
    .updateTable('commissionMonth')
    .set({ checked: 1, rank: sql<number>`case when flags = 0 then 2 else 1 end` })
    .where('agentId', '=', agentId)
    .where('month', '=', month)
    .execute();
}

/** Replaces every provider-month with what the rollups, rates and checks give (`npm run rollups -- rebuild`). */
export async function rebuildCommissionMonths(db: Db): Promise<number> {
  const rows = await computedRows(db, await loadPayments(db, undefined));
  await db.deleteFrom('commissionMonth').execute();
  await insertRows(db, rows);
  return rows.length;
}

export interface CommissionMonthDifference {
  /** commission_month | month | provider */
  key: string;
  stored: Record<string, number | null> | null;
  computed: Record<string, number | null> | null;
}

/** The stored provider-months against a recomputation from the rollups: the first `shown` differing keys and the count of all. */
export async function compareCommissionMonths(
  db: Db,
  shown = 50,
): Promise<{ differences: CommissionMonthDifference[]; total: number }> {
  const computed = await computedRows(db, await loadPayments(db, undefined));
  const stored = await db.selectFrom('commissionMonth').selectAll().execute();
  const figures = (r: Row | (typeof stored)[number]) => ({
    base: Number(r.base),
    commission: Number(r.commission),
    rateBp: Number(r.rateBp),
    usual: r.usual === null ? null : Number(r.usual),
    flags: Number(r.flags),
    checked: Number(r.checked),
    rank: Number(r.rank),
  });
  const sides = new Map<
    string,
    { stored: ReturnType<typeof figures> | null; computed: ReturnType<typeof figures> | null }
  >();
  const keyOf = (r: { agentId: number; month: string }) => `commission_month|${r.month}|${Number(r.agentId)}`;
  for (const r of computed) sides.set(keyOf(r), { stored: null, computed: figures(r) });
  for (const r of stored) {
    const side = sides.get(keyOf(r)) ?? { stored: null, computed: null };
    side.stored = figures(r);
    sides.set(keyOf(r), side);
  }
  const differences = [...sides]
    .filter(([, side]) => JSON.stringify(side.stored) !== JSON.stringify(side.computed))
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, side]) => ({ key, ...side }));
  return { differences: differences.slice(0, shown), total: differences.length };
}
