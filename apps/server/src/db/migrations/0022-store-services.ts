import type { Kysely } from 'kysely';
import { refType, withId, withTimestamps } from './helpers.js';

// Services a store buys through its provider: SMS marketing templates and SMS quota recycling,
// merchant mini-program authorisations, and free authorisation codes.
export async function up(db: Kysely<unknown>): Promise<void> {
  const ref = refType(db);
  const agentRef = (name: string) => db.schema.createIndex(`${name}_agent_id`).on(name).columns(['agent_id', 'id']);

  await withTimestamps(withId(db, db.schema.createTable('marketing_template')))
    .addColumn('agent_id', ref, (c) => c.notNull().references('agent.id'))
    .addColumn('store_id', ref, (c) => c.notNull().references('store.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('scene', 'integer', (c) => c.notNull())
    .addColumn('review_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reject_reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('reviewed_at', 'text')
    .addColumn('reviewer_name', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await agentRef('marketing_template').execute();
  await db.schema
    .createIndex('marketing_template_review')
    .on('marketing_template')
    .columns(['review_status', 'id'])
    .execute();
  await db.schema
    .createIndex('marketing_template_store')
    .on('marketing_template')
    .columns(['store_id', 'id'])
    .execute();

  await withTimestamps(withId(db, db.schema.createTable('sms_recycling')))
    .addColumn('agent_id', ref, (c) => c.notNull().references('agent.id'))
    .addColumn('store_id', ref, (c) => c.notNull().references('store.id'))
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('refund_amount', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('handled_at', 'text')
    .addColumn('handler_name', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await agentRef('sms_recycling').execute();
  await db.schema.createIndex('sms_recycling_status').on('sms_recycling').columns(['status', 'id']).execute();
  await db.schema.createIndex('sms_recycling_store').on('sms_recycling').columns(['store_id', 'id']).execute();

  await withTimestamps(withId(db, db.schema.createTable('applet_authorization')))
    .addColumn('agent_id', ref, (c) => c.notNull().references('agent.id'))
    .addColumn('enterprise_id', ref, (c) => c.notNull().references('enterprise.id'))
    .addColumn('app_id', 'text', (c) => c.notNull().unique())
    .addColumn('applet_name', 'text', (c) => c.notNull())
    .addColumn('principal_name', 'text', (c) => c.notNull())
    .addColumn('auth_status', 'integer', (c) => c.notNull())
    .addColumn('release_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('code_version', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('authorized_at', 'text')
    .addColumn('released_at', 'text')
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await agentRef('applet_authorization').execute();
  await db.schema
    .createIndex('applet_authorization_status')
    .on('applet_authorization')
    .columns(['auth_status', 'id'])
    .execute();
  await db.schema
    .createIndex('applet_authorization_enterprise')
    .on('applet_authorization')
    .columns(['enterprise_id', 'id'])
    .execute();

  await withTimestamps(withId(db, db.schema.createTable('free_auth_code')))
    .addColumn('agent_id', ref, (c) => c.notNull().references('agent.id'))
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('days', 'integer', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('store_id', ref, (c) => c.references('store.id'))
    .addColumn('expire_date', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await agentRef('free_auth_code').execute();
  await db.schema.createIndex('free_auth_code_status').on('free_auth_code').columns(['status', 'id']).execute();
  await db.schema
    .createIndex('free_auth_code_agent_status')
    .on('free_auth_code')
    .columns(['agent_id', 'status', 'id'])
    .execute();
}
