import { type Kysely, sql } from 'kysely';
import { isPostgres } from './helpers.js';

// System notices to any operator account (issue 31): the platform's compose ('compose') now sits
// beside notices the system writes to one or a few accounts ('notice'), such as "your second
// factor was reset", optionally with a console route to open. Platform accounts receive them too,
// so a recipient row no longer always belongs to a provider (saas_message_recipient.agent_id
// nullable). The sent list reads only 'compose', hence the index leading with kind.
//
// PostgreSQL drops the NOT NULL in place. SQLite cannot change a column's NOT NULL, so the table is
// rebuilt the way SQLite's documentation describes (as 0200 does for android_device), keeping every
// index, trigger, foreign key and the AUTOINCREMENT counter.

const TABLE = 'saas_message_recipient';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('saas_message')
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('compose'))
    .execute();
  await db.schema.alterTable('saas_message').addColumn('link', 'text').execute();
  await db.schema
    .createIndex('saas_message_kind_send_time')
    .on('saas_message')
    .columns(['kind', 'send_time', 'id'])
    .execute();
  // Every sent-list read now filters by kind first; the old (send_time, id) index would go unused.
  await db.schema.dropIndex('saas_message_send_time').execute();

  if (isPostgres(db)) {
    await sql`alter table saas_message_recipient alter column agent_id drop not null`.execute(db);
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
 * The copy gets the table's own CREATE statement with only `agent_id`'s NOT NULL removed (its
 * REFERENCES stays). Indexes and triggers are read from sqlite_master before the old table goes and
 * run again verbatim after the rename. Foreign keys are off for the swap (the pragma is ignored
 * inside a transaction; Kysely runs SQLite migrations outside one), checked before the commit and
 * switched back on afterwards.
 */
async function rebuildSqlite(db: Kysely<unknown>): Promise<void> {
  const objects = (
    await sql<SchemaObject>`select type, name, sql from sqlite_master where tbl_name = ${TABLE}`.execute(db)
  ).rows;
  const ddl = objects.find((o) => o.type === 'table')?.sql;
  const column = /("agent_id" integer) not null/i;
  if (!ddl || !column.test(ddl)) throw new Error(`${TABLE}.agent_id: not the NOT NULL column this migration expects`);
  const recreate = objects.filter((o) => (o.type === 'index' || o.type === 'trigger') && o.sql !== null);
  const copy = `${TABLE}__rebuild`;
  const copyDdl = ddl
    .replace(column, '$1')
    .replace(/^create table "?saas_message_recipient"?/i, `create table "${copy}"`);
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
