import type { Kysely } from 'kysely';
import { cascade, refType, withId, withTimestamps } from './helpers.js';

// Operations and messaging tables that hang off the platform or a provider only (no store):
// SMS channels, WeChat official accounts and their menus, IP restrictions, parameters, editions,
// and the error log.
export async function up(db: Kysely<unknown>): Promise<void> {
  const ref = refType(db);

  await withTimestamps(withId(db, db.schema.createTable('sms_channel')))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('vendor', 'integer', (c) => c.notNull())
    .addColumn('sign_name', 'text', (c) => c.notNull())
    .addColumn('access_key_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('unit_price', 'integer', (c) => c.notNull())
    .addColumn('priority', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sent_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('sms_channel_name').on('sms_channel').column('name').unique().execute();
  await db.schema.createIndex('sms_channel_status').on('sms_channel').columns(['status', 'priority', 'id']).execute();

  await withTimestamps(withId(db, db.schema.createTable('official_account')))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('app_id', 'text', (c) => c.notNull())
    .addColumn('original_id', 'text', (c) => c.notNull())
    .addColumn('account_type', 'integer', (c) => c.notNull())
    .addColumn('verified', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('follower_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('authorized_at', 'text')
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('official_account_app_id').on('official_account').column('app_id').unique().execute();
  await db.schema.createIndex('official_account_status').on('official_account').columns(['status', 'id']).execute();

  // One menu per official account: the button tree as JSON, and where its publication stands.
  await withTimestamps(withId(db, db.schema.createTable('custom_menu')))
    .addColumn('official_account_id', ref, (c) => cascade(c.notNull().references('official_account.id')))
    .addColumn('buttons', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('publish_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('published_at', 'text')
    .addColumn('publish_error', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('custom_menu_account').on('custom_menu').column('official_account_id').unique().execute();

  await withTimestamps(withId(db, db.schema.createTable('ip_restriction')))
    .addColumn('rule_type', 'integer', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('applies_to', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createIndex('ip_restriction_rule')
    .on('ip_restriction')
    .columns(['rule_type', 'address', 'applies_to'])
    .unique()
    .execute();
  await db.schema.createIndex('ip_restriction_status').on('ip_restriction').columns(['status', 'id']).execute();

  await withTimestamps(withId(db, db.schema.createTable('parameter')))
    .addColumn('agent_id', ref, (c) => cascade(c.notNull().references('agent.id')))
    .addColumn('param_key', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('param_value', 'text', (c) => c.notNull())
    .addColumn('value_type', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createIndex('parameter_agent_key')
    .on('parameter')
    .columns(['agent_id', 'param_key'])
    .unique()
    .execute();
  await db.schema.createIndex('parameter_agent_id').on('parameter').columns(['agent_id', 'id']).execute();

  await withTimestamps(withId(db, db.schema.createTable('edition')))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('web_price', 'integer', (c) => c.notNull())
    .addColumn('staff_applet_price', 'integer', (c) => c.notNull())
    .addColumn('max_rooms', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('features', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('edition_code').on('edition').column('code').unique().execute();
  await db.schema.createIndex('edition_sort').on('edition').columns(['sort', 'id']).execute();

  // Client errors reported by the console and server errors caught by the error handler.
  await withTimestamps(withId(db, db.schema.createTable('error_log')))
    .addColumn('source', 'integer', (c) => c.notNull())
    .addColumn('level', 'integer', (c) => c.notNull().defaultTo(2))
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('stack', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('request_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('admin_id', ref)
    .addColumn('agent_id', ref)
    .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('app_version', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('handled', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('error_log_created').on('error_log').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('error_log_source').on('error_log').columns(['source', 'created_at', 'id']).execute();
  await db.schema.createIndex('error_log_handled').on('error_log').columns(['handled', 'created_at', 'id']).execute();
}
