import type { CreateTableBuilder, Kysely } from 'kysely';
import { isPostgres, refType } from './helpers.js';

// Reports at ten million payments (issue 18): the daily rollup has about as many rows per month as
// there are payments, so each report reads a coarser rollup kept beside it in the same
// transaction: per month for whole months, and per day without the provider (platform totals) or
// without the product (provider totals) for the partial months at a range's edges.
const FIGURES = ['amount', 'paid_count', 'quantity', 'refund_amount', 'refund_count'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  const ref = refType(db);
  const sum = isPostgres(db) ? ('bigint' as const) : ('integer' as const);
  const tables: { name: string; period: 'day' | 'month'; agent: boolean; product: boolean }[] = [
    { name: 'payment_rollup_month', period: 'month', agent: true, product: true },
    { name: 'payment_rollup_provider_day', period: 'day', agent: true, product: false },
    { name: 'payment_rollup_provider_month', period: 'month', agent: true, product: false },
    { name: 'payment_rollup_platform_day', period: 'day', agent: false, product: true },
    { name: 'payment_rollup_platform_month', period: 'month', agent: false, product: true },
  ];
  for (const t of tables) {
    // Columns named at run time: the builder's column type is any name (types only, same SQL).
    let table: CreateTableBuilder<string, string> = db.schema
      .createTable(t.name)
      .addColumn(t.period, 'text', (c) => c.notNull());
    if (t.agent) table = table.addColumn('agent_id', ref, (c) => c.notNull().references('agent.id'));
    table = table.addColumn('source', 'integer', (c) => c.notNull());
    if (t.product) table = table.addColumn('product', 'integer', (c) => c.notNull());
    // A month of the whole platform passes 2^31 fen (21 million 元): bigint on PostgreSQL (SQLite's
    // integers are 64-bit already).
    for (const f of FIGURES) table = table.addColumn(f, sum, (c) => c.notNull().defaultTo(0));
    // Period first: every report reads a range of periods; the source narrows commission and sales.
    const key = [t.period, 'source', ...(t.agent ? ['agent_id'] : []), ...(t.product ? ['product'] : [])];
    await table.addPrimaryKeyConstraint(`${t.name}_pk`, key).execute();
    if (t.agent) {
      await db.schema.createIndex(`${t.name}_agent`).on(t.name).columns(['agent_id', t.period]).execute();
    }
  }
  // 销售统计 reads one source of the daily rollup at the edges of its range.
  await db.schema.createIndex('payment_rollup_source_day').on('payment_rollup').columns(['source', 'day']).execute();
}
