import { type Kysely, type RawBuilder, sql } from 'kysely';
import { isPostgres } from '../../db/engine.js';
import type { Database } from '../../db/types.js';
import { MONEY_IN_STATUSES, PAY, refundedSql } from '../finance/payment-money.js';
import { rebuildCommissionMonths } from './commission-months.js';
import { DAILY, FIGURE_COLUMNS, ROLLUP_LEVELS, keyColumns, keyFromDay } from './rollup-levels.js';
import { ROLLUP_SOURCE } from './rollup-source.js';

// Rebuilding the rollups from the records (after an import, a bug, a restore) and checking them:
// one GROUP BY over the raw rows, the same sums the write path adds one payment at a time. The
// check is in rollup-check.ts.

/** China-time calendar date of an ISO text column, in SQL. */
export function dayOf(db: Kysely<Database>, column: string): RawBuilder<string> {
  const ref = sql.ref(column);
  return isPostgres(db)
    ? sql<string>`to_char((cast(${ref} as timestamptz) at time zone 'UTC') + interval '8 hours', 'YYYY-MM-DD')`
    : sql<string>`substr(datetime(${ref}, '+8 hours'), 1, 10)`;
}

/**
 * The rollup rows as the raw records give them: paid amounts on their paid day, refunds (what the
 * row says it returned: finance/payment-money.ts) on their refund day; a hardware order counts once
 * paid and is refunded whole when cancelled after payment.
 */
export function rawRollups(db: Kysely<Database>) {
  const paid = sql.join(MONEY_IN_STATUSES.map((s) => sql.lit(s)));
  const refunded = sql.lit(PAY.refunded);
  const payments = (table: string, source: number, quantity: RawBuilder<number>) => sql`
    select ${dayOf(db, 'paid_at')} as day, agent_id, ${sql.lit(source)} as source, item as product, amount,
      1 as paid_count, ${quantity} as quantity, 0 as refund_amount, 0 as refund_count
      from ${sql.table(table)} where status in (${paid}) and paid_at is not null
    union all
    select ${dayOf(db, 'refunded_at')}, agent_id, ${sql.lit(source)}, item, 0, 0, -${quantity},
      ${refundedSql('refund_amount')}, 1
      from ${sql.table(table)} where status = ${refunded} and refunded_at is not null`;
  const facts = sql`
    ${payments('store_payment', ROLLUP_SOURCE.storePayment, sql<number>`1`)}
    union all
    ${payments('provider_payment', ROLLUP_SOURCE.providerPayment, sql.ref<number>('quantity'))}
    union all
    select ${dayOf(db, 'o.paid_at')}, o.agent_id, 3, i.product_id, i.amount, 1, i.quantity, 0, 0
      from hardware_order o join hardware_order_item i on i.order_id = o.id where o.paid_at is not null
    union all
    select ${dayOf(db, 'o.cancelled_at')}, o.agent_id, 3, i.product_id, 0, 0, -i.quantity, i.amount, 1
      from hardware_order o join hardware_order_item i on i.order_id = o.id
      where o.status = 4 and o.paid_at is not null and o.cancelled_at is not null`;
  return sql`
    select day, agent_id, source, product, sum(amount) as amount, sum(paid_count) as paid_count,
      sum(quantity) as quantity, sum(refund_amount) as refund_amount, sum(refund_count) as refund_count
    from (${facts}) f group by day, agent_id, source, product`;
}

/** Replaces every row of every rollup level with the sums of the records, in one transaction. */
export async function rebuildRollups(db: Kysely<Database>): Promise<number> {
  return db.transaction().execute(async (trx) => {
    for (const level of ROLLUP_LEVELS) await sql`delete from ${sql.table(level.table)}`.execute(trx);
    await sql`insert into payment_rollup (day, agent_id, source, product, amount, paid_count, quantity,
      refund_amount, refund_count) ${rawRollups(trx)}`.execute(trx);
    // The coarse levels are sums of the daily rows: far fewer than the records, so this is quick.
    for (const level of ROLLUP_LEVELS.filter((l) => l !== DAILY)) {
      const keys = keyColumns(level);
      const select = keys.map(keyFromDay);
      await sql`insert into ${sql.table(level.table)} (${sql.join([...keys, ...FIGURE_COLUMNS].map((c) => sql.ref(c)))})
        select ${sql.join([...select, ...FIGURE_COLUMNS.map((f) => sql`sum(${sql.ref(f)})`)])}
        from payment_rollup group by ${sql.join(select)}`.execute(trx);
    }
    // 佣金监控's provider-months are computed from the rollups just rebuilt.
    await rebuildCommissionMonths(trx);
    const row = await trx
      .selectFrom('paymentRollup')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  });
}
