import { type Kysely, sql } from 'kysely';
import { isPostgres } from './helpers.js';

// Numbers a provider types (a contract's number, a collection's receipt number, an applet's
// AppID) were unique across all providers, so provider B learned from 409002 whether provider
// A had HT2026A001 (issue 15, item 6). They become unique per provider: another provider's
// number now answers exactly as an unused one. The new index leads with agent_id, so it also
// serves the provider-scoped lookups.
const columns: [table: string, column: string][] = [
  ['contract', 'contract_no'],
  ['collection', 'collection_no'],
  ['applet_authorization', 'app_id'],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [table, column] of columns) {
    if (isPostgres(db)) {
      // An inline UNIQUE is the constraint PostgreSQL names <table>_<column>_key.
      await sql`alter table ${sql.table(table)} drop constraint ${sql.ref(`${table}_${column}_key`)}`.execute(db);
    } else {
      await dropSqliteColumnUnique(db, table, column);
    }
    await db.schema.createIndex(`${table}_agent_${column}`).on(table).columns(['agent_id', column]).unique().execute();
  }
}

/**
 * SQLite cannot drop a column's inline UNIQUE (its automatic index is part of the table), so the
 * table is rebuilt without it, the way SQLite's documentation describes: a copy under a new name,
 * the old one dropped, the copy renamed, its indexes created again. Foreign keys are off for the
 * swap (the pragma is ignored inside a transaction, and Kysely runs SQLite migrations outside
 * one), then checked before they are switched back on.
 */
async function dropSqliteColumnUnique(db: Kysely<unknown>, table: string, column: string): Promise<void> {
  const found = await sql<{
    sql: string;
  }>`select sql from sqlite_master where type = 'table' and name = ${table}`.execute(db);
  const ddl = found.rows[0]?.sql;
  const inline = new RegExp(`("${column}" [^,]*?) unique`, 'i');
  if (!ddl || !inline.test(ddl)) throw new Error(`${table}.${column}: no inline unique to drop`);
  const indexes = await sql<{
    sql: string;
  }>`select sql from sqlite_master where type = 'index' and tbl_name = ${table} and sql is not null`.execute(db);
  const copy = `${table}__rebuild`;
  const copyDdl = ddl.replace(inline, '$1').replace(/^create table "[^"]+"/i, `create table "${copy}"`);

  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      await sql.raw(copyDdl).execute(trx);
      await sql`insert into ${sql.table(copy)} select * from ${sql.table(table)}`.execute(trx);
      await sql`drop table ${sql.table(table)}`.execute(trx);
      await sql`alter table ${sql.table(copy)} rename to ${sql.table(table)}`.execute(trx);
      for (const index of indexes.rows) await sql.raw(index.sql).execute(trx);
      const broken = await sql`pragma foreign_key_check`.execute(trx);
      if (broken.rows.length) throw new Error(`${table}: foreign keys broken by the rebuild`);
    });
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}
