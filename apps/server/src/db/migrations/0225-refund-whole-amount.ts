import type { Kysely, RawBuilder } from 'kysely';
import { isPostgres, sql } from './helpers.js';

// Issue 26, one definition of money: a refund returns the whole amount, so a 已退款 (status 2)
// row's refund_amount is its amount and every other row's is 0. Databases seeded before held
// 已退款 rows with refund_amount 0 (17 of the demo's 20), which the payment lists summed as no
// refund while the reports counted them refunded whole: ¥52 000 apart on the demo data.
//
// This sets those rows right and moves the payment-list sums (0195) by the same difference, key
// by key, so they stay the sums of the rows. The reports' rollups and 佣金监控's provider-months
// already counted every 已退款 row as its whole amount refunded on its refunded_at day, which is
// what the rows now say, and no other row as refunded: they need nothing. A migration rather than
// a rebuild at every start: it runs once, reads only the rows that break the rule (none on a
// database the product wrote), and a start at ten million payments stays as quick as it was.

const TABLES = [
  { name: 'store_payment', source: 1 },
  { name: 'provider_payment', source: 2 },
] as const;

/** The sums' levels as 0195 made them: day or month, per provider or the whole platform. */
const LEVELS = [
  { name: 'payment_list_sum_day', period: 'day', agent: true },
  { name: 'payment_list_sum_month', period: 'month', agent: true },
  { name: 'payment_list_sum_platform_day', period: 'day', agent: false },
  { name: 'payment_list_sum_platform_month', period: 'month', agent: false },
] as const;

/** The refund_amount the rule gives a row (inlined: a migration imports no module code). */
const WHOLE = sql`case when status = 2 then amount else 0 end`;

/** The China day (UTC+8) of paid_at, '' for a row never paid, as the list sums key it. */
function paidDay(db: Kysely<unknown>): RawBuilder<string> {
  return isPostgres(db)
    ? sql<string>`coalesce(to_char((cast(paid_at as timestamptz) at time zone 'UTC') + interval '8 hours', 'YYYY-MM-DD'), '')`
    : sql<string>`coalesce(substr(datetime(paid_at, '+8 hours'), 1, 10), '')`;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) {
    for (const level of LEVELS) {
      const period = level.period === 'day' ? paidDay(db) : sql`substr(${paidDay(db)}, 1, 7)`;
      const keys = [...(level.agent ? ['agent_id'] : []), 'source', level.period, 'item', 'channel', 'status'];
      const agent = level.agent ? [sql.ref('agent_id')] : [];
      const rest = [period, sql.ref('item'), sql.ref('channel'), sql.ref('status')];
      // The key columns in their order (provider, source, period, item, channel, status); the
      // source is a constant, so it is not grouped by (a number there would name a column).
      const select = [...agent, sql.lit(table.source), ...rest];
      const groups = [...agent, ...rest];
      await sql`insert into ${sql.table(level.name)} (${sql.join(keys.map((k) => sql.ref(k)))}, row_count, amount, refund_amount)
        select ${sql.join(select)}, 0, 0, sum(${WHOLE} - refund_amount)
        from ${sql.table(table.name)} where refund_amount <> ${WHOLE}
        group by ${sql.join(groups)}
        on conflict (${sql.join(keys.map((k) => sql.ref(k)))}) do update
        set refund_amount = ${sql.ref(`${level.name}.refund_amount`)} + excluded.refund_amount`.execute(db);
    }
    await sql`update ${sql.table(table.name)} set refund_amount = ${WHOLE} where refund_amount <> ${WHOLE}`.execute(db);
  }
}
