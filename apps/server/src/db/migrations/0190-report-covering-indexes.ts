import { type Kysely, sql } from 'kysely';

// 服务商数据统计 and 佣金监控 at ten million payments (issue 18): their rollup reads went through
// indexes that hold the key only, so each of ~22 000 provider-months (and ~40 000 provider-days at a
// month's edge) was one more lookup of its table row. These indexes carry the two figures the
// reports sum, so the reads never leave the index: per provider first (the reports group by
// provider), and for 佣金监控 the store payments (source) first.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('payment_rollup_provider_month_net')
    .on('payment_rollup_provider_month')
    .columns(['agent_id', 'month', 'amount', 'refund_amount'])
    .execute();
  await db.schema
    .createIndex('payment_rollup_provider_month_source_net')
    .on('payment_rollup_provider_month')
    .columns(['source', 'agent_id', 'month', 'amount', 'refund_amount'])
    .execute();
  await db.schema
    .createIndex('payment_rollup_provider_day_net')
    .on('payment_rollup_provider_day')
    .columns(['agent_id', 'day', 'amount', 'refund_amount'])
    .execute();
  // Without fresh statistics SQLite's planner kept the older key-only indexes for these reads.
  await sql`analyze payment_rollup_provider_month`.execute(db);
  await sql`analyze payment_rollup_provider_day`.execute(db);
}
