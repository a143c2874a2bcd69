import { type Kysely, sql } from 'kysely';

// The keyword index's triggers and backfill for one table (migration 0180 explains the index;
// 0185 adds tables with the same code, so both build it alike; 0205 adds the digit windows).
//
// Two kinds of window live in search_gram, told apart by their length:
// - every two-character window (bigram) of the text, lower-cased;
// - every window of DIGIT_WINDOW ASCII digits. A phone or store number's bigrams are all common
//   (ten digits make only a hundred bigrams, each held by 10–45 % of a million staff), so a
//   digit keyword had no rare gram; four digits make 10 000 windows, ~800 staff rows each at a
//   million, which the list seeks (crud/keyword-grams.ts).

/**
 * Positions 1..SEQ_MAX, for SQLite's triggers (which may not use a recursive WITH). A text longer
 * than this would lose its later grams: the migration refuses a column holding one, and the
 * indexed columns are names, numbers, phones, operation summaries and SMS texts (templates of at
 * most 500 characters), all far below it.
 */
export const SEQ_MAX = 4096;

/** The length of a digit window (see the top of this file); crud/keyword-grams.ts reads it too. */
export const DIGIT_WINDOW = 4;

const DIGITS_GLOB = '[0-9]'.repeat(DIGIT_WINDOW);

/**
 * SQLite: the digit window of text `c` at `s.n` (a row of search_gram_seq), and the condition that
 * one starts there (the glob over the whole text first skips a text without any).
 */
const sqliteDigitWindow = (c: string) => ({
  g: `substr(${c}, s.n, ${DIGIT_WINDOW})`,
  at: `${c} glob '*${DIGITS_GLOB}*' and s.n <= length(${c}) - ${DIGIT_WINDOW - 1} and substr(${c}, s.n, ${DIGIT_WINDOW}) glob '${DIGITS_GLOB}'`,
});

/** PostgreSQL: the digit windows of `x` (a column of the enclosing unnest), as rows `g`. */
const postgresDigitWindows = (x: string) =>
  `select substr(${x}, n, ${DIGIT_WINDOW}) as g from generate_series(1, length(${x}) - ${DIGIT_WINDOW - 1}) n where substr(${x}, n, ${DIGIT_WINDOW}) ~ '^[0-9]{${DIGIT_WINDOW}}$'`;

/** Every gram-indexed table with its columns, as search_gram_source records them. */
export async function gramSourceTables(db: Kysely<unknown>): Promise<Map<string, string[]>> {
  const { rows } = await sql<{
    tbl: string;
    col: string;
  }>`select tbl, col from search_gram_source order by tbl, col`.execute(db);
  const indexed = new Map<string, string[]>();
  for (const { tbl, col } of rows) indexed.set(tbl, [...(indexed.get(tbl) ?? []), col]);
  return indexed;
}

/** Registers `columns` of `table` in search_gram_source, creates its triggers and backfills its grams. */
export async function indexGramTable(
  db: Kysely<unknown>,
  pg: boolean,
  table: string,
  columns: string[],
): Promise<void> {
  if (!pg) {
    for (const col of columns) {
      const { rows } = await sql<{
        n: number | null;
      }>`select max(length(${sql.ref(col)})) as n from ${sql.table(table)}`.execute(db);
      if (Number(rows[0]?.n ?? 0) > SEQ_MAX)
        throw new Error(`${table}.${col}: a text longer than ${SEQ_MAX} characters`);
    }
  }
  for (const col of columns) {
    await sql`insert into search_gram_source (tbl, col) values (${table}, ${col})`.execute(db);
  }
  await createGramTriggers(db, pg, table, columns);
  if (pg) {
    await sql
      .raw(
        `insert into search_gram (tbl, gram, row_id)
          select distinct '${table}', substr(lower(x), n, 2), t.id
          from ${table} t, unnest(array[${columns.map((c) => `t.${c}::text`).join(', ')}]) x, generate_series(1, length(x) - 1) n
          on conflict do nothing`,
      )
      .execute(db);
  } else {
    // Backfill in the primary key's order: appending to the B-tree instead of inserting at random
    // (a million staff rows give ~12 million grams).
    const every = columns
      .map(
        (c) =>
          `select substr(lower(t.${c}), s.n, 2) as g, t.id as id from ${table} t join search_gram_seq s on s.n < length(t.${c})`,
      )
      .join(' union all ');
    await sql
      .raw(
        `insert or ignore into search_gram (tbl, gram, row_id) select '${table}', g, id from (${every}) order by g, id`,
      )
      .execute(db);
  }
  await backfillDigitWindows(db, pg, table, columns);
}

/** Adds the digit windows of `columns` of every row of `table` (migration 0205 for tables indexed before it). */
export async function backfillDigitWindows(
  db: Kysely<unknown>,
  pg: boolean,
  table: string,
  columns: string[],
): Promise<void> {
  if (pg) {
    await sql
      .raw(
        `insert into search_gram (tbl, gram, row_id)
          select distinct '${table}', w.g, t.id
          from ${table} t, unnest(array[${columns.map((c) => `t.${c}::text`).join(', ')}]) x, lateral (${postgresDigitWindows('x')}) w
          on conflict do nothing`,
      )
      .execute(db);
    return;
  }
  const every = columns
    .map((c) => {
      const w = sqliteDigitWindow(`t.${c}`);
      return `select ${w.g} as g, t.id as id from ${table} t join search_gram_seq s on ${w.at}`;
    })
    .join(' union all ');
  await sql
    .raw(
      `insert or ignore into search_gram (tbl, gram, row_id) select '${table}', g, id from (${every}) order by g, id`,
    )
    .execute(db);
}

/**
 * (Re)creates the triggers keeping `table`'s grams. An update rewrites only the grams that changed:
 * the old text's grams the new one lacks are deleted, the new ones inserted, and an update that
 * leaves every indexed column as it was (a form saved whole, a status change naming the column)
 * touches none. (Rewriting every gram of an SMS text to change a dozen cost 1.5 ms on SQLite and
 * 2.4 ms on PostgreSQL; now 1.1 and 0.8 ms, see docs/performance.md.)
 */
export async function createGramTriggers(
  db: Kysely<unknown>,
  pg: boolean,
  table: string,
  columns: string[],
  /** Off only to measure what the digit windows add to a write (bench/keyword-grams/trigger-cost.ts). */
  { digitWindows = true }: { digitWindows?: boolean } = {},
): Promise<void> {
  if (pg) {
    await postgresTrigger(db, table, columns, digitWindows);
    return;
  }
  const gramsOf = (row: 'new' | 'old') =>
    columns
      .flatMap((c) => {
        const bigrams = `select substr(lower(${row}.${c}), s.n, 2) as g from search_gram_seq s where s.n < length(${row}.${c})`;
        if (!digitWindows) return [bigrams];
        const w = sqliteDigitWindow(`${row}.${c}`);
        return [bigrams, `select ${w.g} as g from search_gram_seq s where ${w.at}`];
      })
      .join(' union ');
  const insert = (only: string) =>
    `insert or ignore into search_gram (tbl, gram, row_id) select '${table}', g, new.id from (${only});`;
  const changed = columns.map((c) => `old.${c} is not new.${c}`).join(' or ');
  for (const kind of ['ai', 'ad', 'au'])
    await sql.raw(`drop trigger if exists search_gram_${table}_${kind}`).execute(db);
  await sql
    .raw(`create trigger search_gram_${table}_ai after insert on ${table} begin ${insert(gramsOf('new'))} end`)
    .execute(db);
  await sql
    .raw(
      `create trigger search_gram_${table}_ad after delete on ${table} begin
        delete from search_gram where tbl = '${table}' and row_id = old.id and gram in (${gramsOf('old')}); end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger search_gram_${table}_au after update of ${columns.join(', ')} on ${table} when ${changed} begin
        delete from search_gram where tbl = '${table}' and row_id = old.id
          and gram in (${gramsOf('old')}) and gram not in (${gramsOf('new')});
        ${insert(`select g from (${gramsOf('new')}) except select g from (${gramsOf('old')})`)} end`,
    )
    .execute(db);
}

/**
 * PostgreSQL: one trigger function per table naming its columns. (A generic function reading the
 * columns through to_jsonb(new) spent 20–35 ms an update.) Old grams are deleted one by one through
 * the whole primary key: as one statement, PostgreSQL's generic plan sought (tbl, row_id) and
 * filtered gram, reading every entry of the table's grams (8 ms at 10 000 rows); the loop takes
 * 0.2 ms an update.
 */
async function postgresTrigger(
  db: Kysely<unknown>,
  table: string,
  columns: string[],
  digitWindows: boolean,
): Promise<void> {
  const texts = (row: string) => `unnest(array[${columns.map((c) => `${row}.${c}::text`).join(', ')}]) x`;
  // One query per row's grams (both kinds, distinct), so `except` between two of them is whole.
  const grams = (row: string) => {
    const bigrams = `select substr(lower(x), n, 2) as g from ${texts(row)}, generate_series(1, length(x) - 1) n`;
    const windows = `select w.g from ${texts(row)}, lateral (${postgresDigitWindows('x')}) w`;
    return `select g from (${digitWindows ? `${bigrams} union ${windows}` : `select distinct g from (${bigrams}) b`}) ${row}_grams`;
  };
  const same = columns.map((c) => `old.${c} is not distinct from new.${c}`).join(' and ');
  await sql.raw(`drop trigger if exists search_gram_${table} on ${table}`).execute(db);
  await sql
    .raw(
      `create or replace function search_gram_${table}() returns trigger language plpgsql as $$
      declare
        old_gram text;
      begin
        if tg_op = 'UPDATE' and ${same} then
          return null;
        end if;
        if tg_op = 'DELETE' then
          for old_gram in ${grams('old')} loop
            delete from search_gram where tbl = '${table}' and gram = old_gram and row_id = old.id;
          end loop;
        elsif tg_op = 'UPDATE' then
          for old_gram in ${grams('old')} except ${grams('new')} loop
            delete from search_gram where tbl = '${table}' and gram = old_gram and row_id = old.id;
          end loop;
        end if;
        if tg_op = 'INSERT' then
          insert into search_gram (tbl, gram, row_id)
            select '${table}', g, new.id from (${grams('new')}) s
            on conflict do nothing;
        elsif tg_op = 'UPDATE' then
          insert into search_gram (tbl, gram, row_id)
            select '${table}', g, new.id from (${grams('new')} except ${grams('old')}) s
            on conflict do nothing;
        end if;
        return null;
      end
      $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger search_gram_${table} after insert or delete or update of ${columns.join(', ')} on ${table} for each row execute function search_gram_${table}()`,
    )
    .execute(db);
}
