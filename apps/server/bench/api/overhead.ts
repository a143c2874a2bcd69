import type { BenchRow } from '../report.js';
import { median } from '../report.js';
import { agent1Gateway } from './client.js';
import { load } from './load.js';
import { startServer } from './server-process.js';
import { settings } from './settings.js';

const BUDGET = 0.45;

/**
 * Framework overhead: a provider operator's `GET /api/ZKBManager/getDevice?id=` (session from the
 * cache, permission check, tenant scope, zod validation, one access-log line to a file, a joined
 * row read) against a plain Fastify hello-world, both child processes of this script, loaded in
 * turn (A B A B…) with the same connections and duration; the median pair's ratio is reported.
 */
export async function overheadRows(databaseUrl: string, log: (line: string) => void): Promise<BenchRow[]> {
  const hello = await startServer({ BENCH_MODE: 'hello' });
  const app = await startServer({ DATABASE_URL: databaseUrl, LOG_LEVEL: 'info', SEED_DEMO: '0' });
  try {
    const { token, id } = await agent1Gateway(app.url);
    const target = { url: `${app.url}/api/ZKBManager/getDevice?id=${id}`, headers: { token } };
    const helloTarget = { url: `${hello.url}/hello` };
    const runs = { connections: settings.overheadConnections, duration: settings.seconds };
    // Warm both (JIT, page cache, session cache) before anything is counted.
    await load({ ...helloTarget, ...runs, duration: 2 });
    await load({ ...target, ...runs, duration: 2 });
    const ratios: number[] = [];
    const details: string[] = [];
    for (let i = 0; i < settings.pairs; i += 1) {
      const h = await load({ ...helloTarget, ...runs });
      const a = await load({ ...target, ...runs });
      if (a.statuses.size !== 1 || !a.statuses.has(200)) throw new Error(`getDevice 出现非 200 响应`);
      ratios.push(a.rps / h.rps);
      details.push(`${Math.round(a.rps)}/${Math.round(h.rps)}`);
      log(`  开销 第 ${i + 1} 轮：getDevice ${Math.round(a.rps)} 次/秒，hello-world ${Math.round(h.rps)} 次/秒`);
    }
    const ratio = median(ratios);
    return [
      {
        figure: '鉴权+权限+租户+校验+日志的 GET 对比 Fastify hello-world（次/秒）',
        value: `${ratio.toFixed(2)}×`,
        budget: `≥ ${BUDGET}×`,
        ok: ratio >= BUDGET,
        detail: `getDevice/hello 次/秒 ${details.join(', ')}；${runs.connections} 连接 × ${runs.duration} 秒 × ${settings.pairs} 对；访问日志写文件`,
      },
    ];
  } finally {
    await hello.stop();
    await app.stop();
  }
}
