import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { openDatabase } from '../../src/db/open.js';
import type { Database } from '../../src/db/types.js';
import { commissionReport } from '../../src/modules/reports/commission.js';
import { agentDataReport, monthDataReport, salesReport } from '../../src/modules/reports/reports.js';
import type { BenchRow, BenchSuite } from '../report.js';

// Issue 18: each report screen's query over the rollups against the naive peer, the same figures
// by a plain GROUP BY over the raw payment rows, on a database generated beforehand with
// `npm run seed -- --scale <stores>` (which rebuilds the rollups). REPORTS_BENCH_DATABASE_URL
// names it; without it the suite says so and measures nothing.

const RUNS = 40;
const PEER_RUNS = 5;
const BUDGET_MS = 100;

async function timings(fn: () => Promise<unknown>, runs: number): Promise<number[]> {
  await fn();
  const ms: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    await fn();
    ms.push(performance.now() - started);
  }
  return ms.sort((a, b) => a - b);
}
const p = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;

/** The naive peer: revenue per month and item straight from the payments, as a report without rollups would. */
function naivePeer(db: Kysely<Database>, from: string, to: string) {
  const month = (c: string) =>
    db.getExecutor().adapter instanceof PostgresAdapter
      ? sql`to_char((cast(${sql.ref(c)} as timestamptz) at time zone 'UTC') + interval '8 hours', 'YYYY-MM')`
      : sql`substr(datetime(${sql.ref(c)}, '+8 hours'), 1, 7)`;
  return sql`
    select m, agent_id, item, sum(amount) as amount from (
      select ${month('paid_at')} as m, agent_id, item, amount from store_payment
        where status in (1, 2) and paid_at >= ${from} and paid_at < ${to}
      union all
      select ${month('paid_at')} as m, agent_id, item + 10, amount from provider_payment
        where status in (1, 2) and paid_at >= ${from} and paid_at < ${to}
    ) x group by m, agent_id, item`.execute(db);
}

export const reportsSuite: BenchSuite = {
  name: 'reports',
  title: '报表查询：汇总表 vs 原始行 GROUP BY（issue 18）',
  run: async (): Promise<BenchRow[]> => {
    const url = process.env.REPORTS_BENCH_DATABASE_URL;
    if (!url) {
      return [
        {
          figure: '报表查询',
          value: '未运行',
          budget: `p99 ≤ ${BUDGET_MS} ms`,
          ok: true,
          detail: '未设置 REPORTS_BENCH_DATABASE_URL',
        },
      ];
    }
    const database = openDatabase(url);
    try {
      const db = database.db;
      const payments = Number(
        (
          await sql<{
            n: number;
          }>`select (select count(*) from store_payment) + (select count(*) from provider_payment) as n`.execute(db)
        ).rows[0]?.n ?? 0,
      );
      const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
      const range = { from: `${today.slice(0, 4)}-01-01`.replace(/^(\d{4})/, (y) => String(Number(y) - 1)), to: today };
      const peer = await timings(() => naivePeer(db, `${range.from}T00:00:00Z`, `${range.to}T23:59:59Z`), PEER_RUNS);
      const reports: [string, () => Promise<unknown>][] = [
        ['月度数据统计', () => monthDataReport(db, range)],
        ['服务商数据统计', () => agentDataReport(db, range)],
        ['佣金监控', () => commissionReport(db, range)],
        ['销售统计', () => salesReport(db, range)],
      ];
      const rows: BenchRow[] = [];
      for (const [name, fn] of reports) {
        const ms = await timings(fn, RUNS);
        rows.push({
          figure: `${name}（${payments.toLocaleString('en-US')} 笔缴费，${database.kind}）`,
          value: `p99 ${p(ms, 0.99).toFixed(1)} ms`,
          budget: `p99 ≤ ${BUDGET_MS} ms`,
          ok: p(ms, 0.99) <= BUDGET_MS,
          detail: `p50 ${p(ms, 0.5).toFixed(1)} ms；原始行 GROUP BY p50 ${p(peer, 0.5).toFixed(0)} ms`,
        });
      }
      return rows;
    } finally {
      await database.close();
    }
  },
};
