import { type Kysely, PostgresAdapter, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../src/db/types.js';
import { previousRange } from '../../src/modules/reports/reports.js';
import { instantsOf } from '../../src/modules/reports/rollup-reads.js';
import type { ReportRange } from '@console/contract';

// The naive peers of the reports suite: each report's figures by a plain GROUP BY over the raw
// payment rows, as the report would compute them without rollups.

type Db = Kysely<Database>;

function chinaDate(db: Db, column: string, length: 7 | 10): RawBuilder<string> {
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? sql`to_char((cast(${sql.ref(column)} as timestamptz) at time zone 'UTC') + interval '8 hours', ${sql.lit(length === 7 ? 'YYYY-MM' : 'YYYY-MM-DD')})`
    : sql`substr(datetime(${sql.ref(column)}, '+8 hours'), 1, ${sql.lit(length)})`;
}

/** Net amount per month × provider × item of both payment tables within the range. */
function revenue(db: Db, range: ReportRange, by: 'month' | 'agent') {
  const at = instantsOf(range);
  const key = (c: string) => (by === 'month' ? chinaDate(db, c, 7) : sql`0`);
  return sql`
    select k, agent_id, item, sum(amount) - sum(refund_amount) as net from (
      select ${key('paid_at')} as k, agent_id, item, amount, refund_amount from store_payment
        where status in (1, 2) and paid_at >= ${at.from} and paid_at < ${at.to}
      union all
      select ${key('paid_at')} as k, agent_id, item + 10, amount, refund_amount from provider_payment
        where status in (1, 2) and paid_at >= ${at.from} and paid_at < ${at.to}
    ) x group by k, agent_id, item`.execute(db);
}

const monthly = (db: Db, range: ReportRange) => revenue(db, range, 'month');

export const naivePeers: Record<string, (db: Db, range: ReportRange) => Promise<unknown>> = {
  月度数据统计: monthly,
  服务商数据统计: async (db, range) => {
    const stores = sql`select agent_id, count(*) from store where status <> 4 group by agent_id`.execute(db);
    const devices = sql`select agent_id, count(*) from gateway_device group by agent_id`.execute(db);
    const androids = sql`select agent_id, count(*) from android_device group by agent_id`.execute(db);
    return Promise.all([
      revenue(db, range, 'agent'),
      revenue(db, previousRange(range), 'agent'),
      stores,
      devices,
      androids,
    ]);
  },
  佣金监控: (db, range) => {
    const from = new Date(Date.parse(`${range.from.slice(0, 7)}-01`) - 184 * 86_400_000).toISOString().slice(0, 10);
    const at = instantsOf({ from, to: range.to });
    return sql`select agent_id, ${chinaDate(db, 'paid_at', 10)} as day, sum(amount) - sum(refund_amount) as net
      from store_payment where status in (1, 2) and paid_at >= ${at.from} and paid_at < ${at.to}
      group by agent_id, ${chinaDate(db, 'paid_at', 10)}`.execute(db);
  },
  销售统计: (db, range) => {
    const at = instantsOf(range);
    return sql`select ${chinaDate(db, 'o.paid_at', 7)} as m, o.agent_id, i.product_id, sum(i.amount), sum(i.quantity)
      from hardware_order o join hardware_order_item i on i.order_id = o.id
      where o.paid_at >= ${at.from} and o.paid_at < ${at.to}
      group by ${chinaDate(db, 'o.paid_at', 7)}, o.agent_id, i.product_id`.execute(db);
  },
  经营统计: monthly,
};
