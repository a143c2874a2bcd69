import { type Kysely, sql } from 'kysely';
import { DIGIT_WINDOW } from '../../db/migrations/keyword-gram-index.js';
import type { Database } from '../../db/types.js';

// The work of the row triggers the bulk load sets aside (bulk-load.ts), done once, set-based, over
// the ids the load wrote. Each statement says in SQL what the trigger says for one row
// (db/migrations/keyword-gram-index.ts, 0210-staff-due-counts.ts); scale-bulk.test.ts holds the
// two paths to the same rows.

/** The ids one load wrote into a table, both ends included. */
export interface IdRange {
  from: number;
  to: number;
}

/** The ends are written into the SQL (a bound pair per branch of a union is noise); only integers pass. */
function checkRange(r: IdRange): void {
  if (!Number.isSafeInteger(r.from) || !Number.isSafeInteger(r.to)) throw new Error(`bad id range ${r.from}..${r.to}`);
}

const DIGITS_GLOB = '[0-9]'.repeat(DIGIT_WINDOW);

/** SQLite: the bigrams and digit windows of `columns` of the rows in range, as rows (g, id). */
function sqliteGrams(table: string, columns: string[], r: IdRange): string {
  return columns
    .flatMap((c) => [
      `select substr(lower(t.${c}), s.n, 2) as g, t.id as id from ${table} t join search_gram_seq s on s.n < length(t.${c}) where t.id between ${r.from} and ${r.to}`,
      `select substr(t.${c}, s.n, ${DIGIT_WINDOW}) as g, t.id as id from ${table} t join search_gram_seq s
        on t.${c} glob '*${DIGITS_GLOB}*' and s.n <= length(t.${c}) - ${DIGIT_WINDOW - 1}
        and substr(t.${c}, s.n, ${DIGIT_WINDOW}) glob '${DIGITS_GLOB}' where t.id between ${r.from} and ${r.to}`,
    ])
    .join(' union all ');
}

/** PostgreSQL: the same rows, over the texts of the row unnested as `x`. */
function postgresGrams(table: string, columns: string[], r: IdRange): string {
  const texts = `${table} t, unnest(array[${columns.map((c) => `t.${c}::text`).join(', ')}]) x`;
  return `select substr(lower(x), n, 2) as g, t.id as id from ${texts}, generate_series(1, length(x) - 1) n
      where t.id between ${r.from} and ${r.to}
    union all
    select substr(x, n, ${DIGIT_WINDOW}) as g, t.id as id from ${texts}, generate_series(1, length(x) - ${DIGIT_WINDOW - 1}) n
      where t.id between ${r.from} and ${r.to} and substr(x, n, ${DIGIT_WINDOW}) ~ '^[0-9]{${DIGIT_WINDOW}}$'`;
}

/**
 * The keyword grams of `table`'s rows in `range`. Sorted by the index's key, so SQLite appends to
 * the B-tree instead of inserting at random (the per-row triggers' cost at 100 000 stores).
 */
export async function replayGrams(
  trx: Kysely<Database>,
  pg: boolean,
  table: string,
  columns: string[],
  range: IdRange,
): Promise<void> {
  checkRange(range);
  // PostgreSQL: no \`distinct\` (a second sort of millions of rows); \`on conflict do nothing\` drops a
  // gram a row repeats as the trigger does.
  if (pg) {
    await sql
      .raw(
        `insert into search_gram (tbl, gram, row_id)
          select '${table}', g, id from (${postgresGrams(table, columns, range)}) s order by 2, 3
          on conflict do nothing`,
      )
      .execute(trx);
    return;
  }
  await sql
    .raw(
      `insert or ignore into search_gram (tbl, gram, row_id)
        select '${table}', g, id from (${sqliteGrams(table, columns, range)}) order by g, id`,
    )
    .execute(trx);
}

/** The staff counts by due date and status (per provider and platform-wide) of the staff rows in `range`. */
export async function replayStaffDueCounts(trx: Kysely<Database>, range: IdRange): Promise<void> {
  checkRange(range);
  const keys = {
    staff_due_count: 'agent_id, due_date, status',
    staff_due_count_all: 'due_date, status',
  };
  for (const [table, key] of Object.entries(keys)) {
    await sql
      .raw(
        `insert into ${table} (${key}, n)
          select ${key}, count(*) from staff_applet_user where id between ${range.from} and ${range.to} group by ${key}
          on conflict (${key}) do update set n = ${table}.n + excluded.n`,
      )
      .execute(trx);
  }
}
