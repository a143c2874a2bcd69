import type { CreateTableBuilder, Kysely } from 'kysely';
import { isPostgres, refType } from './helpers.js';

// The sums above 门店缴费记录 and 服务商缴费记录 at ten million payments (issue 18): each payment
// table summed by the payment's China day (the day its 支付时间 falls on; '' for a row never
// paid) × item × channel × status, per provider and for the whole platform, per day and per
// month. Unlike the reports' rollups a refund stays on its payment's day and status is a key,
// because the list filters a row by its own paid time and status. Derived data (rebuilt by
// `npm run rollups -- rebuild`): no foreign key, so the write path pays for no extra lookup.
const FIGURES = ['row_count', 'amount', 'refund_amount'] as const;

const TABLES = [
  { name: 'payment_list_sum_day', period: 'day', agent: true },
  { name: 'payment_list_sum_month', period: 'month', agent: true },
  { name: 'payment_list_sum_platform_day', period: 'day', agent: false },
  { name: 'payment_list_sum_platform_month', period: 'month', agent: false },
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  const ref = refType(db);
  const sum = isPostgres(db) ? ('bigint' as const) : ('integer' as const);
  for (const t of TABLES) {
    // Columns named at run time: the builder's column type is any name (types only, same SQL).
    let table: CreateTableBuilder<string, string> = db.schema
      .createTable(t.name)
      .addColumn('source', 'integer', (c) => c.notNull());
    if (t.agent) table = table.addColumn('agent_id', ref, (c) => c.notNull());
    table = table
      .addColumn(t.period, 'text', (c) => c.notNull())
      .addColumn('item', 'integer', (c) => c.notNull())
      .addColumn('channel', 'integer', (c) => c.notNull())
      .addColumn('status', 'integer', (c) => c.notNull());
    for (const f of FIGURES) table = table.addColumn(f, sum, (c) => c.notNull().defaultTo(0));
    // Every read is one source (and provider) over a range of periods; the rest filter those rows.
    const key = [...(t.agent ? ['agent_id'] : []), 'source', t.period, 'item', 'channel', 'status'];
    await table.addPrimaryKeyConstraint(`${t.name}_pk`, key).execute();
  }
}
