import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAgent } from '../../../test/operators.js';
import { type TestDatabase, createTestDatabase, testEngine } from '../../../test/test-app.js';
import { sampleAndroid } from '../sample-rows.js';
import { migrateUpTo } from '../migrate.js';
import type { Database } from '../types.js';
import { migrations } from './index.js';

const MIGRATION = '0200-android-store-optional';
/** The migration run just before this one (the test database stops there). */
const previous = Object.keys(migrations)
  .sort()
  .filter((name) => name < MIGRATION)
  .at(-1)!;

interface SchemaObject {
  type: string;
  name: string;
  sql: string | null;
}

/** Everything SQLite keeps about android_device: its table, indexes and triggers, and its foreign keys both ways. */
async function sqliteSchema(db: Kysely<Database>) {
  const objects = await sql<SchemaObject>`select type, name, sql from sqlite_master
    where tbl_name = 'android_device' order by type, name`.execute(db);
  const own =
    await sql`select "table", "from", "to", on_update, on_delete from pragma_foreign_key_list('android_device')
    order by "from"`.execute(db);
  const inbound = await sql`select m.name as tbl, f."from", f.on_delete from sqlite_master m,
    pragma_foreign_key_list(m.name) f where m.type = 'table' and f."table" = 'android_device' order by m.name`.execute(
    db,
  );
  const columns = await sql<{ name: string; notnull: number; type: string; dflt_value: unknown }>`
    select name, type, "notnull", dflt_value from pragma_table_info('android_device') order by cid`.execute(db);
  return { objects: objects.rows, own: own.rows, inbound: inbound.rows, columns: columns.rows };
}

const grams = async (db: Kysely<Database>, rowId: number) =>
  (
    await sql<{ gram: string }>`select gram from search_gram where tbl = 'android_device' and row_id = ${rowId}
      order by gram`.execute(db)
  ).rows.map((r) => r.gram);

describe('0200: android_device.store_id becomes nullable', () => {
  let database: TestDatabase;
  let before: Awaited<ReturnType<typeof sqliteSchema>> | undefined;
  let existing: number;
  let agentId: number;

  beforeAll(async () => {
    database = await createTestDatabase(previous);
    const db = database.db;
    agentId = await createTestAgent(db);
    existing = await sampleAndroid(db, agentId);
    await db.updateTable('androidDevice').set({ name: '前台终端甲' }).where('id', '=', existing).execute();
    // A deleted row with the highest id: AUTOINCREMENT must not hand that id out again.
    const dropped = await sampleAndroid(db, agentId);
    await db.deleteFrom('androidDevice').where('id', '=', dropped).execute();
    if (testEngine === 'sqlite') before = await sqliteSchema(db);
    await migrateUpTo(db, MIGRATION);
  });
  afterAll(() => database?.drop());

  it.runIf(testEngine === 'sqlite')('keeps every index, trigger and foreign key of the table exactly', async () => {
    const after = await sqliteSchema(database.db);
    const notTable = (o: SchemaObject) => o.type !== 'table';
    expect(before!.objects.filter((o) => o.type === 'trigger').length).toBeGreaterThanOrEqual(3);
    expect(before!.objects.filter((o) => o.type === 'index').length).toBeGreaterThanOrEqual(6);
    expect(after.objects.filter(notTable)).toEqual(before!.objects.filter(notTable));
    expect(after.own).toEqual(before!.own);
    expect(after.inbound).toEqual(before!.inbound);
    // The table's statement differs by store_id's NOT NULL only.
    const table = (s: typeof after) => s.objects.find((o) => o.type === 'table')!.sql!;
    expect(table(after)).toBe(table(before!).replace('"store_id" integer not null', '"store_id" integer'));
    // Columns: the same, store_id alone lost NOT NULL.
    expect(after.columns).toEqual(before!.columns.map((c) => (c.name === 'store_id' ? { ...c, notnull: 0 } : c)));
    const fkOn = await sql<{ on: number }>`select foreign_keys as "on" from pragma_foreign_keys`.execute(database.db);
    expect(fkOn.rows[0]?.on).toBe(1);
  });

  it.runIf(testEngine === 'postgres')('drops the NOT NULL in place', async () => {
    const column = await sql<{ nullable: string }>`select is_nullable as nullable from information_schema.columns
      where table_schema = current_schema() and table_name = 'android_device' and column_name = 'store_id'`.execute(
      database.db,
    );
    expect(column.rows[0]?.nullable).toBe('YES');
  });

  it('keeps the rows, the id counter and the keyword grams, and indexes new store-less terminals', async () => {
    const db = database.db;
    const kept = await db.selectFrom('androidDevice').selectAll().where('id', '=', existing).executeTakeFirstOrThrow();
    expect(kept.storeId).not.toBeNull();
    expect(await grams(db, existing)).toContain('端甲');
    const now = new Date().toISOString();
    const inserted = await db
      .insertInto('androidDevice')
      .values({
        deviceNo: '02:AA:BB:CC:00:01',
        name: '无门店终端',
        agentId,
        storeId: null,
        roomType: 1,
        floor: 1,
        ip: '',
        appVersion: '',
        voiceCodeId: null,
        online: 0,
        lastHeartbeatAt: null,
        restarting: 0,
        banned: 0,
        remark: '',
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(inserted.id).toBeGreaterThan(existing + 1);
    expect(await grams(db, inserted.id)).toEqual(expect.arrayContaining(['无门', '门店', '02', 'cc']));
    // The update and delete triggers are there too.
    await db.updateTable('androidDevice').set({ name: '大厅终端' }).where('id', '=', inserted.id).execute();
    const renamed = await grams(db, inserted.id);
    expect(renamed).toContain('大厅');
    expect(renamed).not.toContain('无门');
    await db.deleteFrom('androidDevice').where('id', '=', inserted.id).execute();
    expect(await grams(db, inserted.id)).toEqual([]);
  });
});
