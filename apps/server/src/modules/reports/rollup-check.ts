import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/types.js';
import { FIGURE_COLUMNS, ROLLUP_LEVELS, type RollupLevel, keyColumns, keyFromDay } from './rollup-levels.js';
import { compareCommissionMonths } from './commission-months.js';
import { rawRollups } from './rollup-rebuild.js';

// `npm run rollups -- check`: every rollup level against the raw records, compared in SQL. The raw
// daily sums are computed once into a temporary table (one pass over the records, as the rebuild
// does); each level is then compared by one GROUP BY over that table and the level's own rows, so
// only the differing keys (at most `shownPerLevel` of them per level) come back to JavaScript. At
// ten million payments nothing else is held in memory. Last, 佣金监控's provider-months (~30 000
// at that size) are recomputed from the rollups in memory and compared with their table.

const FIGURES = ['amount', 'paidCount', 'quantity', 'refundAmount', 'refundCount'] as const;
type Figures = Record<(typeof FIGURES)[number], number>;

export interface RollupDifference {
  /** Table | period | provider | source | product (the parts the table has). */
  key: string;
  rollup: Record<string, number | null> | null;
  raw: Record<string, number | null> | null;
}

export interface RollupCheck {
  /** The first differing keys of each level (in key order). */
  differences: RollupDifference[];
  /** Every differing key of every level. */
  total: number;
}

const RAW = 'rollup_check_raw';

/** One level's differing keys: a key differs when any figure's rollup sum and raw sum differ (a missing row is zeros). */
async function compareLevel(db: Kysely<Database>, level: RollupLevel, shown: number) {
  const keys = keyColumns(level);
  const rawKeys = keys.map(keyFromDay);
  const figures = FIGURE_COLUMNS.map((f) => sql.ref(f));
  const byKey = sql.join(keys.map((k) => sql.ref(k)));
  // side 1: the stored rollup rows; side 0: the raw sums.
  const sideSum = (side: number, column: string) =>
    sql`sum(case when side = ${sql.lit(side)} then ${sql.ref(column)} end)`;
  const columns = FIGURE_COLUMNS.flatMap((f, i) => [
    sql`${sideSum(1, f)} as ${sql.ref(`rollup${i}`)}`,
    sql`${sideSum(0, f)} as ${sql.ref(`raw${i}`)}`,
  ]);
  const differs = sql.join(
    FIGURE_COLUMNS.map((f) => sql`coalesce(${sideSum(1, f)}, 0) <> coalesce(${sideSum(0, f)}, 0)`),
    sql` or `,
  );
  const rows = await sql<Record<string, unknown>>`
    select ${byKey}, count(*) over () as differing, ${sql.join(columns)}
    from (
      select ${sql.join(rawKeys.map((k, i) => sql`${k} as ${sql.ref(keys[i]!)}`))}, 0 as side, ${sql.join(figures)}
        from ${sql.table(RAW)}
      union all
      select ${byKey}, 1 as side, ${sql.join(figures)} from ${sql.table(level.table)}
    ) sides
    group by ${byKey}
    having ${differs}
    order by ${byKey}
    limit ${shown}`.execute(db);
  const side = (r: Record<string, unknown>, prefix: 'rollup' | 'raw'): Figures | null =>
    // Every figure is null when the side has no row for the key (a SQL sum over no rows).
    r[`${prefix}0`] === null
      ? null
      : (Object.fromEntries(FIGURES.map((f, i) => [f, Number(r[`${prefix}${i}`])])) as Figures);
  const differences = rows.rows.map((r) => ({
    key: [
      level.table,
      String(r[level.period]),
      ...(level.agent ? [Number(r.agentId)] : []),
      Number(r.source),
      ...(level.product ? [Number(r.product)] : []),
    ].join('|'),
    rollup: side(r, 'rollup'),
    raw: side(r, 'raw'),
  }));
  return { differences, total: Number(rows.rows[0]?.differing ?? 0) };
}

/** Every rollup level against the raw records: the first `shownPerLevel` differing keys of each and the count of all. */
export async function compareRollups(db: Kysely<Database>, shownPerLevel = 50): Promise<RollupCheck> {
  // A temporary table lives on one connection: the whole check runs on one.
  return db.connection().execute(async (conn) => {
    await sql`drop table if exists ${sql.table(RAW)}`.execute(conn);
    await sql`create temporary table ${sql.table(RAW)} as ${rawRollups(conn)}`.execute(conn);
    try {
      const out: RollupCheck = { differences: [], total: 0 };
      for (const level of ROLLUP_LEVELS) {
        const one = await compareLevel(conn, level, shownPerLevel);
        out.differences.push(...one.differences);
        out.total += one.total;
      }
      // 佣金监控's provider-months against a recomputation from the rollups (stored as "rollup",
      // computed as "raw"): they are derived from the rollups, not the records.
      const commission = await compareCommissionMonths(conn, shownPerLevel);
      out.differences.push(...commission.differences.map((d) => ({ key: d.key, rollup: d.stored, raw: d.computed })));
      out.total += commission.total;
      return out;
    } finally {
      await sql`drop table if exists ${sql.table(RAW)}`.execute(conn);
    }
  });
}

/** The differing keys (up to 1 000 per level): empty when every rollup equals the records. */
export async function checkRollups(db: Kysely<Database>): Promise<RollupDifference[]> {
  return (await compareRollups(db, 1_000)).differences;
}
