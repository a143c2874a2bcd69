import { type Kysely, sql } from 'kysely';
import { isPostgres, refType } from './helpers.js';

// 服务商数据统计 (issue 18) sums each provider over its range and the period of the same length
// before it, two years and more on its longest ranges: ~24 000 provider-months at 1 000
// providers. A yearly provider rollup, kept with the others in the payment's transaction, reads
// the whole years in one row per provider and source. Filled here from the monthly one (its sums).
const FIGURES = ['amount', 'paid_count', 'quantity', 'refund_amount', 'refund_count'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  const sum = isPostgres(db) ? ('bigint' as const) : ('integer' as const);
  let table = db.schema
    .createTable('payment_rollup_provider_year')
    .addColumn('year', 'text', (c) => c.notNull())
    .addColumn('agent_id', refType(db), (c) => c.notNull().references('agent.id'))
    .addColumn('source', 'integer', (c) => c.notNull());
  for (const f of FIGURES) table = table.addColumn(f, sum, (c) => c.notNull().defaultTo(0));
  await table.addPrimaryKeyConstraint('payment_rollup_provider_year_pk', ['year', 'source', 'agent_id']).execute();
  await db.schema
    .createIndex('payment_rollup_provider_year_net')
    .on('payment_rollup_provider_year')
    .columns(['agent_id', 'year', 'amount', 'refund_amount'])
    .execute();
  const figures = sql.join(FIGURES.map((f) => sql.ref(f)));
  await sql`insert into payment_rollup_provider_year (year, agent_id, source, ${figures})
    select substr(month, 1, 4), agent_id, source, ${sql.join(FIGURES.map((f) => sql`sum(${sql.ref(f)})`))}
    from payment_rollup_provider_month group by substr(month, 1, 4), agent_id, source`.execute(db);
  // Statistics for the filled table, so the planners read it by index from the start.
  await sql`analyze payment_rollup_provider_year`.execute(db);
}
