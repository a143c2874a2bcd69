import type { Kysely } from 'kysely';
import { refType, sql, withId, withTimestamps } from './helpers.js';

// Issue 17: IC 手环控制 (a store's lock integration and the log of commands sent to its gateway),
// the edition a free auth code grants, and the 语音码设置 config group (the price moves there from
// the general prices, beside the self-service switch). Indexes serve every filter and sort the
// lists offer, with a provider-prefixed copy where providers list their own rows.
const indexes: [string, string[]][] = [
  ['lock_integration', ['agent_id', 'id']],
  ['lock_integration', ['created_at', 'id']],
  ['lock_integration', ['agent_id', 'created_at', 'id']],
  ['lock_integration', ['pushed_at', 'id']],
  ['lock_integration', ['agent_id', 'pushed_at', 'id']],
  ['lock_integration', ['locker_count', 'id']],
  ['lock_integration', ['agent_id', 'locker_count', 'id']],
  ['lock_integration', ['vendor', 'id']],
  ['lock_integration', ['agent_id', 'vendor', 'id']],
  ['lock_integration', ['status', 'id']],
  ['lock_integration', ['agent_id', 'status', 'id']],
  ['lock_integration', ['push_status', 'id']],
  ['lock_integration', ['agent_id', 'push_status', 'id']],
  ['lock_command', ['agent_id', 'id']],
  ['lock_command', ['store_id', 'id']],
  ['lock_command', ['agent_id', 'store_id', 'id']],
  ['lock_command', ['created_at', 'id']],
  ['lock_command', ['agent_id', 'created_at', 'id']],
  ['lock_command', ['command', 'id']],
  ['lock_command', ['agent_id', 'command', 'id']],
  ['lock_command', ['status', 'id']],
  ['lock_command', ['agent_id', 'status', 'id']],
  ['free_auth_code', ['created_at', 'id']],
  ['free_auth_code', ['agent_id', 'created_at', 'id']],
  ['free_auth_code', ['store_id', 'id']],
  ['free_auth_code', ['agent_id', 'store_id', 'id']],
  ['free_auth_code', ['status', 'expire_date', 'id']],
  ['free_auth_code', ['agent_id', 'status', 'expire_date', 'id']],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  const ref = refType(db);
  await withTimestamps(withId(db, db.schema.createTable('lock_integration')))
    .addColumn('agent_id', ref, (c) => c.notNull().references('agent.id'))
    // One integration per store.
    .addColumn('store_id', ref, (c) => c.notNull().unique().references('store.id'))
    .addColumn('vendor', 'integer', (c) => c.notNull())
    .addColumn('protocol', 'integer', (c) => c.notNull())
    .addColumn('card_type', 'integer', (c) => c.notNull())
    .addColumn('card_sector', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sector_key', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('locker_count', 'integer', (c) => c.notNull())
    .addColumn('locker_start', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    // 0 not pushed (or changed since), 1 pushing, 2 pushed, 3 failed.
    .addColumn('push_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pushed_at', 'text')
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .execute();

  await withTimestamps(withId(db, db.schema.createTable('lock_command')))
    .addColumn('agent_id', ref, (c) => c.notNull().references('agent.id'))
    // No foreign key: the log outlives a deleted integration (the id is then cleared).
    .addColumn('integration_id', ref)
    .addColumn('store_id', ref, (c) => c.notNull().references('store.id'))
    .addColumn('command', 'integer', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull().defaultTo(''))
    // 0 running, 1 ok, 2 failed.
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('gateway_serial', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('operator_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('finished_at', 'text')
    .execute();

  await db.schema
    .alterTable('free_auth_code')
    .addColumn('edition_id', ref, (c) => c.references('edition.id'))
    .execute();

  for (const [table, columns] of indexes) {
    await db.schema
      .createIndex(`${table}_${columns.join('_')}`.slice(0, 60))
      .on(table)
      .columns(columns)
      .execute();
  }

  const now = new Date().toISOString();
  await sql`update system_config set type = 'voiceCode', title = '语音码单价（分）', sort = 0 where config_key = 'voiceCodePrice'`.execute(
    db,
  );
  await sql`insert into system_config (config_key, type, title, value, remark, sort, created_at, updated_at, version)
    values ('voiceCodeSelfService', 'voiceCode', '服务商自助领取语音码', '1', '开启后服务商可为自己的安卓设备领取已分配的语音码', 1, ${now}, ${now}, 1)`.execute(
    db,
  );
}
