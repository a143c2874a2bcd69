import type { Kysely } from 'kysely';
import { refType, withId } from './helpers.js';

// Reports (issue 18) read rollups, never the payments: one row per China-time day × provider ×
// source × product, maintained in the transaction of every payment and refund. Commission rates
// keep their history so a month's commission uses the rate in force on each day, and a rate
// changed mid-month is itself an anomaly the 佣金监控 screen flags.
export async function up(db: Kysely<unknown>): Promise<void> {
  const ref = refType(db);
  await db.schema
    .createTable('payment_rollup')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('agent_id', ref, (c) => c.notNull().references('agent.id'))
    // 1 store payment (saasPayment), 2 provider payment (saasRecord), 3 hardware order.
    .addColumn('source', 'integer', (c) => c.notNull())
    // The item of sources 1 and 2, the hardware product id of source 3.
    .addColumn('product', 'integer', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('paid_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('quantity', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('refund_amount', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('refund_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('payment_rollup_pk', ['day', 'agent_id', 'source', 'product'])
    .execute();
  await db.schema.createIndex('payment_rollup_agent_day').on('payment_rollup').columns(['agent_id', 'day']).execute();

  // When a payment was refunded (refunded_at, added by 0135): the refund counts on that day.

  await withId(db, db.schema.createTable('agent_commission_rate'))
    .addColumn('agent_id', ref, (c) => c.notNull().references('agent.id').onDelete('cascade'))
    // Basis points of the store payments of the provider's stores: 1500 = 15 %.
    .addColumn('rate_bp', 'integer', (c) => c.notNull())
    .addColumn('effective_from', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('agent_commission_rate_from')
    .on('agent_commission_rate')
    .columns(['agent_id', 'effective_from'])
    .unique()
    .execute();

  // An operator looked at a provider's month on 佣金监控 and noted why it is fine.
  await withId(db, db.schema.createTable('commission_check'))
    .addColumn('agent_id', ref, (c) => c.notNull().references('agent.id').onDelete('cascade'))
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('checked_by', 'text', (c) => c.notNull())
    .addColumn('checked_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('commission_check_agent_month')
    .on('commission_check')
    .columns(['agent_id', 'month'])
    .unique()
    .execute();
}
