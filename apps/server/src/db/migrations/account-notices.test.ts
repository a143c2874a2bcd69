import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAgent } from '../../../test/operators.js';
import { type TestDatabase, createTestDatabase, testEngine } from '../../../test/test-app.js';
import { migrateUpTo } from '../migrate.js';
import type { Database } from '../types.js';
import { migrations } from './index.js';

const MIGRATION = '0265-account-notices';
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

/** What SQLite keeps about saas_message_recipient: table, indexes, triggers, foreign keys both ways, columns. */
async function sqliteSchema(db: Kysely<Database>) {
  const objects = await sql<SchemaObject>`select type, name, sql from sqlite_master
    where tbl_name = 'saas_message_recipient' order by type, name`.execute(db);
  const own = await sql`select "table", "from", "to", on_update, on_delete
    from pragma_foreign_key_list('saas_message_recipient') order by "from"`.execute(db);
  const columns = await sql<{ name: string; notnull: number; type: string; dflt_value: unknown }>`
    select name, type, "notnull", dflt_value from pragma_table_info('saas_message_recipient') order by cid`.execute(db);
  return { objects: objects.rows, own: own.rows, columns: columns.rows };
}

describe('0265: account notices (message kind and link; a recipient without a provider)', () => {
  let database: TestDatabase;
  let before: Awaited<ReturnType<typeof sqliteSchema>> | undefined;
  let messageId: number;
  let recipientId: number;
  let platformAdmin: number;

  beforeAll(async () => {
    database = await createTestDatabase(previous);
    const db = database.db;
    const agentId = await createTestAgent(db);
    const now = new Date().toISOString();
    const admin = (loginName: string, adminType: number, agent: number | null) =>
      db
        .insertInto('admin')
        .values({
          loginName,
          name: loginName,
          phone: '',
          email: '',
          passwordHash: 'x',
          adminType,
          agentId: agent,
          open: 1,
          headImg: '',
          lastLoginAt: null,
          lastLoginIp: null,
          changePsw: 0,
          failedCount: 0,
          lockedUntil: null,
          createdAt: now,
          updatedAt: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const provider = await admin('notice_provider', 1, agentId);
    platformAdmin = (await admin('notice_platform', 0, null)).id;
    // Written through raw SQL: the typed tables describe the schema after this migration.
    const message = await sql<{ id: number }>`insert into saas_message
      (title, content, sender_name, agent_ids, admin_types, recipient_count, send_time, created_at, updated_at)
      values ('旧消息', '<p>x</p>', '平台', '[]', '[]', 1, ${now}, ${now}, ${now}) returning id`.execute(db);
    messageId = Number(message.rows[0]!.id);
    const row = async () =>
      Number(
        (
          await sql<{ id: number }>`insert into saas_message_recipient
          (message_id, admin_id, agent_id, status, receive_time, deleted)
          values (${messageId}, ${provider.id}, ${agentId}, 0, ${now}, 0) returning id`.execute(db)
        ).rows[0]!.id,
      );
    recipientId = await row();
    // A deleted row with the highest id: AUTOINCREMENT must not hand that id out again.
    const dropped = await row();
    await sql`delete from saas_message_recipient where id = ${dropped}`.execute(db);
    if (testEngine === 'sqlite') before = await sqliteSchema(db);
    await migrateUpTo(db, MIGRATION);
  });
  afterAll(() => database?.drop());

  it('marks existing messages as composed, without a link, and keeps their recipients', async () => {
    const db = database.db;
    const m = await db
      .selectFrom('saasMessage')
      .where('id', '=', messageId)
      .select(['kind', 'link'])
      .executeTakeFirstOrThrow();
    expect(m).toEqual({ kind: 'compose', link: null });
    const kept = await db.selectFrom('saasMessageRecipient').where('id', '=', recipientId).select('agentId').execute();
    expect(kept).toHaveLength(1);
    expect(kept[0]?.agentId).not.toBeNull();
  });

  it('takes a platform account as a recipient (no provider), with a fresh id', async () => {
    const db = database.db;
    const now = new Date().toISOString();
    const inserted = await db
      .insertInto('saasMessageRecipient')
      .values({ messageId, adminId: platformAdmin, agentId: null, status: 0, receiveTime: now, deleted: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(inserted.id).toBeGreaterThan(recipientId + 1);
    // The cascade from the message still holds after the rebuild.
    await db.deleteFrom('saasMessage').where('id', '=', messageId).execute();
    expect(await db.selectFrom('saasMessageRecipient').select('id').execute()).toEqual([]);
  });

  it.runIf(testEngine === 'sqlite')('keeps every index and foreign key of the recipient table exactly', async () => {
    const after = await sqliteSchema(database.db);
    const notTable = (o: SchemaObject) => o.type !== 'table';
    expect(before!.objects.filter((o) => o.type === 'index').length).toBeGreaterThanOrEqual(3);
    expect(after.objects.filter(notTable)).toEqual(before!.objects.filter(notTable));
    expect(after.own).toEqual(before!.own);
    const table = (s: typeof after) => s.objects.find((o) => o.type === 'table')!.sql!;
    expect(table(after)).toBe(table(before!).replace('"agent_id" integer not null', '"agent_id" integer'));
    expect(after.columns).toEqual(before!.columns.map((c) => (c.name === 'agent_id' ? { ...c, notnull: 0 } : c)));
    const fkOn = await sql<{ on: number }>`select foreign_keys as "on" from pragma_foreign_keys`.execute(database.db);
    expect(fkOn.rows[0]?.on).toBe(1);
  });

  it.runIf(testEngine === 'postgres')('drops the NOT NULL in place', async () => {
    const column = await sql<{ nullable: string }>`select is_nullable as nullable from information_schema.columns
      where table_schema = current_schema() and table_name = 'saas_message_recipient'
      and column_name = 'agent_id'`.execute(database.db);
    expect(column.rows[0]?.nullable).toBe('YES');
  });
});
