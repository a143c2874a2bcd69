import { scrapeCounter, signIn, sleep } from '../../src/cluster/cluster-clients.js';
import { startScratchCluster } from '../../src/cluster/scratch-cluster.js';
import { DEMO_PASSWORD } from '../../src/scripts/seed/index.js';
import { processCpuMs } from '../api/process-cpu.js';
import { listRead } from './list-read.js';
import { startOpenBroker } from './open-broker.js';

/**
 * `npx tsx bench/cluster/idle-cpu.ts [processes]`: the CPU each API process of a cluster uses with
 * no device and no client, only HAProxy's health checks and the processes' own timers and
 * keep-alives: what every extra process costs before any work (issue 27's heartbeat budget).
 * Per-process CPU time (all threads' schedstat) over a fixed window, not wall-clock, since the
 * shared machine's load delays it more than it inflates it. Extra server environment comes from
 * `IDLE_CPU_ENV` (`A=1,B=2`), so one suspect at a time can be switched off. `IDLE_CPU_LIST_S`
 * runs the cluster bench's list read through HAProxy for that long first (the cluster bench
 * measures its idle figure after one), and `IDLE_CPU_WINDOWS` measures that many windows in a row;
 * each window also reports the garbage collection time each process spent in it.
 */
const processes = Number(process.argv[2] ?? 3);
const WINDOW_S = Number(process.env.IDLE_CPU_WINDOW_S ?? 30);
/** Start-up (migrations checked, pg-boss queues, first schedule sends) settles before the window. */
const SETTLE_S = Number(process.env.IDLE_CPU_SETTLE_S ?? 15);
const LIST_S = Number(process.env.IDLE_CPU_LIST_S ?? 0);
const WINDOWS = Number(process.env.IDLE_CPU_WINDOWS ?? 1);
const POSTGRES_URL = process.env.BENCH_CLUSTER_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

const extraEnv = Object.fromEntries(
  (process.env.IDLE_CPU_ENV ?? '')
    .split(',')
    .filter(Boolean)
    .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
);

const broker = await startOpenBroker();
try {
  const cluster = await startScratchCluster({
    processes,
    postgresUrl: POSTGRES_URL,
    redisUrl: REDIS_URL,
    prefix: 'bench_idle',
    deviceMqttUrl: broker.url,
    env: { DEVICE_MQTT_ALLOW_ANONYMOUS: '1', ...extraEnv },
  });
  try {
    if (LIST_S > 0) {
      const base = `http://127.0.0.1:${new URL(cluster.url).port}`;
      const { token } = await signIn(base, 'admin', DEMO_PASSWORD);
      const r = await listRead(base, token, LIST_S, 16);
      console.log(`列表读取 ${LIST_S} s：${r.rps.toFixed(0)} 次/s`);
    }
    await sleep(SETTLE_S * 1000);
    const cpu = () => cluster.servers.map((s) => processCpuMs(s.child.pid!) ?? NaN);
    const gc = () =>
      Promise.all(
        cluster.servers.map((s) => scrapeCounter(s.port, cluster.metricsToken, 'nodejs_gc_duration_seconds_sum')),
      );
    for (let w = 1; w <= WINDOWS; w += 1) {
      const [c0, g0, t0] = [cpu(), await gc(), Date.now()];
      await sleep(WINDOW_S * 1000);
      const [c1, g1, t1] = [cpu(), await gc(), Date.now()];
      const each = c1.map((c, i) => ((c - c0[i]!) / (t1 - t0)) * 100);
      const gcMs = g1.map((g, i) => (g - g0[i]!) * 1000);
      const sum = each.reduce((a, b) => a + b, 0);
      console.log(
        `空闲 CPU 第 ${w} 窗（${WINDOW_S} s，${processes} 进程${Object.keys(extraEnv).length ? `，${process.env.IDLE_CPU_ENV}` : ''}）：` +
          `各进程 ${each.map((p) => `${p.toFixed(2)} %`).join(' / ')}，合计 ${sum.toFixed(2)} % 核；` +
          `垃圾回收 ${gcMs.map((g) => `${g.toFixed(0)} ms`).join(' / ')}`,
      );
    }
  } finally {
    await cluster.stop();
  }
} finally {
  await broker.stop();
}
process.exit(0);
