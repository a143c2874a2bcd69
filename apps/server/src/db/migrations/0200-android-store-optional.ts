import { type Kysely, sql } from 'kysely';
import { isPostgres } from './helpers.js';

// A shipped Android terminal becomes its provider's device when it first connects (issue 19),
// before anyone knows which store's room it will hang in: a terminal may now exist without a
// store (android_device.store_id nullable). The provider binds it to a store afterwards.
//
// PostgreSQL drops the constraint in place. SQLite cannot change a column's NOT NULL, so the table
// is rebuilt the way SQLite's documentation describes, keeping every index, trigger (the keyword
// grams' of 0180/0185), foreign key and the AUTOINCREMENT counter as they were.

const TABLE = 'android_device';

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`alter table android_device alter column store_id drop not null`.execute(db);
    return;
  }
  await rebuildSqlite(db);
}

interface SchemaObject {
  type: string;
  name: string;
  sql: string | null;
}

/**
 * The copy gets the table's own CREATE statement with only `store_id`'s NOT NULL removed (its
 * REFERENCES stays). Indexes and triggers are read from sqlite_master before the old table goes and
 * run again verbatim after the rename. Foreign keys are off for the swap: with them on, dropping
 * the table would delete its rows first and cascade to app_push_result (the pragma is ignored
 * inside a transaction; Kysely runs SQLite migrations outside one). They are checked before the
 * commit and switched back on afterwards.
 */
async function rebuildSqlite(db: Kysely<unknown>): Promise<void> {
  const objects = (
    await sql<SchemaObject>`select type, name, sql from sqlite_master where tbl_name = ${TABLE}`.execute(db)
  ).rows;
  const ddl = objects.find((o) => o.type === 'table')?.sql;
  const column = /("store_id" integer) not null/i;
  if (!ddl || !column.test(ddl)) throw new Error(`${TABLE}.store_id: not the NOT NULL column this migration expects`);
  // Automatic indexes (UNIQUE columns) have no SQL: the copy's DDL creates them again.
  const recreate = objects.filter((o) => (o.type === 'index' || o.type === 'trigger') && o.sql !== null);
  const copy = `${TABLE}__rebuild`;
  const copyDdl = ddl.replace(column, '$1').replace(/^create table "?android_device"?/i, `create table "${copy}"`);
  if (copyDdl === ddl.replace(column, '$1')) throw new Error(`${TABLE}: unexpected CREATE TABLE statement`);

  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      const seq = await sql<{ seq: number }>`select seq from sqlite_sequence where name = ${TABLE}`.execute(trx);
      await sql.raw(copyDdl).execute(trx);
      await sql`insert into ${sql.table(copy)} select * from ${sql.table(TABLE)}`.execute(trx);
      await sql`drop table ${sql.table(TABLE)}`.execute(trx);
      await sql`alter table ${sql.table(copy)} rename to ${sql.table(TABLE)}`.execute(trx);
      for (const object of recreate) await sql.raw(object.sql!).execute(trx);
      // Ids of deleted rows above the copied maximum stay unused, as AUTOINCREMENT promised.
      if (seq.rows[0]) {
        await sql`update sqlite_sequence set seq = max(seq, ${seq.rows[0].seq}) where name = ${TABLE}`.execute(trx);
      }
      const broken = await sql`pragma foreign_key_check`.execute(trx);
      if (broken.rows.length) throw new Error(`${TABLE}: foreign keys broken by the rebuild`);
    });
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}
