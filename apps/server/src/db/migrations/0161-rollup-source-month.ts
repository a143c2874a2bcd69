import type { Kysely } from 'kysely';

// 销售统计 reads one source (hardware) of the monthly rollup over a range of months; keyed by
// month first, that read walked every source's rows of those months (~10 000 a month at 1 000
// providers) to find the few hardware ones.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('payment_rollup_month_source')
    .on('payment_rollup_month')
    .columns(['source', 'month'])
    .execute();
}
