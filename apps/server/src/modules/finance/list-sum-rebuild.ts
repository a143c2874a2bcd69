import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/types.js';
import { dayOf } from '../reports/rollup-rebuild.js';
import {
  LIST_SUM_DAY,
  LIST_SUM_FIGURES,
  LIST_SUM_LEVELS,
  LIST_SUM_SOURCE,
  type ListSumLevel,
  listSumKeys,
} from './list-sum-rollup.js';
import { refundedSql } from './payment-money.js';

// Rebuilding the list-sums rollup from the payment rows (after a bulk load, a bug, a restore) and
// checking it against them: one GROUP BY over the rows, the same sums the write path adds one row
// at a time. The check runs in SQL (EXCEPT both ways) so ten million rows never enter JavaScript.

/** Every payment row grouped as the daily provider level keys it. */
function rawDaily(db: Kysely<Database>): RawBuilder<unknown> {
  const per = (table: string, source: number) => sql`
    select agent_id, ${sql.lit(source)} as source, coalesce(${dayOf(db, 'paid_at')}, '') as day, item, channel, status,
      count(*) as row_count, sum(amount) as amount, sum(${refundedSql('refund_amount')}) as refund_amount
    from ${sql.table(table)} group by agent_id, coalesce(${dayOf(db, 'paid_at')}, ''), item, channel, status`;
  return sql`${per('store_payment', LIST_SUM_SOURCE.storePayment)}
    union all ${per('provider_payment', LIST_SUM_SOURCE.providerPayment)}`;
}

/** A level's rows summed from daily provider rows in `from` (a table name). */
function levelFrom(level: ListSumLevel, from: string): RawBuilder<unknown> {
  const keys = listSumKeys(level).map((k) => (k === 'month' ? sql`substr(day, 1, 7)` : sql.ref(k)));
  // Named columns: PostgreSQL calls every unnamed sum "sum", and rows are read by position.
  const named = listSumKeys(level).map((k, i) => sql`${keys[i]} as ${sql.ref(k)}`);
  const figures = LIST_SUM_FIGURES.map((f) => sql`sum(${sql.ref(f)}) as ${sql.ref(f)}`);
  return sql`select ${sql.join([...named, ...figures])} from ${sql.table(from)} group by ${sql.join(keys)}`;
}

const columnsOf = (level: ListSumLevel) =>
  sql.join([...listSumKeys(level), ...LIST_SUM_FIGURES].map((c) => sql.ref(c)));

/** Replaces every level's rows with the sums of the payment rows; run inside a transaction. */
export async function fillListSums(trx: Kysely<Database>): Promise<number> {
  for (const level of LIST_SUM_LEVELS) await sql`delete from ${sql.table(level.table)}`.execute(trx);
  await sql`insert into ${sql.table(LIST_SUM_DAY.table)} (${columnsOf(LIST_SUM_DAY)}) ${rawDaily(trx)}`.execute(trx);
  // The coarser levels from the daily one: far fewer rows than the payments.
  for (const level of LIST_SUM_LEVELS.filter((l) => l !== LIST_SUM_DAY)) {
    await sql`insert into ${sql.table(level.table)} (${columnsOf(level)}) ${levelFrom(level, LIST_SUM_DAY.table)}`.execute(
      trx,
    );
  }
  const row = await sql<{ n: number }>`select count(*) as n from ${sql.table(LIST_SUM_DAY.table)}`.execute(trx);
  return Number(row.rows[0]?.n ?? 0);
}

/** `fillListSums` in its own transaction; answers the daily rows written. */
export const rebuildListSums = (db: Kysely<Database>) => db.transaction().execute(fillListSums);

export interface ListSumDifference {
  /** Table | key columns (provider, source, period, item, channel, status as the level has them). */
  key: string;
  /** Which side has this row of figures that the other lacks. */
  side: 'rollup' | 'raw';
  figures: Record<string, number>;
}

const RAW = 'payment_list_sum_raw';
const SHOWN = 1000;

/**
 * Every rollup row whose figures differ from the payment rows' (a row of zeros counts as absent),
 * up to 1 000 per level and side; the raw sums are grouped once into a temporary table.
 */
export async function checkListSums(db: Kysely<Database>): Promise<ListSumDifference[]> {
  return db.transaction().execute(async (trx) => {
    await sql`create temporary table ${sql.table(RAW)} as ${rawDaily(trx)}`.execute(trx);
    try {
      const differences: ListSumDifference[] = [];
      for (const level of LIST_SUM_LEVELS) {
        const stored = sql`select ${columnsOf(level)} from ${sql.table(level.table)}
          where ${sql.join(
            LIST_SUM_FIGURES.map((f) => sql`${sql.ref(f)} <> 0`),
            sql` or `,
          )}`;
        const raw = levelFrom(level, RAW);
        for (const [side, a, b] of [
          ['rollup', stored, raw],
          ['raw', raw, stored],
        ] as const) {
          const rows = await sql<
            Record<string, unknown>
          >`select * from (${a} except ${b}) d limit ${sql.lit(SHOWN)}`.execute(trx);
          for (const r of rows.rows) {
            const values = Object.values(r);
            const keys = values.slice(0, listSumKeys(level).length);
            const figures = Object.fromEntries(LIST_SUM_FIGURES.map((f, i) => [f, Number(values[keys.length + i])]));
            differences.push({ key: [level.table, ...keys].join('|'), side, figures });
          }
        }
      }
      return differences;
    } finally {
      await sql`drop table ${sql.table(RAW)}`.execute(trx);
    }
  });
}
