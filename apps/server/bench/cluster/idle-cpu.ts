import { sleep } from '../../src/cluster/cluster-clients.js';
import { startScratchCluster } from '../../src/cluster/scratch-cluster.js';
import { processCpuMs } from '../api/process-cpu.js';
import { startOpenBroker } from './open-broker.js';

/**
 * `npx tsx bench/cluster/idle-cpu.ts [processes]`: the CPU each API process of a cluster uses with
 * no device and no client, only HAProxy's health checks and the processes' own timers and
 * keep-alives: what every extra process costs before any work (issue 27's heartbeat budget).
 * Per-process CPU time (all threads' schedstat) over a fixed window, not wall-clock, since the
 * shared machine's load delays it more than it inflates it. Extra server environment comes from
 * `IDLE_CPU_ENV` (`A=1,B=2`), so one suspect at a time can be switched off.
 */
const processes = Number(process.argv[2] ?? 3);
const WINDOW_S = Number(process.env.IDLE_CPU_WINDOW_S ?? 30);
/** Start-up (migrations checked, pg-boss queues, first schedule sends) settles before the window. */
const SETTLE_S = Number(process.env.IDLE_CPU_SETTLE_S ?? 15);
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
    await sleep(SETTLE_S * 1000);
    const cpu = () => cluster.servers.map((s) => processCpuMs(s.child.pid!) ?? NaN);
    const [c0, t0] = [cpu(), Date.now()];
    await sleep(WINDOW_S * 1000);
    const [c1, t1] = [cpu(), Date.now()];
    const each = c1.map((c, i) => ((c - c0[i]!) / (t1 - t0)) * 100);
    const sum = each.reduce((a, b) => a + b, 0);
    console.log(
      `空闲 CPU（${WINDOW_S} s，${processes} 进程${Object.keys(extraEnv).length ? `，${process.env.IDLE_CPU_ENV}` : ''}）：` +
        `各进程 ${each.map((p) => `${p.toFixed(2)} %`).join(' / ')}，合计 ${sum.toFixed(2)} % 核`,
    );
  } finally {
    await cluster.stop();
  }
} finally {
  await broker.stop();
}
process.exit(0);
