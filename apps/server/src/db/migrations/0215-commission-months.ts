import type { Kysely } from 'kysely';
import { isPostgres, refType, sql } from './helpers.js';

// 佣金监控 (issue 18) computed every provider-month's commission and anomaly flags per request
// (~29 000 at 1 000 providers over two years: 80–320 ms at 10M payments) to order them 异常优先.
// This table keeps them, recomputed in the payment's transaction for the months a payment
// changes (modules/reports/commission-months.ts), so a page is an indexed ORDER BY … LIMIT.
// Filled here from the rollups, rates and checks, by the rules as they stood at this migration
// (copied below: a migration is frozen history and reads no module code).
export async function up(db: Kysely<unknown>): Promise<void> {
  const money = isPostgres(db) ? ('bigint' as const) : ('integer' as const);
  await db.schema
    .createTable('commission_month')
    .addColumn('agent_id', refType(db), (c) => c.notNull().references('agent.id').onDelete('cascade'))
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('base', money, (c) => c.notNull())
    .addColumn('commission', money, (c) => c.notNull())
    .addColumn('rate_bp', 'integer', (c) => c.notNull())
    .addColumn('usual', money)
    // Anomaly bits: 1 negative, 2 far above the usual, 4 rate changed after the 1st.
    .addColumn('flags', 'integer', (c) => c.notNull())
    .addColumn('checked', 'integer', (c) => c.notNull())
    // 0 an open anomaly, 1 a checked one, 2 none: the 异常优先 order.
    .addColumn('rank', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('commission_month_pk', ['agent_id', 'month'])
    .execute();
  // One index per order of the screen (ties: newest month, then provider number); the month one
  // also covers the per-month sums and counts the report takes over its whole range.
  await db.schema
    .createIndex('commission_month_by_rank')
    .on('commission_month')
    .columns(['rank', 'month desc', 'agent_id'])
    .execute();
  await db.schema
    .createIndex('commission_month_by_month')
    .on('commission_month')
    .columns(['month desc', 'agent_id', 'commission', 'rank', 'checked'])
    .execute();
  await db.schema
    .createIndex('commission_month_by_commission')
    .on('commission_month')
    .columns(['commission desc', 'month desc', 'agent_id'])
    .execute();
  await fillCommissionMonths(db);
  await sql`analyze commission_month`.execute(db);
}

// The tables as this migration reads and writes them (camelCase: the app's CamelCasePlugin).
interface FillTables {
  agentCommissionRate: { agentId: number; rateBp: number; effectiveFrom: string };
  paymentRollupProviderMonth: { agentId: number; source: number; month: string; amount: number; refundAmount: number };
  paymentRollupProviderDay: { agentId: number; source: number; day: string; amount: number; refundAmount: number };
  commissionCheck: { agentId: number; month: string };
  commissionMonth: {
    agentId: number;
    month: string;
    base: number;
    commission: number;
    rateBp: number;
    usual: number | null;
    flags: number;
    checked: number;
    rank: number;
  };
}

const STORE_PAYMENT_SOURCE = 1;
const USUAL_MONTHS = 6;
const SPIKE_FACTOR = 3;

interface Rate {
  rateBp: number;
  effectiveFrom: string;
}

interface ProviderPayments {
  rates: Rate[];
  nets: Map<string, number>;
  splitDays: { day: string; net: number }[];
}

const net = sql<number>`${sql.ref('amount')} - ${sql.ref('refund_amount')}`;

function rateOn(rates: Rate[], day: string): number {
  let bp = 0;
  for (const r of rates) if (r.effectiveFrom <= day) bp = r.rateBp;
  return bp;
}

function addMonths(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const total = y * 12 + (m - 1) + n;
  return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}`;
}

const splitsMonth = (r: Rate) => !r.effectiveFrom.endsWith('-01');

/** Bits 1 negative, 2 far above the usual, 4 a rate starting after the 1st of this month. */
function flagsOf(month: string, commission: number, history: number[], rates: Rate[]) {
  const usual = history.length >= 2 ? Math.round(history.reduce((a, b) => a + b, 0) / history.length) : null;
  let flags = commission < 0 ? 1 : 0;
  if (usual !== null && usual > 0 && commission > usual * SPIKE_FACTOR) flags |= 2;
  if (rates.some((r) => r.effectiveFrom.slice(0, 7) === month && splitsMonth(r))) flags |= 4;
  return { usual, flags };
}

async function loadPayments(db: Kysely<FillTables>): Promise<Map<number, ProviderPayments>> {
  const rateRows = await db
    .selectFrom('agentCommissionRate')
    .select(['agentId', 'rateBp', 'effectiveFrom'])
    .orderBy('effectiveFrom')
    .execute();
  const netRows = await db
    .selectFrom('paymentRollupProviderMonth')
    .select(['agentId', 'month', net.as('net')])
    .where('source', '=', STORE_PAYMENT_SOURCE)
    .execute();
  const out = new Map<number, ProviderPayments>();
  const of = (id: number) => {
    let p = out.get(id);
    if (!p) out.set(id, (p = { rates: [], nets: new Map(), splitDays: [] }));
    return p;
  };
  for (const r of rateRows) of(Number(r.agentId)).rates.push({ rateBp: r.rateBp, effectiveFrom: r.effectiveFrom });
  for (const r of netRows) of(Number(r.agentId)).nets.set(r.month, Number(r.net));
  for (const r of rateRows.filter(splitsMonth)) {
    const month = r.effectiveFrom.slice(0, 7);
    const days = await db
      .selectFrom('paymentRollupProviderDay')
      .select(['day', net.as('net')])
      .where('source', '=', STORE_PAYMENT_SOURCE)
      .where('agentId', '=', Number(r.agentId))
      .where('day', '>=', `${month}-01`)
      .where('day', '<=', `${month}-31`)
      .execute();
    of(Number(r.agentId)).splitDays.push(...days.map((d) => ({ day: d.day, net: Number(d.net) })));
  }
  return out;
}

/** One provider's months with a payment or a rate change, from its first to its last. */
function providerMonths(p: ProviderPayments) {
  const { rates, nets } = p;
  const months = [...nets.keys(), ...rates.map((r) => r.effectiveFrom.slice(0, 7))].sort();
  if (months.length === 0) return [];
  const weighedByDay = new Map<string, number>();
  for (const d of p.splitDays) {
    const month = d.day.slice(0, 7);
    weighedByDay.set(month, (weighedByDay.get(month) ?? 0) + d.net * rateOn(rates, d.day));
  }
  const split = new Set(rates.filter(splitsMonth).map((r) => r.effectiveFrom.slice(0, 7)));
  const changed = new Set(rates.map((r) => r.effectiveFrom.slice(0, 7)));
  // NaN: no payment that month (no commission to count in the usual).
  const paid = (month: string): number => {
    const n = nets.get(month);
    if (n === undefined) return NaN;
    const weighted = split.has(month) ? (weighedByDay.get(month) ?? 0) : n * rateOn(rates, `${month}-01`);
    return Math.round(weighted / 10_000);
  };
  const out = [];
  for (let month = months[0]!; month <= months.at(-1)!; month = addMonths(month, 1)) {
    if (!nets.has(month) && !changed.has(month)) continue;
    const own = paid(month);
    const commission = Number.isNaN(own) ? 0 : own;
    const history: number[] = [];
    for (let back = 1; back <= USUAL_MONTHS; back += 1) {
      const c = paid(addMonths(month, -back));
      if (!Number.isNaN(c)) history.push(c);
    }
    const { usual, flags } = flagsOf(month, commission, history, rates);
    out.push({ month, base: nets.get(month) ?? 0, commission, rateBp: rateOn(rates, `${month}-31`), usual, flags });
  }
  return out;
}

async function fillCommissionMonths(db: Kysely<FillTables>): Promise<void> {
  const checked = new Set(
    (await db.selectFrom('commissionCheck').select(['agentId', 'month']).execute()).map(
      (c) => `${Number(c.agentId)}|${c.month}`,
    ),
  );
  const rows = [];
  for (const [agentId, p] of await loadPayments(db)) {
    for (const m of providerMonths(p)) {
      const isChecked = checked.has(`${agentId}|${m.month}`);
      const rank = m.flags === 0 ? 2 : isChecked ? 1 : 0;
      rows.push({ agentId, ...m, checked: isChecked ? 1 : 0, rank });
    }
  }
  // 500 rows × 9 values stay under SQLite's and PostgreSQL's bound-parameter limits.
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto('commissionMonth')
      .values(rows.slice(i, i + 500))
      .execute();
  }
}
