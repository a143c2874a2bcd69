import type { BenchRow } from '../report.js';
import { median, percentile } from '../report.js';
import { signIn } from './client.js';
import { type LoadResult, load } from './load.js';
import { NAIVE_LIST_PATH } from './naive-list.js';
import { startServer } from './server-process.js';
import { settings } from './settings.js';

const PRODUCT_PATH = '/api/ZKBManager/deviceList';
/** Issue 7's budgets: p99 against the naive peer, and absolute p99 on SQLite, by row count. */
const RATIO_BUDGET = (rows: number) => (rows >= 10_000_000 ? 0.05 : 0.1);
const ABSOLUTE_BUDGET_MS = (rows: number) => (rows >= 10_000_000 ? 25 : 15);

/**
 * The provider gateway list as agent1 (whose provider holds about 56 % of the rows; the tenant
 * scope is part of every query), 8 concurrent clients, a random page 1–5 000 of 20 rows per
 * request, filtered by 在线 (about 60 % of the provider's rows). The product endpoint and the
 * naive OFFSET + exact COUNT peer run in the same server process: the product's p99 is the
 * median of several runs, the peer (seconds per request) runs once between them.
 */
export async function listRows(
  engine: 'SQLite' | 'PostgreSQL',
  databaseUrl: string,
  rows: number,
  log: (line: string) => void,
): Promise<BenchRow[]> {
  const server = await startServer({ DATABASE_URL: databaseUrl, LOG_LEVEL: 'info' });
  try {
    const token = await signIn(server.url);
    const run = (path: string, duration: number, amount?: number) =>
      load({
        url: server.url + path,
        method: 'POST',
        headers: { token },
        connections: settings.listClients,
        duration,
        // The peer's requests queue behind each other for minutes at 10M rows.
        ...(amount ? { amount, timeout: 1_800 } : {}),
        next: () => ({
          body: JSON.stringify({
            offset: 1 + Math.floor(Math.random() * settings.maxPage),
            size: settings.pageSize,
            communicationStatus: 1,
          }),
        }),
      });
    await run(PRODUCT_PATH, 2);
    const product: number[] = [];
    let naive = Number.NaN;
    for (let i = 0; i < settings.pairs; i += 1) {
      const p = await run(PRODUCT_PATH, settings.seconds);
      check(p);
      product.push(percentile(p.latencies, 99));
      log(
        `  ${engine} ${rows.toLocaleString()} 行 第 ${i + 1} 轮：p99 ${product[i]!.toFixed(1)} ms（${p.latencies.length} 次）`,
      );
      // The peer takes seconds per request at these sizes (half a minute at 10M on SQLite): one run
      // of one request per client, between the product's runs, not a duration of its own.
      if (i === Math.floor(settings.pairs / 2)) {
        const n = await run('/api' + NAIVE_LIST_PATH, 0, settings.naiveRequests);
        check(n);
        naive = percentile(n.latencies, 99);
        log(`  ${engine} ${rows.toLocaleString()} 行 朴素实现：p99 ${naive.toFixed(1)} ms（${n.latencies.length} 次）`);
      }
    }
    const ratio = median(product) / naive;
    const label = `${engine} ${formatRows(rows)} 行`;
    const detail = `p99 ${median(product).toFixed(1)} ms / 朴素 ${naive.toFixed(1)} ms；8 客户端，产品 ${settings.pairs} 轮 × ${settings.seconds} 秒，朴素 ${settings.naiveRequests} 次`;
    const out: BenchRow[] = [
      {
        figure: `列表 p99 对比朴素 OFFSET+COUNT（${label}）`,
        value: `${ratio.toFixed(3)}×`,
        budget: `≤ ${RATIO_BUDGET(rows)}×`,
        ok: ratio <= RATIO_BUDGET(rows),
        detail,
      },
    ];
    if (engine === 'SQLite') {
      const p99 = median(product);
      out.push({
        figure: `列表 p99 绝对值（${label}）`,
        value: `${p99.toFixed(1)} ms`,
        budget: `≤ ${ABSOLUTE_BUDGET_MS(rows)} ms`,
        ok: p99 <= ABSOLUTE_BUDGET_MS(rows),
        detail: `各轮 ${product.map((v) => v.toFixed(1)).join(', ')} ms`,
      });
    }
    return out;
  } finally {
    await server.stop();
  }
}

function check(r: LoadResult): void {
  if (r.errors || [...r.statuses.keys()].some((s) => s !== 200)) {
    throw new Error(`列表请求出现错误响应：${JSON.stringify([...r.statuses])}，${r.errors} 个连接错误`);
  }
}

export function formatRows(rows: number): string {
  return rows >= 1_000_000 ? `${rows / 1_000_000}M` : rows.toLocaleString();
}
