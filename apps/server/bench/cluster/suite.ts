import { signIn } from '../../src/cluster/cluster-clients.js';
import { type ScratchCluster, startScratchCluster } from '../../src/cluster/scratch-cluster.js';
import { DEMO_PASSWORD } from '../../src/scripts/seed/index.js';
import { openDatabase } from '../../src/db/open.js';
import type { BenchRow, BenchSuite } from '../report.js';
import { insertBenchGateways } from '../devices/prepare.js';
import { type HeartbeatFigures, heartbeatLoad } from './heartbeats.js';
import { type ListReadFigures, listRead } from './list-read.js';
import { startOpenBroker } from './open-broker.js';

const quick = process.env.BENCH_QUICK === '1';
const DEVICES = Number(process.env.BENCH_CLUSTER_DEVICES ?? (quick ? 1_000 : 10_000));
const WINDOW_S = Number(process.env.BENCH_CLUSTER_WINDOW_S ?? (quick ? 20 : 60));
const LIST_S = Number(process.env.BENCH_CLUSTER_LIST_S ?? (quick ? 3 : 10));
const CONNECTIONS = 16;
const POSTGRES_URL = process.env.BENCH_CLUSTER_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

const PAIRS = Number(process.env.BENCH_CLUSTER_PAIRS ?? (quick ? 1 : 3));

interface Running {
  processes: number;
  cluster: ScratchCluster;
  brokerUrl: string;
  base: string;
  token: string;
  stop: () => Promise<void>;
}

/** A cluster of `processes` on a database of its own (demo data + the gateways) and a broker of its own. */
async function startSize(processes: number): Promise<Running> {
  const broker = await startOpenBroker();
  try {
    const cluster = await startScratchCluster({
      processes,
      postgresUrl: POSTGRES_URL,
      redisUrl: REDIS_URL,
      prefix: 'bench_cluster',
      deviceMqttUrl: broker.url,
      env: { DEVICE_MQTT_ALLOW_ANONYMOUS: '1' },
    });
    const database = openDatabase(cluster.databaseUrl);
    await insertBenchGateways(database.db, DEVICES).finally(() => database.close());
    const base = `http://127.0.0.1:${new URL(cluster.url).port}`;
    const { token } = await signIn(base, 'admin', DEMO_PASSWORD);
    const stop = async () => {
      await cluster.stop();
      await broker.stop();
    };
    return { processes, cluster, brokerUrl: broker.url, base, token, stop };
  } catch (err) {
    await broker.stop();
    throw err;
  }
}

/**
 * The list read through each cluster's HAProxy in turns, 1 then 3 processes, `PAIRS` times: the
 * shared machine's load drifts over minutes, and a pair run back to back sees about the same.
 */
async function listPairs(one: Running, three: Running, log: (line: string) => void) {
  const pairs: { one: ListReadFigures; three: ListReadFigures }[] = [];
  for (let i = 0; i < PAIRS; i += 1) {
    const a = await listRead(one.base, one.token, LIST_S, CONNECTIONS);
    const b = await listRead(three.base, three.token, LIST_S, CONNECTIONS);
    log(`  列表第 ${i + 1} 轮：1 进程 ${a.rps.toFixed(0)} 次/s，3 进程 ${b.rps.toFixed(0)} 次/s`);
    pairs.push({ one: a, three: b });
  }
  pairs.sort((x, y) => x.three.rps / x.one.rps - y.three.rps / y.one.rps);
  return pairs[Math.floor(pairs.length / 2)]!;
}

const pct = (cores: number) => `${(cores * 100).toFixed(1)} %`;

/**
 * Issue 27's cluster figures on this machine: the same authenticated list read through HAProxy
 * with 1 and with 3 API processes, and 10 000 simulated gateways heartbeating every 30 s (database
 * row writes per uplink, the processes' summed CPU against one process's). Each size runs on a
 * scratch PostgreSQL database (demo data + the gateways) and a broker of its own, both removed after.
 */
export const clusterSuite: BenchSuite = {
  name: 'cluster',
  title: `多进程集群（HAProxy，PostgreSQL + Redis，${DEVICES} 台设备）`,
  run: async () => {
    const log = (line: string) => console.log(line);
    const one = await startSize(1);
    let three: Running | null = null;
    try {
      three = await startSize(3);
      const list = await listPairs(one, three, log);
      const beats1 = await heartbeatLoad(one.cluster, one.brokerUrl, DEVICES, WINDOW_S, log);
      const beats3 = await heartbeatLoad(three.cluster, three.brokerUrl, DEVICES, WINDOW_S, log);
      return rowsOf(list, beats1, beats3);
    } finally {
      await three?.stop();
      await one.stop();
    }
  },
};

function rowsOf(
  list: { one: ListReadFigures; three: ListReadFigures },
  oneBeats: HeartbeatFigures,
  threeBeats: HeartbeatFigures,
): BenchRow[] {
  const one = { list: list.one, beats: oneBeats };
  const three = { list: list.three, beats: threeBeats };
  const ratio = three.list.rps / one.list.rps;
  const cpuRatio = three.beats.cpuCores / one.beats.cpuCores;
  const expected = (DEVICES * WINDOW_S) / 30;
  const handled = three.beats.windowUplinks.reduce((a, b) => a + b, 0);
  return [
    {
      figure: '同一列表读取吞吐（3 进程 / 1 进程）',
      value: `${ratio.toFixed(2)}×`,
      budget: '≥ 1.5×',
      ok: ratio >= 1.5,
      detail: `1 进程 ${one.list.rps.toFixed(0)} 次/s（p99 ${one.list.p99.toFixed(1)} ms），3 进程 ${three.list.rps.toFixed(0)} 次/s（p99 ${three.list.p99.toFixed(1)} ms）；${CONNECTIONS} 个连接各 ${LIST_S} s，${PAIRS} 轮取比值中位数，失败 ${one.list.failures}/${three.list.failures}；2 核机器，压测端与 HAProxy、PostgreSQL 同机`,
    },
    {
      figure: `窗口内处理的上报（3 进程，${WINDOW_S} s）`,
      value: String(handled),
      budget: `≈ ${expected.toFixed(0)}（每条一次）`,
      ok: Math.abs(handled - expected) <= expected * 0.1,
      detail: `各进程 ${three.beats.windowUplinks.join(' / ')}；1 进程 ${one.beats.windowUplinks.join('')}`,
    },
    {
      figure: '每条设备上报的数据库行写入（3 进程）',
      value: three.beats.writesPerUplink.toFixed(2),
      budget: '≤ 1',
      ok: three.beats.writesPerUplink <= 1.0,
      detail: `3 进程 ${three.beats.rowWrites}/${three.beats.uplinks}，1 进程 ${one.beats.rowWrites}/${one.beats.uplinks}（${one.beats.writesPerUplink.toFixed(2)}）；含上线、心跳与离线，行数取自 pg_stat_user_tables`,
    },
    {
      figure: '数据库中的在线状态（3 进程：上线后 / 离线后）',
      value: `${three.beats.sawOnline} / ${three.beats.sawOffline}`,
      budget: `${DEVICES} / ${DEVICES}`,
      ok: three.beats.sawOnline === DEVICES && three.beats.sawOffline === DEVICES,
      detail: `1 进程 ${one.beats.sawOnline} / ${one.beats.sawOffline}`,
    },
    {
      figure: '设备心跳 CPU（3 进程合计 / 1 进程）',
      value: `${cpuRatio.toFixed(2)}×`,
      budget: '≤ 1.2×',
      ok: cpuRatio <= 1.2,
      detail: `1 进程 ${pct(one.beats.cpuCores)} 核，3 进程合计 ${pct(three.beats.cpuCores)} 核（窗口 ${WINDOW_S} s）；无设备时 1 进程 ${pct(one.beats.idleCores)}，3 进程 ${pct(three.beats.idleCores)}`,
    },
  ];
}
