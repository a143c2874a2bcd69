import type { BenchRow } from '../report.js';
import { percentile } from '../report.js';
import { signIn } from './client.js';
import { load } from './load.js';
import { listsDatabase } from './lists-data.js';
import { startServer } from './server-process.js';
import { settings } from './settings.js';

/** Issue 30's budget for the Ctrl+K box: p99 of GET /api/search at 100 000 stores. */
const P99_BUDGET_MS = 50;

/** What an operator types: a whole phone, a store's name, a number's tail (./lists-data.ts's rows). */
function typed(rows: number): string {
  const n = 1 + Math.floor(Math.random() * rows);
  const pick = Math.random();
  if (pick < 0.4) return `139${String(n).padStart(8, '0')}`;
  if (pick < 0.8) return `压测门店${String(n).padStart(6, '0')}`;
  return String(n).padStart(6, '0');
}

/**
 * The Ctrl+K search over every kind the caller may read, as the platform admin (every provider)
 * and as agent1 (its scope), 8 clients typing different records for `settings.seconds` each.
 */
export async function searchRows(rows: number, log: (line: string) => void): Promise<BenchRow[]> {
  const url = await listsDatabase(rows, log);
  const out: BenchRow[] = [];
  const server = await startServer({ DATABASE_URL: url, LOG_LEVEL: 'info' });
  try {
    for (const loginName of ['admin', 'agent1']) {
      const token = await signIn(server.url, loginName);
      const result = await load({
        url: `${server.url}/api/search`,
        method: 'GET',
        headers: { token },
        connections: settings.listClients,
        duration: settings.seconds,
        next: () => ({ path: `/api/search?q=${encodeURIComponent(typed(rows))}` }),
      });
      if (result.errors || [...result.statuses.keys()].some((s) => s !== 200)) {
        throw new Error(`搜索（${loginName}）出现错误响应：${JSON.stringify([...result.statuses])}`);
      }
      const p99 = percentile(result.latencies, 99);
      log(`  搜索（${loginName}）：p99 ${p99.toFixed(1)} ms，${result.rps.toFixed(0)} 次/秒`);
      out.push({
        figure: `Ctrl+K 搜索 p99（${loginName}，${rows.toLocaleString()} 家门店，SQLite）`,
        value: `${p99.toFixed(1)} ms`,
        budget: `≤ ${P99_BUDGET_MS} ms`,
        ok: p99 <= P99_BUDGET_MS,
        detail: `${settings.listClients} 客户端 ${settings.seconds} 秒，手机号 / 门店名 / 编号片段随机，${result.rps.toFixed(0)} 次/秒`,
      });
    }
  } finally {
    await server.stop();
  }
  return out;
}
