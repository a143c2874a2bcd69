import type { Kysely } from 'kysely';
import { cascade, refType, withId, withTimestamps } from './helpers.js';

// Gateways (ZKB), android room terminals, app versions with their pushes, voice codes.
export async function up(db: Kysely<unknown>): Promise<void> {
  const ref = refType(db);

  // A gateway may sit in platform stock (no provider yet) or at a provider unbound from any store.
  await withTimestamps(withId(db, db.schema.createTable('gateway_device')))
    .addColumn('device_name', 'text', (c) => c.notNull().unique())
    .addColumn('agent_id', ref, (c) => c.references('agent.id'))
    .addColumn('store_id', ref, (c) => c.references('store.id'))
    .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('firmware_version', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('communication_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_seen_at', 'text')
    .addColumn('bound_at', 'text')
    .addColumn('device_code', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('restarting', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('restart_requested_at', 'text')
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('gateway_agent_id').on('gateway_device').columns(['agent_id', 'id']).execute();
  await db.schema.createIndex('gateway_store').on('gateway_device').column('store_id').execute();
  await db.schema
    .createIndex('gateway_status_id')
    .on('gateway_device')
    .columns(['communication_status', 'id'])
    .execute();
  await db.schema.createIndex('gateway_firmware').on('gateway_device').column('firmware_version').execute();
  await db.schema.createIndex('gateway_created').on('gateway_device').columns(['created_at', 'id']).execute();

  await withId(db, db.schema.createTable('device_ban'))
    .addColumn('device_name', 'text', (c) => c.notNull().unique())
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_by', ref)
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await withTimestamps(withId(db, db.schema.createTable('android_device')))
    .addColumn('device_no', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('agent_id', ref, (c) => c.notNull().references('agent.id'))
    .addColumn('store_id', ref, (c) => c.notNull().references('store.id'))
    .addColumn('room_type', 'integer', (c) => c.notNull())
    .addColumn('floor', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('app_version', 'text', (c) => c.notNull().defaultTo(''))
    // No foreign key: voice_code.device_id points back here; both change in one transaction.
    .addColumn('voice_code_id', ref)
    .addColumn('online', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_heartbeat_at', 'text')
    .addColumn('restarting', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('banned', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('android_agent_id').on('android_device').columns(['agent_id', 'id']).execute();
  await db.schema.createIndex('android_store_floor').on('android_device').columns(['store_id', 'floor']).execute();
  await db.schema.createIndex('android_online_id').on('android_device').columns(['online', 'id']).execute();
  await db.schema.createIndex('android_version').on('android_device').column('app_version').execute();
  await db.schema.createIndex('android_room_type').on('android_device').columns(['room_type', 'id']).execute();
  await db.schema.createIndex('android_name').on('android_device').column('name').execute();

  await withTimestamps(withId(db, db.schema.createTable('voice_code')))
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('batch_no', 'text', (c) => c.notNull())
    // 0 unallocated, 1 allocated, 2 used, 3 void.
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('price', 'integer', (c) => c.notNull())
    .addColumn('agent_id', ref, (c) => c.references('agent.id'))
    .addColumn('store_id', ref, (c) => c.references('store.id'))
    .addColumn('device_id', ref, (c) => c.references('android_device.id').unique())
    .addColumn('allocated_at', 'text')
    .addColumn('used_at', 'text')
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('voice_code_status_id').on('voice_code').columns(['status', 'id']).execute();
  await db.schema
    .createIndex('voice_code_agent_status_id')
    .on('voice_code')
    .columns(['agent_id', 'status', 'id'])
    .execute();
  await db.schema.createIndex('voice_code_batch').on('voice_code').columns(['batch_no', 'id']).execute();

  await withTimestamps(withId(db, db.schema.createTable('app_version')))
    // 1 android room terminal, 2 staff app.
    .addColumn('app', 'integer', (c) => c.notNull())
    .addColumn('version_name', 'text', (c) => c.notNull())
    .addColumn('version_code', 'integer', (c) => c.notNull())
    .addColumn('download_url', 'text', (c) => c.notNull())
    .addColumn('md5', 'text', (c) => c.notNull())
    // 1 force, 2 optional, 3 silent.
    .addColumn('update_type', 'integer', (c) => c.notNull())
    .addColumn('release_notes', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('published_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('app_version_app_code')
    .on('app_version')
    .columns(['app', 'version_code'])
    .unique()
    .execute();

  await withTimestamps(withId(db, db.schema.createTable('app_push_job')))
    .addColumn('app_version_id', ref, (c) => c.notNull().references('app_version.id'))
    .addColumn('company_group_id', ref, (c) => c.notNull().references('company_group.id'))
    // 0 sending, 1 finished (every device answered), 2 finished with failures.
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('succeeded', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', ref)
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema.createIndex('app_push_job_created').on('app_push_job').columns(['created_at', 'id']).execute();

  await withId(db, db.schema.createTable('app_push_result'))
    .addColumn('job_id', ref, (c) => cascade(c.notNull().references('app_push_job.id')))
    .addColumn('device_id', ref, (c) => cascade(c.notNull().references('android_device.id')))
    .addColumn('agent_id', ref, (c) => c.notNull().references('agent.id'))
    .addColumn('store_id', ref, (c) => c.notNull().references('store.id'))
    // 0 pending, 1 succeeded, 2 failed.
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('reported_at', 'text')
    .execute();
  await db.schema
    .createIndex('app_push_result_job_device')
    .on('app_push_result')
    .columns(['job_id', 'device_id'])
    .unique()
    .execute();
  await db.schema.createIndex('app_push_result_device').on('app_push_result').column('device_id').execute();
  await db.schema.createIndex('app_push_result_agent').on('app_push_result').columns(['agent_id', 'id']).execute();
}
