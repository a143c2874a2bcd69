import type { Kysely } from 'kysely';

// The money screens (issue 18): a payment-merchant application's images and when it went live,
// and each payment's service period and refund (amount, time, reason), so a refund is a fact of
// the payment row rather than a second row the lists would have to net out.
const text = (db: Kysely<unknown>, table: string, column: string) =>
  db.schema
    .alterTable(table)
    .addColumn(column, 'text', (c) => c.notNull().defaultTo(''))
    .execute();
const nullableText = (db: Kysely<unknown>, table: string, column: string) =>
  db.schema.alterTable(table).addColumn(column, 'text').execute();

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of ['storefront_image', 'license_image', 'id_card_front_image', 'id_card_back_image']) {
    await text(db, 'payment_merchant', column);
  }
  await nullableText(db, 'payment_merchant', 'activated_at');

  for (const table of ['store_payment', 'provider_payment']) {
    await nullableText(db, table, 'period_start');
    await nullableText(db, table, 'period_end');
    await db.schema
      .alterTable(table)
      .addColumn('refund_amount', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await nullableText(db, table, 'refunded_at');
    await text(db, table, 'refund_reason');
  }
  // 服务商缴费记录 and 缴费明细 filter by channel, as 门店缴费记录 already did.
  await db.schema
    .createIndex('provider_payment_channel_id')
    .on('provider_payment')
    .columns(['channel', 'id'])
    .execute();
}
