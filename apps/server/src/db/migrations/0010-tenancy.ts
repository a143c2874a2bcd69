import type { Kysely } from 'kysely';
import { cascade, refType, withId, withTimestamps } from './helpers.js';

// The tenancy tree below a provider: enterprises, company groups (app-push targets) and stores.
export async function up(db: Kysely<unknown>): Promise<void> {
  const ref = refType(db);

  await withTimestamps(withId(db, db.schema.createTable('enterprise')))
    .addColumn('agent_id', ref, (c) => c.notNull().references('agent.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('contact_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('contact_phone', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    // Kept in step by store writes so lists never count stores per row.
    .addColumn('store_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('enterprise_agent_id').on('enterprise').columns(['agent_id', 'id']).execute();
  await db.schema.createIndex('enterprise_agent_name').on('enterprise').columns(['agent_id', 'name']).execute();
  await db.schema.createIndex('enterprise_name').on('enterprise').column('name').execute();
  await db.schema.createIndex('enterprise_status_id').on('enterprise').columns(['status', 'id']).execute();
  await db.schema.createIndex('enterprise_created').on('enterprise').columns(['created_at', 'id']).execute();

  await withTimestamps(withId(db, db.schema.createTable('company_group')))
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .execute();

  await db.schema
    .createTable('company_group_member')
    .addColumn('group_id', ref, (c) => cascade(c.notNull().references('company_group.id')))
    .addColumn('enterprise_id', ref, (c) => cascade(c.notNull().references('enterprise.id')))
    .addPrimaryKeyConstraint('company_group_member_pk', ['group_id', 'enterprise_id'])
    .execute();
  await db.schema
    .createIndex('company_group_member_enterprise')
    .on('company_group_member')
    .column('enterprise_id')
    .execute();

  await withTimestamps(withId(db, db.schema.createTable('store')))
    .addColumn('store_no', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('agent_id', ref, (c) => c.notNull().references('agent.id'))
    .addColumn('enterprise_id', ref, (c) => c.notNull().references('enterprise.id'))
    .addColumn('store_type', 'integer', (c) => c.notNull())
    .addColumn('region', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('contact_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('contact_phone', 'text', (c) => c.notNull().defaultTo(''))
    // 0 pending application, 1 normal, 2 disabled, 3 expired, 4 recycled.
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('web_expire_at', 'text')
    .addColumn('applet_expire_at', 'text')
    .addColumn('applied_at', 'text')
    .addColumn('reviewed_at', 'text')
    .addColumn('reject_reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('recycled_at', 'text')
    // The status a restore returns the store to.
    .addColumn('status_before_recycle', 'integer')
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('store_agent_id').on('store').columns(['agent_id', 'id']).execute();
  await db.schema.createIndex('store_agent_status_id').on('store').columns(['agent_id', 'status', 'id']).execute();
  await db.schema.createIndex('store_status_id').on('store').columns(['status', 'id']).execute();
  await db.schema.createIndex('store_enterprise').on('store').columns(['enterprise_id', 'id']).execute();
  await db.schema.createIndex('store_name').on('store').column('name').execute();
  await db.schema.createIndex('store_type_id').on('store').columns(['store_type', 'id']).execute();
  await db.schema.createIndex('store_created').on('store').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('store_web_expire').on('store').column('web_expire_at').execute();
  await db.schema.createIndex('store_recycled').on('store').column('recycled_at').execute();
}
