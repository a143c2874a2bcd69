import type { Kysely } from 'kysely';
import { cascade, refType, withId, withTimestamps } from './helpers.js';

// Hardware orders from providers and the registers kept beside them.
export async function up(db: Kysely<unknown>): Promise<void> {
  const ref = refType(db);

  await withTimestamps(withId(db, db.schema.createTable('hardware_product')))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('model', 'text', (c) => c.notNull().unique())
    // 1 gateway, 2 android terminal, 3 lock, 4 wristband, 5 accessory.
    .addColumn('category', 'integer', (c) => c.notNull())
    .addColumn('unit_price', 'integer', (c) => c.notNull())
    .addColumn('unit', 'text', (c) => c.notNull().defaultTo('台'))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('hardware_product_status').on('hardware_product').columns(['status', 'sort']).execute();

  await withTimestamps(withId(db, db.schema.createTable('hardware_order')))
    .addColumn('order_no', 'text', (c) => c.notNull().unique())
    .addColumn('agent_id', ref, (c) => c.notNull().references('agent.id'))
    .addColumn('amount', 'integer', (c) => c.notNull())
    // 0 pending payment, 1 paid, 2 shipped, 3 completed, 4 cancelled.
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('receiver', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('logistics_company', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('tracking_no', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('paid_at', 'text')
    .addColumn('shipped_at', 'text')
    .addColumn('completed_at', 'text')
    .addColumn('cancelled_at', 'text')
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('hardware_order_agent_id').on('hardware_order').columns(['agent_id', 'id']).execute();
  await db.schema
    .createIndex('hardware_order_agent_status')
    .on('hardware_order')
    .columns(['agent_id', 'status', 'id'])
    .execute();
  await db.schema.createIndex('hardware_order_status_id').on('hardware_order').columns(['status', 'id']).execute();
  await db.schema.createIndex('hardware_order_created').on('hardware_order').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('hardware_order_tracking').on('hardware_order').column('tracking_no').execute();

  await withId(db, db.schema.createTable('hardware_order_item'))
    .addColumn('order_id', ref, (c) => cascade(c.notNull().references('hardware_order.id')))
    .addColumn('product_id', ref, (c) => c.notNull().references('hardware_product.id'))
    .addColumn('product_name', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('unit_price', 'integer', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('hardware_order_item_order').on('hardware_order_item').column('order_id').execute();

  // The serials shipped with an order; a serial ships once.
  await withId(db, db.schema.createTable('hardware_order_device'))
    .addColumn('order_id', ref, (c) => cascade(c.notNull().references('hardware_order.id')))
    .addColumn('agent_id', ref, (c) => c.notNull().references('agent.id'))
    .addColumn('device_no', 'text', (c) => c.notNull().unique())
    // 1 gateway, 2 android terminal.
    .addColumn('device_kind', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('hardware_order_device_order').on('hardware_order_device').column('order_id').execute();
  await db.schema
    .createIndex('hardware_order_device_agent')
    .on('hardware_order_device')
    .columns(['agent_id', 'id'])
    .execute();

  await withTimestamps(withId(db, db.schema.createTable('mac_address')))
    .addColumn('mac', 'text', (c) => c.notNull().unique())
    .addColumn('batch_no', 'text', (c) => c.notNull().defaultTo(''))
    // 0 free, 1 assigned to a device.
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('device_name', 'text')
    .addColumn('assigned_at', 'text')
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('mac_address_status_id').on('mac_address').columns(['status', 'id']).execute();
  await db.schema.createIndex('mac_address_batch').on('mac_address').column('batch_no').execute();

  await withTimestamps(withId(db, db.schema.createTable('zkb_equipment_no')))
    .addColumn('equipment_no', 'text', (c) => c.notNull().unique())
    .addColumn('mac', 'text')
    .addColumn('batch_no', 'text', (c) => c.notNull().defaultTo(''))
    // 0 in stock, 1 shipped.
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('order_id', ref, (c) => c.references('hardware_order.id'))
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('zkb_equipment_status_id').on('zkb_equipment_no').columns(['status', 'id']).execute();
  await db.schema.createIndex('zkb_equipment_batch').on('zkb_equipment_no').column('batch_no').execute();

  await withTimestamps(withId(db, db.schema.createTable('ship_to_address')))
    .addColumn('agent_id', ref, (c) => c.notNull().references('agent.id'))
    .addColumn('receiver', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('region', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('ship_to_address_agent').on('ship_to_address').columns(['agent_id', 'id']).execute();
}
