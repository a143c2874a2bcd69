import { type Kysely, sql } from 'kysely';
import { isPostgres } from './helpers.js';

// Keyword search over large lists (issue 16): LIKE '%门店%' can use no B-tree index, so a rare
// two-character keyword tested every one of 100 000 stores or a million staff (0.3–1.8 s). Trigram
// indexes (SQLite FTS5 `trigram`, PostgreSQL pg_trgm) serve no pattern shorter than three
// characters, and two-character Chinese names are what operators type. So every two-character
// window (bigram) of the searchable columns, lower-cased, is kept in `search_gram` with the row's
// id; crud/keyword-grams.ts seeks a keyword's rarest bigram there and verifies the candidates with
// the same LIKE as before, so the results are exactly LIKE's.
//
// Triggers keep the grams, in the writing statement's own transaction, whatever writes the row:
// the list machinery, module endpoints that update rows directly, imports, seeds. Which columns
// of which table are indexed is recorded in `search_gram_source`, which the list machinery
// reads: a list uses the grams only when every column its keyword searches is indexed.
//
// Digit-only windows are kept too (phone numbers), so a keyword is never left without its grams.

/** The tables and columns indexed by this migration (snake_case, as stored). */
const SOURCES: [table: string, columns: string[]][] = [
  ['enterprise', ['name', 'contact_name', 'contact_phone']],
  ['store', ['name', 'store_no', 'contact_phone', 'region']],
  ['home_user', ['name', 'phone']],
  ['staff_applet_user', ['nickname', 'phone']],
  ['applet_authorization', ['applet_name', 'app_id', 'principal_name']],
  ['official_account', ['name', 'app_id', 'original_id']],
  ['agent', ['name', 'agent_no', 'contact_phone']],
  ['admin', ['login_name', 'name', 'phone']],
];

/**
 * Positions 1..SEQ_MAX, for SQLite's triggers (which may not use a recursive WITH). A text longer
 * than this would lose its later grams: the migration refuses a column holding one, and the
 * indexed columns are names, numbers and phones the contract caps far below it.
 */
const SEQ_MAX = 4096;

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  await sql
    .raw(
      pg
        ? 'create table search_gram (tbl text not null, gram text not null, row_id bigint not null, primary key (tbl, gram, row_id))'
        : 'create table search_gram (tbl text not null, gram text not null, row_id integer not null, primary key (tbl, gram, row_id)) without rowid',
    )
    .execute(db);
  await sql
    .raw('create table search_gram_source (tbl text not null, col text not null, primary key (tbl, col))')
    .execute(db);
  if (!pg) {
    await sql.raw('create table search_gram_seq (n integer primary key)').execute(db);
    await sql
      .raw(
        `insert into search_gram_seq (n) with recursive s(n) as (select 1 union all select n + 1 from s where n < ${SEQ_MAX}) select n from s`,
      )
      .execute(db);
  }
  for (const [table, columns] of SOURCES) await indexTable(db, pg, table, columns);
}

async function indexTable(db: Kysely<unknown>, pg: boolean, table: string, columns: string[]): Promise<void> {
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
  const insertNew = `insert or ignore into search_gram (tbl, gram, row_id) select '${table}', g, new.id from (${gramsOf('new')});`;
  const deleteOld = `delete from search_gram where tbl = '${table}' and row_id = old.id and gram in (${gramsOf('old')});`;
  await sql.raw(`create trigger search_gram_${table}_ai after insert on ${table} begin ${insertNew} end`).execute(db);
  await sql.raw(`create trigger search_gram_${table}_ad after delete on ${table} begin ${deleteOld} end`).execute(db);
  await sql
    .raw(
      `create trigger search_gram_${table}_au after update of ${columns.join(', ')} on ${table} begin ${deleteOld} ${insertNew} end`,
    )
    .execute(db);
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
 * PostgreSQL: one trigger function per table naming its columns. (A generic function reading the
 * columns through to_jsonb(new) spent 20–35 ms an update.) Old grams are deleted one by one through
 * the whole primary key: as one statement, PostgreSQL's generic plan sought (tbl, row_id) and
 * filtered gram, reading every entry of the table's grams (8 ms at 10 000 rows); the loop takes
 * 0.2 ms an update.
 */
async function postgresTrigger(db: Kysely<unknown>, table: string, columns: string[]): Promise<void> {
  const grams = (row: string) =>
    `select distinct substr(lower(x), n, 2) as g from unnest(array[${columns.map((c) => `${row}.${c}::text`).join(', ')}]) x, generate_series(1, length(x) - 1) n`;
  await sql
    .raw(
      `create function search_gram_${table}() returns trigger language plpgsql as $$
      declare
        old_gram text;
      begin
        if tg_op <> 'INSERT' then
          for old_gram in ${grams('old')} loop
            delete from search_gram where tbl = '${table}' and gram = old_gram and row_id = old.id;
          end loop;
        end if;
        if tg_op <> 'DELETE' then
          insert into search_gram (tbl, gram, row_id)
            select '${table}', g, new.id from (${grams('new')}) s
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
  await sql
    .raw(
      `insert into search_gram (tbl, gram, row_id)
        select distinct '${table}', substr(lower(x), n, 2), t.id
        from ${table} t, unnest(array[${columns.map((c) => `t.${c}::text`).join(', ')}]) x, generate_series(1, length(x) - 1) n
        on conflict do nothing`,
    )
    .execute(db);
}
