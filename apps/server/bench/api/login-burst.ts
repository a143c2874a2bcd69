import { copyFileSync, existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { BenchRow } from '../report.js';
import { median, percentile } from '../report.js';
import { startBurstClient } from './burst-client.js';
import { agent1Gateway } from './client.js';
import { DATA_DIR } from './data.js';
import { type LoadResult, load } from './load.js';
import { startServer } from './server-process.js';
import { settings } from './settings.js';

const BUDGET = 2;

/**
 * Sign-in burst: other routes (agent1's gateway get and list first page, alternating) at a steady
 * rate, with and without a burst of sign-ins beside them — each from its own client address
 * (X-Forwarded-For, TRUST_PROXY=1, so the per-address limit does not simply refuse them), half
 * agent2 with the right password, half unknown names with a wrong one (both hash a password).
 * Runs in turn (quiet, burst, quiet, burst…); the figure is the median of burst p99 / quiet p99
 * of the other routes. The sign-ins' own answers (signed in, wrong password, 429001 from the
 * hashing gate) are counted in the detail. A copy of the demo database takes the sessions.
 */
export async function loginRows(demoUrl: string, log: (line: string) => void): Promise<BenchRow[]> {
  const file = join(DATA_DIR, `api-login-${process.pid}.sqlite`);
  copyFileSync(demoUrl.slice('sqlite:'.length), file);
  const loopDelayFile = join(DATA_DIR, `api-login-loop-${process.pid}.jsonl`);
  rmSync(loopDelayFile, { force: true });
  const server = await startServer({
    DATABASE_URL: `sqlite:${file}`,
    LOG_LEVEL: 'info',
    TRUST_PROXY: '1',
    BENCH_LOOP_DELAY_FILE: loopDelayFile,
  });
  // The burst's client runs in a process of its own: see burst-entry.ts.
  const burst = startBurstClient(server.url);
  try {
    const { token, id } = await agent1Gateway(server.url);
    let turn = 0;
    const others = (seconds: number) =>
      load({
        url: server.url,
        connections: 4,
        duration: seconds,
        rate: settings.otherRate,
        headers: { token },
        next: () => {
          turn += 1;
          return turn % 2
            ? { method: 'GET', path: `/api/ZKBManager/getDevice?id=${id}` }
            : { method: 'POST', path: '/api/ZKBManager/deviceList', body: JSON.stringify({ offset: 1, size: 20 }) };
        },
      });
    await others(2);
    const ratios: number[] = [];
    const quietP99: number[] = [];
    const burstP99: number[] = [];
    const outcomes = new Map<number, number>();
    let signInRate = 0;
    const quietWindows: Array<[number, number]> = [];
    const burstWindows: Array<[number, number]> = [];
    for (let i = 0; i < settings.pairs; i += 1) {
      const t0 = Date.now();
      const quiet = await others(settings.seconds);
      const t1 = Date.now();
      const [loud, logins] = await Promise.all([
        others(settings.seconds),
        burst.run(settings.seconds, settings.loginRate),
      ]);
      quietWindows.push([t0, t1]);
      burstWindows.push([t1, Date.now()]);
      checkOthers(quiet);
      checkOthers(loud);
      for (const [status, n] of logins.statuses) outcomes.set(status, (outcomes.get(status) ?? 0) + n);
      signInRate += logins.rps / settings.pairs;
      const q = percentile(quiet.latencies, 99);
      const l = percentile(loud.latencies, 99);
      quietP99.push(q);
      burstP99.push(l);
      ratios.push(l / q);
      log(
        `  登录潮 第 ${i + 1} 轮：其他路由 p99 平时 ${q.toFixed(1)} ms，登录潮中 ${l.toFixed(1)} ms；` +
          `登录 ${Math.round(logins.rps)} 次/秒 ${JSON.stringify(Object.fromEntries(logins.statuses))}`,
      );
    }
    const ratio = median(ratios);
    const answered = [...outcomes.values()].reduce((a, b) => a + b, 0);
    const share = (status: number) => `${Math.round(((outcomes.get(status) ?? 0) / Math.max(1, answered)) * 100)}%`;
    return [
      {
        figure: `登录潮（${settings.loginRate} 次/秒）中其他路由 p99 上升倍数`,
        value: `${ratio.toFixed(2)}×`,
        budget: `≤ ${BUDGET}×`,
        ok: ratio <= BUDGET,
        detail:
          `p99 平时 ${median(quietP99).toFixed(1)} ms / 登录潮 ${median(burstP99).toFixed(1)} ms（其他路由 ${settings.otherRate} 次/秒）；` +
          `登录实到 ${Math.round(signInRate)} 次/秒：成功 ${share(200)}、密码错 ${share(401)}、429001 ${share(429)}；` +
          loopDelayDetail(loopDelayFile, quietWindows, burstWindows),
      },
    ];
  } finally {
    await burst.stop();
    await server.stop();
    for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
    rmSync(loopDelayFile, { force: true });
  }
}

/**
 * Diagnostic beside the figure: the server's event-loop delay (server-entry.ts writes a line a
 * second), quiet runs against burst runs: the median of the seconds' p99 and the largest stall.
 */
function loopDelayDetail(file: string, quiet: Array<[number, number]>, burst: Array<[number, number]>): string {
  if (!existsSync(file)) return '事件循环延迟未记录';
  const seconds = readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { t: number; p99: number; max: number });
  // A line covers the second before it: only lines whose whole second lies inside a run count.
  const inside = (windows: Array<[number, number]>) =>
    seconds.filter(({ t }) => windows.some(([from, to]) => t - 1000 >= from && t <= to));
  const summary = (windows: Array<[number, number]>) => {
    const s = inside(windows);
    if (s.length === 0) return '—';
    return `p99 ${median(s.map((x) => x.p99)).toFixed(1)} ms、最长 ${Math.max(...s.map((x) => x.max)).toFixed(0)} ms`;
  };
  return `服务端事件循环延迟（每秒 p99 的中位数、最长一次）平时 ${summary(quiet)} / 登录潮 ${summary(burst)}`;
}

function checkOthers(r: LoadResult): void {
  if (r.errors || [...r.statuses.keys()].some((s) => s !== 200)) {
    throw new Error(`其他路由出现错误响应：${JSON.stringify([...r.statuses])}，${r.errors} 个连接错误`);
  }
}
