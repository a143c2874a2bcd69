import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/types.js';

// The rollup tables (issue 18). The daily one (day × provider × source × product) is the finest;
// the others sum it coarser so that no report reads as many rows as there are payments: per
// month for the whole months of a range, and per day without provider or without product for the
// partial months at its edges. Every write adds to all of them in one transaction (rollups.ts);
// the rebuild derives the coarse ones from the daily one and the check compares each with the raw
// records (rollup-rebuild.ts).

export interface RollupLevel {
  /** SQL table name. */
  table: string;
  period: 'day' | 'month' | 'year';
  /** Keyed by provider. */
  agent: boolean;
  /** Keyed by product (the payment item or hardware product). */
  product: boolean;
}

export const DAILY: RollupLevel = { table: 'payment_rollup', period: 'day', agent: true, product: true };
export const MONTHLY: RollupLevel = { table: 'payment_rollup_month', period: 'month', agent: true, product: true };
export const AGENT_DAY: RollupLevel = {
  table: 'payment_rollup_provider_day',
  period: 'day',
  agent: true,
  product: false,
};
export const AGENT_MONTH: RollupLevel = {
  table: 'payment_rollup_provider_month',
  period: 'month',
  agent: true,
  product: false,
};
/** 服务商数据统计's whole years (its ranges and the periods before them run to two years and more). */
export const AGENT_YEAR: RollupLevel = {
  table: 'payment_rollup_provider_year',
  period: 'year',
  agent: true,
  product: false,
};
export const PLATFORM_DAY: RollupLevel = {
  table: 'payment_rollup_platform_day',
  period: 'day',
  agent: false,
  product: true,
};
export const PLATFORM_MONTH: RollupLevel = {
  table: 'payment_rollup_platform_month',
  period: 'month',
  agent: false,
  product: true,
};

export const ROLLUP_LEVELS = [DAILY, MONTHLY, AGENT_DAY, AGENT_MONTH, PLATFORM_DAY, PLATFORM_MONTH, AGENT_YEAR];

/** The figures every rollup sums, as SQL columns. */
export const FIGURE_COLUMNS = ['amount', 'paid_count', 'quantity', 'refund_amount', 'refund_count'] as const;

/** A level's key columns, period first. */
export function keyColumns(level: RollupLevel): string[] {
  return [level.period, ...(level.agent ? ['agent_id'] : []), 'source', ...(level.product ? ['product'] : [])];
}

/** A key column as computed from a daily rollup row: a month or year is the start of its day. */
export function keyFromDay(column: string) {
  if (column === 'month') return sql`substr(day, 1, 7)`;
  if (column === 'year') return sql`substr(day, 1, 4)`;
  return sql.ref(column);
}

/** The coarse levels for a period and what the report groups by (the finer level when no coarser one fits). */
export function levelFor(period: 'day' | 'month', by: { agent: boolean; product: boolean }): RollupLevel {
  if (!by.product) return period === 'day' ? AGENT_DAY : AGENT_MONTH;
  if (!by.agent) return period === 'day' ? PLATFORM_DAY : PLATFORM_MONTH;
  return period === 'day' ? DAILY : MONTHLY;
}

export interface RollupKey {
  day: string;
  agentId: number;
  source: number;
  product: number;
}

export interface RollupDelta {
  amount: number;
  paidCount: number;
  quantity: number;
  refundAmount: number;
  refundCount: number;
}

/** Adds one delta to the row of every level it falls in (upsert; the same SQL on both engines). */
export async function bumpLevels(trx: Kysely<Database>, key: RollupKey, d: RollupDelta): Promise<void> {
  const values: Record<string, string | number> = {
    day: key.day,
    month: key.day.slice(0, 7),
    year: key.day.slice(0, 4),
    agent_id: key.agentId,
    source: key.source,
    product: key.product,
    amount: d.amount,
    paid_count: d.paidCount,
    quantity: d.quantity,
    refund_amount: d.refundAmount,
    refund_count: d.refundCount,
  };
  for (const level of ROLLUP_LEVELS) {
    const keys = keyColumns(level);
    const columns = [...keys, ...FIGURE_COLUMNS];
    const t = sql.table(level.table);
    await sql`insert into ${t} (${sql.join(columns.map((c) => sql.ref(c)))})
      values (${sql.join(columns.map((c) => values[c]))})
      on conflict (${sql.join(keys.map((c) => sql.ref(c)))}) do update set ${sql.join(
        FIGURE_COLUMNS.map((f) => sql`${sql.ref(f)} = ${sql.ref(`${level.table}.${f}`)} + excluded.${sql.ref(f)}`),
      )}`.execute(trx);
  }
}
