import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type BenchRow, type BenchSuite, median, percentile } from '../report.js';
import { type Runner, startScriptNodeArgs } from './children.js';
import { Deployment, type Delivery } from './deployment.js';
import { type RealtimeDatabase, prepareRealtimeDatabase } from './prepare-database.js';

const quick = process.env.BENCH_QUICK === '1';
function envInt(name: string, fallback: number): number {
  const raw = process.env[name];
  return raw ? Number.parseInt(raw, 10) : fallback;
}
/** Authenticated operator sockets (issue 7: 5 000). */
const SOCKETS = envInt('BENCH_RT_SOCKETS', quick ? 500 : 5_000);
/** System messages per setup per round. */
const MESSAGES = envInt('BENCH_RT_MESSAGES', quick ? 5 : 10);
/** Rounds of (one process, two processes behind Redis), interleaved. */
const ROUNDS = envInt('BENCH_RT_ROUNDS', quick ? 1 : 3);
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
/**
 * The server as `npm start` runs it by default (bundled ahead, the start script's Node flags);
 * BENCH_RT_SERVER=tsx runs it through tsx as `npm run dev` does, and BENCH_RT_NODE_ARGS replaces
 * the Node flags (empty: none), to measure what the build or a flag saves.
 */
const RUNNER: Runner = {
  compiled: process.env.BENCH_RT_SERVER !== 'tsx',
  nodeArgs:
    process.env.BENCH_RT_NODE_ARGS === undefined
      ? startScriptNodeArgs()
      : process.env.BENCH_RT_NODE_ARGS.split(' ').filter(Boolean),
};
/** Memory is read after the sockets have been idle this long, several samples apart. */
const SETTLE_MS = 8_000;
const RSS_SAMPLES = 5;
const RSS_SAMPLE_GAP_MS = 1_000;
/** Pause between messages, so each one is sent to idle sockets. */
const MESSAGE_GAP_MS = 300;

const RSS_BUDGET_MB = 200;
const COMMIT_P99_BUDGET_MS = 100;
const REDIS_EXTRA_BUDGET_MS = 5;

const dataDir = fileURLToPath(new URL('../.data/', import.meta.url));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const ms = (v: number) => `${v.toFixed(1)} ms`;

interface SetupRun {
  deliveries: Delivery[];
  /** Opening and authenticating every socket. */
  connecting: { retries: number; elapsedMs: number };
  /** The first message after the sockets connected, not counted (cold code paths). */
  warmUp: Delivery;
  /** One-process setup only: the server's memory before any socket and with all of them idle. */
  memory: { idleMb: number; socketsMb: number; heapUsedMb: number; liveHeapPerSocketKb: number } | null;
}

const toMb = (bytes: number) => bytes / 1_048_576;
const runnerLabel = () =>
  [
    RUNNER.compiled
      ? `服务进程预编译运行${process.env.BENCH_RT_NODE_ARGS === undefined ? '（同 npm start）' : '，Node 参数'}`
      : '服务进程经 tsx 运行（同 npm run dev）',
    ...RUNNER.nodeArgs,
  ].join(' ');

async function runSetup(database: RealtimeDatabase, processes: number, sentSoFar: number): Promise<SetupRun> {
  const deployment = await Deployment.start(database, {
    processes,
    runner: RUNNER,
    ...(processes > 1 ? { redisUrl: REDIS_URL } : {}),
  });
  try {
    const measure = processes === 1;
    let idleMb = 0;
    let idleLiveHeap = 0;
    if (measure) {
      await sleep(SETTLE_MS);
      idleMb = deployment.residentMb();
      // After the RSS reading: the collection it forces would shrink the young generation.
      idleLiveHeap = (await deployment.memoryUsage()).liveHeap;
    }
    const connecting = await deployment.connect();
    await sleep(SETTLE_MS);
    let memory: SetupRun['memory'] = null;
    if (measure) {
      const samples: number[] = [];
      for (let i = 0; i < RSS_SAMPLES; i += 1) {
        if (i > 0) await sleep(RSS_SAMPLE_GAP_MS);
        samples.push(deployment.residentMb());
      }
      const { usage, liveHeap } = await deployment.memoryUsage();
      memory = {
        idleMb,
        socketsMb: median(samples),
        heapUsedMb: toMb(usage.heapUsed),
        liveHeapPerSocketKb: (liveHeap - idleLiveHeap) / 1024 / SOCKETS,
      };
    }
    let sent = sentSoFar;
    const warmUp = await deployment.sendMessage(++sent);
    await sleep(MESSAGE_GAP_MS);
    const deliveries: Delivery[] = [];
    for (let i = 0; i < MESSAGES; i += 1) {
      deliveries.push(await deployment.sendMessage(++sent));
      await sleep(MESSAGE_GAP_MS);
    }
    return { deliveries, warmUp, memory, connecting };
  } finally {
    await deployment.stop();
  }
}

const p99 = (ds: Delivery[], key: keyof Delivery) =>
  percentile(
    ds.map((d) => d[key]),
    99,
  );

/**
 * Issue 7's realtime budgets. Each round runs the one-process setup, then two processes behind
 * Redis with half the sockets on each; every setup connects all sockets afresh (first-frame
 * auth), reads the server's memory when idle, and sends system messages through the real
 * endpoint. Figures are medians over the rounds.
 */
async function run(): Promise<BenchRow[]> {
  mkdirSync(dataDir, { recursive: true });
  const database = await prepareRealtimeDatabase(`${dataDir}realtime-${SOCKETS}.sqlite`, SOCKETS);
  const single: SetupRun[] = [];
  const pair: SetupRun[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    single.push(await runSetup(database, 1, round * 2 * (MESSAGES + 1)));
    pair.push(await runSetup(database, 2, (round * 2 + 1) * (MESSAGES + 1)));
  }
  const memory = single.map((s) => s.memory!);
  const rss = memory.map((m) => m.socketsMb);
  const warmUps = [...single, ...pair].map((s) => ms(s.warmUp.commitToLast));
  const setups = [...single, ...pair];
  const connecting =
    `建立全部连接 ${(median(setups.map((s) => s.connecting.elapsedMs)) / 1000).toFixed(0)} s（中位数），` +
    `认证超时重连 ${setups.map((s) => s.connecting.retries).join(' / ')} 次`;
  const singleP99 = single.map((s) => p99(s.deliveries, 'commitToLast'));
  const pairP99 = pair.map((s) => p99(s.deliveries, 'commitToLast'));
  const extra = singleP99.map((v, i) => pairP99[i]! - v);
  const rounds = `${ROUNDS} 轮 × ${MESSAGES} 条`;
  const count = SOCKETS.toLocaleString('en-US').replace(',', ' ');
  return [
    {
      figure: `${count} authenticated operator sockets: server VmRSS`,
      value: `${median(rss).toFixed(0)} MB`,
      budget: `≤ ${RSS_BUDGET_MB} MB`,
      ok: median(rss) <= RSS_BUDGET_MB,
      detail:
        `${runnerLabel()}；各轮 ${rss.map((v) => v.toFixed(0)).join(' / ')} MB（连接空闲 ${SETTLE_MS / 1000} s 后 ${RSS_SAMPLES} 次取中位数）；` +
        `无连接时 ${median(memory.map((m) => m.idleMb)).toFixed(0)} MB；` +
        `V8 堆已用 ${median(memory.map((m) => m.heapUsedMb)).toFixed(0)} MB，` +
        `完全回收后每个连接 ${median(memory.map((m) => m.liveHeapPerSocketKb)).toFixed(1)} KB；${connecting}`,
    },
    {
      figure: 'System message, commit → last socket, p99 (one process)',
      value: ms(median(singleP99)),
      budget: `≤ ${COMMIT_P99_BUDGET_MS} ms`,
      ok: median(singleP99) <= COMMIT_P99_BUDGET_MS,
      detail:
        `${rounds}；各轮 ${singleP99.map(ms).join(' / ')}；从发送请求开始算 p99 ${ms(median(single.map((s) => p99(s.deliveries, 'requestToLast'))))}；` +
        `服务端发送循环 p50 ${ms(
          percentile(
            single.flatMap((s) => s.deliveries.map((d) => d.publishCallMs)),
            50,
          ),
        )}` +
        `（其中 CPU ${ms(
          percentile(
            single.flatMap((s) => s.deliveries.map((d) => d.publishCpuMs)),
            50,
          ),
        )}）`,
    },
    {
      figure: 'Two processes behind Redis: extra p99',
      value: ms(median(extra)),
      budget: `≤ ${REDIS_EXTRA_BUDGET_MS} ms`,
      ok: median(extra) <= REDIS_EXTRA_BUDGET_MS,
      detail: `${rounds}；双进程 p99 各轮 ${pairP99.map(ms).join(' / ')}；从发送请求开始算 p99 ${ms(median(pair.map((s) => p99(s.deliveries, 'requestToLast'))))}；不计入的首条（预热）${warmUps.join(' / ')}`,
    },
  ];
}

export const realtimeSuite: BenchSuite = {
  name: 'realtime',
  title: 'Realtime: operator sockets and system-message fan-out',
  run,
};
