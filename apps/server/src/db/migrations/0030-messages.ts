import type { Kysely } from 'kysely';
import { cascade, refType, withId, withTimestamps } from './helpers.js';

// System messages from the platform to provider operators: one message row, one recipient row
// per operator it reached (their read state and their own deletion).
export async function up(db: Kysely<unknown>): Promise<void> {
  const ref = refType(db);

  await withTimestamps(withId(db, db.schema.createTable('saas_message')))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('sender_id', ref, (c) => c.references('admin.id').onDelete('set null'))
    .addColumn('sender_name', 'text', (c) => c.notNull())
    // JSON arrays of the audience as chosen; '[]' means everyone of that kind.
    .addColumn('agent_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('admin_types', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('recipient_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('send_time', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('saas_message_send_time').on('saas_message').columns(['send_time', 'id']).execute();
  await db.schema.createIndex('saas_message_title').on('saas_message').column('title').execute();

  await withId(db, db.schema.createTable('saas_message_recipient'))
    .addColumn('message_id', ref, (c) => cascade(c.notNull().references('saas_message.id')))
    .addColumn('admin_id', ref, (c) => cascade(c.notNull().references('admin.id')))
    .addColumn('agent_id', ref, (c) => cascade(c.notNull().references('agent.id')))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('receive_time', 'text', (c) => c.notNull())
    .addColumn('read_at', 'text')
    // The recipient's own deletion hides the row from them; the platform's read counts keep it.
    .addColumn('deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // The recipient's list, unread badge and "mark all read" all filter by admin, deleted, status.
  await db.schema
    .createIndex('saas_message_recipient_inbox')
    .on('saas_message_recipient')
    .columns(['admin_id', 'deleted', 'status', 'id'])
    .execute();
  await db.schema
    .createIndex('saas_message_recipient_message')
    .on('saas_message_recipient')
    .columns(['message_id', 'status'])
    .execute();
  await db.schema
    .createIndex('saas_message_recipient_agent')
    .on('saas_message_recipient')
    .columns(['agent_id', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('saas_message_recipient').execute();
  await db.schema.dropTable('saas_message').execute();
}
