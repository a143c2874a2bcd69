import { providerPaymentResource, storePaymentResource } from '@console/contract';
import { sql } from 'kysely';
import { migrateToLatest } from '../../src/db/migrate.js';
import { openDatabase } from '../../src/db/open.js';
import { commissionPage, commissionReport } from '../../src/modules/reports/commission.js';
import { agentDataReport, businessReport, monthDataReport, salesReport } from '../../src/modules/reports/reports.js';
import { call, signIn } from '../api/client.js';
import { startServer } from '../api/server-process.js';
import type { BenchRow, BenchSuite } from '../report.js';
import { percentile } from '../report.js';
import { reportsPostgres, reportsSqlite } from './data.js';
import { rowSumsPeer, sumsCases } from './list-sum-cases.js';
import { naivePeers } from './naive-peers.js';
import { reportsSettings } from './settings.js';

// Issue 18: each report screen's query over the rollups beside its naive peer (the same figures
// by a plain GROUP BY over the raw payment rows), and the first page and sums of 门店缴费记录 and
// 服务商缴费记录 through the server. The database: REPORTS_BENCH_DATABASE_URL, or the generated
// REPORTS_BENCH_PAYMENTS-row SQLite file and (with REPORTS_BENCH_PG_URL) PostgreSQL database.

const RUNS = 40;
/** The naive peers take tens of seconds at ten million rows: one cold run each is the figure. */
const PEER_RUNS = 1;
const REPORT_BUDGET_MS = 100;
const LIST_BUDGET_MS = 50;
const LIST_READS = 30;
const TABLE: Record<string, string> = {
  [storePaymentResource.name]: 'store_payment',
  [providerPaymentResource.name]: 'provider_payment',
};

async function timings(fn: () => Promise<unknown>, runs: number, warm = true): Promise<number[]> {
  if (warm) await fn();
  const ms: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    await fn();
    ms.push(performance.now() - started);
  }
  return ms;
}

async function targets(log: (line: string) => void): Promise<string[]> {
  if (process.env.REPORTS_BENCH_DATABASE_URL) return [process.env.REPORTS_BENCH_DATABASE_URL];
  if (reportsSettings.payments === 0) return [];
  const urls = [await reportsSqlite(reportsSettings.payments, log)];
  if (reportsSettings.postgresUrl)
    urls.push(await reportsPostgres(reportsSettings.postgresUrl, reportsSettings.payments, log));
  return urls;
}

/** The five report screens over the bench range, each beside its naive peer. */
async function reportRows(url: string, log: (line: string) => void): Promise<BenchRow[]> {
  const database = openDatabase(url);
  try {
    const db = database.db;
    // A cached database generated before a later migration (an index) is brought up to date.
    await migrateToLatest(db);
    const payments = Number(
      (
        await sql<{
          n: number;
        }>`select (select count(*) from store_payment) + (select count(*) from provider_payment) as n`.execute(db)
      ).rows[0]?.n ?? 0,
    );
    // From the 1st of January last year to today: whole months and a partial one at the end.
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const range = { from: `${Number(today.slice(0, 4)) - 1}-01-01`, to: today };
    const someAgent = await db.selectFrom('paymentRollupProviderMonth').select('agentId').limit(1).executeTakeFirst();
    // 佣金监控 as the screen opens it (first page, open anomalies first), filtered to one provider,
    // and its export (every row; a download, so no budget). The variants share the report's peer.
    const firstPage = { ...range, page: 1, pageSize: 20, onlyAnomalies: false, sort: 'anomalies' as const };
    const reports: [string, () => Promise<unknown>, number | null][] = [
      ['月度数据统计', () => monthDataReport(db, range), REPORT_BUDGET_MS],
      ['服务商数据统计', () => agentDataReport(db, range), REPORT_BUDGET_MS],
      ['佣金监控', () => commissionPage(db, firstPage), REPORT_BUDGET_MS],
      [
        '佣金监控·一个服务商',
        () => commissionPage(db, { ...firstPage, agentId: String(someAgent?.agentId ?? 1) }),
        REPORT_BUDGET_MS,
      ],
      ['佣金监控·导出全部行', () => commissionReport(db, range).then((r) => JSON.stringify(r)), null],
      ['销售统计', () => salesReport(db, range), REPORT_BUDGET_MS],
      ['经营统计', () => businessReport(db, range), REPORT_BUDGET_MS],
    ];
    const rows: BenchRow[] = [];
    const peerTimes = new Map<unknown, number[]>();
    for (const [name, fn, budget] of reports) {
      const ms = await timings(fn, RUNS);
      // 经营统计's peer is 月度数据统计's (the same monthly GROUP BY): measured once.
      const peerFn = naivePeers[name.split('·')[0]!]!;
      const peer = peerTimes.get(peerFn) ?? (await timings(() => peerFn(db, range), PEER_RUNS, false));
      peerTimes.set(peerFn, peer);
      const p99 = percentile(ms, 99);
      const row = {
        figure: `${name}（${payments.toLocaleString('en-US')} 笔缴费，${database.kind}，${range.from} 至 ${range.to}）`,
        value: `p99 ${p99.toFixed(1)} ms`,
        budget: budget === null ? '无（下载）' : `p99 ≤ ${budget} ms`,
        ok: budget === null || p99 <= budget,
        detail: `p50 ${percentile(ms, 50).toFixed(1)} ms；原始行 GROUP BY ${percentile(peer, 50).toFixed(0)} ms（不预热，${PEER_RUNS} 次）`,
      };
      log(`  ${row.figure}：${row.value}，${row.detail}`);
      rows.push(row);
    }
    return rows;
  } finally {
    await database.close();
  }
}

/**
 * First page and sums of the two payment lists, through the server, as the platform admin opens
 * and filters them; each sums case beside the plain sum over its matching rows.
 */
async function listRows(url: string, kind: string, log: (line: string) => void): Promise<BenchRow[]> {
  const server = await startServer({ DATABASE_URL: url, LOG_LEVEL: 'warn' });
  const database = openDatabase(url);
  const rows: BenchRow[] = [];
  try {
    const token = await signIn(server.url, 'admin');
    const timed = async (path: string, body: object) => {
      const ms: number[] = [];
      await call(server.url, path, { token, body });
      for (let i = 0; i < LIST_READS; i += 1) {
        const started = performance.now();
        await call(server.url, path, { token, body });
        ms.push(performance.now() - started);
      }
      return ms;
    };
    for (const r of [storePaymentResource, providerPaymentResource]) {
      const first = await call<{ list: { agentId: string; storeId: string | null; paidAt: string | null }[] }>(
        server.url,
        `/api${r.prefix}/page`,
        { token, body: { offset: 1, size: 20 } },
      );
      const agentId = first.list[0]?.agentId ?? '1';
      const storeId = first.list.find((x) => x.storeId)?.storeId ?? null;
      const page = await timed(`/api${r.prefix}/page`, { offset: 1, size: 20 });
      const pageP99 = percentile(page, 99);
      rows.push({
        figure: `${r.title} 首页（${kind}）`,
        value: `p99 ${pageP99.toFixed(1)} ms`,
        budget: `p99 ≤ ${LIST_BUDGET_MS} ms`,
        ok: pageP99 <= LIST_BUDGET_MS,
        detail: `p50 ${percentile(page, 50).toFixed(1)} ms，${LIST_READS} 次`,
      });
      log(`  ${rows.at(-1)!.figure}：${rows.at(-1)!.value}，${rows.at(-1)!.detail}`);
      // The last whole China month of the data (it ends the day before the generator's anchor).
      const month = new Date(Date.now() + 8 * 3600_000 - 31 * 86_400_000).toISOString().slice(0, 7);
      for (const c of sumsCases(month, agentId, storeId)) {
        const ms = await timed(`/api${r.prefix}/sums`, c.body);
        const peer = await timings(() => rowSumsPeer(database.db, TABLE[r.name]!, c.body), PEER_RUNS, false);
        const p99 = percentile(ms, 99);
        const row = {
          figure: `${r.title} 合计·${c.label}（${kind}）`,
          value: `p99 ${p99.toFixed(1)} ms`,
          budget: `p99 ≤ ${REPORT_BUDGET_MS} ms`,
          ok: p99 <= REPORT_BUDGET_MS,
          detail: `p50 ${percentile(ms, 50).toFixed(1)} ms，${LIST_READS} 次，${c.path === 'rollup' ? '读合计汇总表' : '按行（索引）'}；原始行求和 ${percentile(peer, 50).toFixed(0)} ms（不预热，${PEER_RUNS} 次）`,
        };
        log(`  ${row.figure}：${row.value}，${row.detail}`);
        rows.push(row);
      }
    }
  } finally {
    await server.stop();
    await database.close();
  }
  return rows;
}

export const reportsSuite: BenchSuite = {
  name: 'reports',
  title: '报表查询：汇总表 vs 原始行 GROUP BY，缴费记录首页与合计（issue 18）',
  run: async (): Promise<BenchRow[]> => {
    const log = (line: string) => console.error(line);
    const urls = await targets(log);
    if (urls.length === 0) {
      return [
        {
          figure: '报表查询',
          value: '未运行',
          budget: `p99 ≤ ${REPORT_BUDGET_MS} ms`,
          ok: true,
          detail: '未设置 REPORTS_BENCH_PAYMENTS 或 REPORTS_BENCH_DATABASE_URL',
        },
      ];
    }
    const rows: BenchRow[] = [];
    for (const url of urls) {
      rows.push(...(await reportRows(url, log)));
      rows.push(...(await listRows(url, url.startsWith('sqlite:') ? 'sqlite' : 'postgres', log)));
    }
    return rows;
  },
};
