import { type Kysely, sql } from 'kysely';

// The bigram keyword index's triggers and backfill for one table (migration 0180 explains the
// index; 0185 adds tables with the same code, so both build it alike).

/**
 * Positions 1..SEQ_MAX, for SQLite's triggers (which may not use a recursive WITH). A text longer
 * than this would lose its later grams: the migration refuses a column holding one, and the
 * indexed columns are names, numbers, phones, operation summaries and SMS texts (templates of at
 * most 500 characters), all far below it.
 */
export const SEQ_MAX = 4096;

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
    return;
  }
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
): Promise<void> {
  if (pg) {
    await postgresTrigger(db, table, columns);
    return;
  }
  const gramsOf = (row: 'new' | 'old') =>
    columns
      .map(
        (c) => `select substr(lower(${row}.${c}), s.n, 2) as g from search_gram_seq s where s.n < length(${row}.${c})`,
      )
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
async function postgresTrigger(db: Kysely<unknown>, table: string, columns: string[]): Promise<void> {
  const grams = (row: string) =>
    `select distinct substr(lower(x), n, 2) as g from unnest(array[${columns.map((c) => `${row}.${c}::text`).join(', ')}]) x, generate_series(1, length(x) - 1) n`;
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
