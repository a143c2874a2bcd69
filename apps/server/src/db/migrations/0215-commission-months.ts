import type { Kysely } from 'kysely';
import { rebuildCommissionMonths } from '../../modules/reports/commission-months.js';
import { isPostgres, refType, sql } from './helpers.js';

// 佣金监控 (issue 18) computed every provider-month's commission and anomaly flags per request
// (~29 000 at 1 000 providers over two years: 80–320 ms at 10M payments) to order them 异常优先.
// This table keeps them, recomputed in the payment's transaction for the months a payment
// changes (modules/reports/commission-months.ts), so a page is an indexed ORDER BY … LIMIT.
// Filled here from the rollups, rates and checks.
export async function up(db: Kysely<unknown>): Promise<void> {
  const money = isPostgres(db) ? ('bigint' as const) : ('integer' as const);
  await db.schema
    .createTable('commission_month')
    .addColumn('agent_id', refType(db), (c) => c.notNull().references('agent.id').onDelete('cascade'))
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('base', money, (c) => c.notNull())
    .addColumn('commission', money, (c) => c.notNull())
    .addColumn('rate_bp', 'integer', (c) => c.notNull())
    .addColumn('usual', money)
    // Anomaly bits: 1 negative, 2 far above the usual, 4 rate changed after the 1st.
    .addColumn('flags', 'integer', (c) => c.notNull())
    .addColumn('checked', 'integer', (c) => c.notNull())
    // 0 an open anomaly, 1 a checked one, 2 none: the 异常优先 order.
    .addColumn('rank', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('commission_month_pk', ['agent_id', 'month'])
    .execute();
  // One index per order of the screen (ties: newest month, then provider number); the month one
  // also covers the per-month sums and counts the report takes over its whole range.
  await db.schema
    .createIndex('commission_month_by_rank')
    .on('commission_month')
    .columns(['rank', 'month desc', 'agent_id'])
    .execute();
  await db.schema
    .createIndex('commission_month_by_month')
    .on('commission_month')
    .columns(['month desc', 'agent_id', 'commission', 'rank', 'checked'])
    .execute();
  await db.schema
    .createIndex('commission_month_by_commission')
    .on('commission_month')
    .columns(['commission desc', 'month desc', 'agent_id'])
    .execute();
  await rebuildCommissionMonths(db);
  await sql`analyze commission_month`.execute(db);
}
