import type { Kysely } from 'kysely';
import { refType, withId, withTimestamps } from './helpers.js';

// Issue 16: a rejected provider application is kept with its reason (agent status 4), every SMS
// the platform sends is logged (短信记录), and the review queues get indexes for their sorts.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('agent')
    .addColumn('reject_reason', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('agent').addColumn('reviewed_at', 'text').execute();
  await db.schema.createIndex('agent_status_created').on('agent').columns(['status', 'created_at', 'id']).execute();

  await db.schema.createIndex('store_status_applied').on('store').columns(['status', 'applied_at', 'id']).execute();
  await db.schema.createIndex('store_status_recycled').on('store').columns(['status', 'recycled_at', 'id']).execute();

  const ref = refType(db);
  await withTimestamps(withId(db, db.schema.createTable('sms_log')))
    .addColumn('agent_id', ref, (c) => c.references('agent.id').onDelete('set null'))
    .addColumn('channel_id', ref, (c) => c.references('sms_channel.id').onDelete('set null'))
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('purpose', 'integer', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('plain_content', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('gateway_message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('message_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sent_at', 'text')
    .execute();
  await db.schema.createIndex('sms_log_created').on('sms_log').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('sms_log_sent').on('sms_log').columns(['sent_at', 'id']).execute();
  await db.schema.createIndex('sms_log_phone').on('sms_log').columns(['phone', 'id']).execute();
  await db.schema.createIndex('sms_log_status').on('sms_log').columns(['status', 'id']).execute();
  await db.schema.createIndex('sms_log_purpose').on('sms_log').columns(['purpose', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sms_log').execute();
  await db.schema.dropIndex('store_status_recycled').execute();
  await db.schema.dropIndex('store_status_applied').execute();
  await db.schema.dropIndex('agent_status_created').execute();
  await db.schema.alterTable('agent').dropColumn('reviewed_at').execute();
  await db.schema.alterTable('agent').dropColumn('reject_reason').execute();
}
