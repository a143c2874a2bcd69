import { type Kysely, sql } from 'kysely';
import { isPostgres } from './helpers.js';
import { SEQ_MAX, indexGramTable } from './keyword-gram-index.js';

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
  for (const [table, columns] of SOURCES) await indexGramTable(db, pg, table, columns);
}
