import type { Kysely } from 'kysely';
import { refType, sql, withId, withTimestamps } from './helpers.js';

// Issue 19 (硬件订单 and its registers): a cancelled order keeps its reason, a terminal MAC
// remembers the order it shipped with, imports are checked (previewed) before they are written,
// a provider has at most one default ship-to address, and the lists' new filters get indexes.
export async function up(db: Kysely<unknown>): Promise<void> {
  const ref = refType(db);
  await db.schema
    .alterTable('hardware_order')
    .addColumn('cancel_reason', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('mac_address')
    .addColumn('order_id', ref, (c) => c.references('hardware_order.id'))
    .execute();

  await withTimestamps(withId(db, db.schema.createTable('register_import')))
    .addColumn('resource', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('rows', 'text', (c) => c.notNull())
    .addColumn('errors', 'text', (c) => c.notNull())
    .addColumn('created_by', ref, (c) => c.notNull())
    .addColumn('inserted', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('register_import_created').on('register_import').columns(['created_at']).execute();

  // The rule "one default per provider" held by the database too, not only by the write path.
  await db.schema
    .createIndex('ship_to_address_one_default')
    .on('ship_to_address')
    .column('agent_id')
    .unique()
    .where(sql.ref('is_default'), '=', 1)
    .execute();
  await db.schema.createIndex('ship_to_address_default').on('ship_to_address').columns(['is_default', 'id']).execute();
  await db.schema
    .createIndex('ship_to_address_agent_default')
    .on('ship_to_address')
    .columns(['agent_id', 'is_default', 'id'])
    .execute();
  await db.schema.createIndex('mac_address_created').on('mac_address').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('mac_address_order').on('mac_address').column('order_id').execute();
  await db.schema.createIndex('zkb_equipment_created').on('zkb_equipment_no').columns(['created_at', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of [
    'zkb_equipment_created',
    'mac_address_order',
    'mac_address_created',
    'ship_to_address_agent_default',
    'ship_to_address_default',
    'ship_to_address_one_default',
  ]) {
    await db.schema.dropIndex(index).execute();
  }
  await db.schema.dropTable('register_import').execute();
  await db.schema.alterTable('mac_address').dropColumn('order_id').execute();
  await db.schema.alterTable('hardware_order').dropColumn('cancel_reason').execute();
}
