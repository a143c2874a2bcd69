import type { Kysely } from 'kysely';
import { refType, withId, withTimestamps } from './helpers.js';

// Store owners (management app) and store staff (mini-program).
export async function up(db: Kysely<unknown>): Promise<void> {
  const ref = refType(db);

  await withTimestamps(withId(db, db.schema.createTable('home_user')))
    .addColumn('agent_id', ref, (c) => c.notNull().references('agent.id'))
    .addColumn('store_id', ref, (c) => c.notNull().references('store.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('app_version', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('expire_date', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('last_login_at', 'text')
    .execute();
  await db.schema.createIndex('home_user_agent_id').on('home_user').columns(['agent_id', 'id']).execute();
  await db.schema.createIndex('home_user_store').on('home_user').columns(['store_id', 'id']).execute();
  await db.schema.createIndex('home_user_phone').on('home_user').column('phone').execute();
  await db.schema.createIndex('home_user_name').on('home_user').column('name').execute();
  await db.schema.createIndex('home_user_expire').on('home_user').columns(['expire_date', 'id']).execute();
  await db.schema.createIndex('home_user_agent_expire').on('home_user').columns(['agent_id', 'expire_date']).execute();
  await db.schema.createIndex('home_user_version').on('home_user').columns(['app_version', 'id']).execute();
  await db.schema.createIndex('home_user_status_id').on('home_user').columns(['status', 'id']).execute();

  await withTimestamps(withId(db, db.schema.createTable('staff_applet_user')))
    .addColumn('agent_id', ref, (c) => c.notNull().references('agent.id'))
    .addColumn('store_id', ref, (c) => c.notNull().references('store.id'))
    .addColumn('nickname', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('open_id', 'text')
    .addColumn('device_type', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('app_version', 'text', (c) => c.notNull().defaultTo(''))
    // The service a staff member answers calls for (服务员, 技师…); see the android free types.
    .addColumn('service_type', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('due_date', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('last_login_at', 'text')
    .execute();
  await db.schema.createIndex('staff_user_agent_id').on('staff_applet_user').columns(['agent_id', 'id']).execute();
  await db.schema.createIndex('staff_user_store').on('staff_applet_user').columns(['store_id', 'id']).execute();
  await db.schema.createIndex('staff_user_phone').on('staff_applet_user').column('phone').execute();
  await db.schema.createIndex('staff_user_nickname').on('staff_applet_user').column('nickname').execute();
  await db.schema.createIndex('staff_user_due').on('staff_applet_user').columns(['due_date', 'id']).execute();
  await db.schema
    .createIndex('staff_user_agent_due')
    .on('staff_applet_user')
    .columns(['agent_id', 'due_date'])
    .execute();
  await db.schema.createIndex('staff_user_device_type').on('staff_applet_user').column('device_type').execute();
  await db.schema.createIndex('staff_user_version').on('staff_applet_user').column('app_version').execute();
  await db.schema.createIndex('staff_user_open_id').on('staff_applet_user').column('open_id').execute();
  await db.schema.createIndex('staff_user_status_id').on('staff_applet_user').columns(['status', 'id']).execute();
}
