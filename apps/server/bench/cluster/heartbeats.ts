import { scrapeCounter, sleep } from '../../src/cluster/cluster-clients.js';
import type { ScratchCluster } from '../../src/cluster/scratch-cluster.js';
import { SimulatedMqttDevice } from '../../src/device-sim/mqtt-device.js';
import { processCpuMs } from '../api/process-cpu.js';
import { benchSerial } from '../devices/prepare.js';

const HEARTBEAT_MS = 30_000;

export interface HeartbeatFigures {
  /** Uplinks the processes handled in the window, each process's share. */
  windowUplinks: number[];
  /** CPU of all API processes together over the window, in cores. */
  cpuCores: number;
  /** The same with no device connected (health checks, timers): what the processes cost anyway. */
  idleCores: number;
  /** Row writes to gateway_device over the whole run (on line, heartbeats, off line) per uplink handled. */
  writesPerUplink: number;
  uplinks: number;
  rowWrites: number;
  /** Devices written as on line once all had connected, and as off line once all had left. */
  sawOnline: number;
  sawOffline: number;
}

/** Polls `read` until it gives `want` or `ms` pass; the last figure either way. */
async function settle(read: () => Promise<number>, want: number, ms: number): Promise<number> {
  const deadline = Date.now() + ms;
  let n = await read();
  while (n !== want && Date.now() < deadline) {
    await sleep(500);
    n = await read();
  }
  return n;
}

async function rowUpdates(cluster: ScratchCluster): Promise<number> {
  const [row] = await cluster.query<{ n: string }>(
    "select n_tup_upd as n from pg_stat_user_tables where relname = 'gateway_device'",
  );
  return Number(row?.n ?? 0);
}

const uplinksOf = (cluster: ScratchCluster) =>
  Promise.all(cluster.servers.map((s) => scrapeCounter(s.port, cluster.metricsToken, 'console_device_uplinks_total')));
const cpuEach = (cluster: ScratchCluster) => cluster.servers.map((s) => processCpuMs(s.child.pid!) ?? NaN);
const onLine = async (cluster: ScratchCluster, online: 0 | 1) =>
  Number(
    (
      await cluster.query<{ n: string }>(
        "select count(*) as n from gateway_device where starts_with(device_name, 'BENCHGW') and communication_status = $1",
        [online],
      )
    )[0]?.n,
  );

/**
 * `count` simulated gateways (BENCHGW…, rows already there; load only, no keys) heartbeating every 30 s on `brokerUrl` against a
 * running cluster: they come on line, beat for 30 s to spread out, then `windowS` seconds are
 * measured (uplinks per process, the processes' CPU), and they go off line again. PostgreSQL's
 * own row counter (pg_stat_user_tables) gives the writes; it is read once every backend has
 * flushed its figures (idle ones within 10 s).
 */
export async function heartbeatLoad(
  cluster: ScratchCluster,
  brokerUrl: string,
  count: number,
  windowS: number,
  log: (line: string) => void,
): Promise<HeartbeatFigures> {
  // Every backend's figures flushed (idle ones within 10 s) before the first reading; the
  // processes' CPU meanwhile is their cost without devices.
  const [idle0, idleT0] = [cpuEach(cluster), Date.now()];
  await sleep(11_000);
  const idleEach = cpuEach(cluster).map((c, i) => (c - idle0[i]!) / (Date.now() - idleT0));
  const idleCores = idleEach.reduce((a, b) => a + b, 0);
  log(`  无设备 11 s：各进程 ${idleEach.map((c) => `${(c * 100).toFixed(2)} %`).join(' / ')} 核`);
  const writes0 = await rowUpdates(cluster);
  const uplinks0 = (await uplinksOf(cluster)).reduce((a, b) => a + b, 0);
  const devices = Array.from(
    { length: count },
    (_, i) =>
      new SimulatedMqttDevice(brokerUrl, {
        kind: 'gateway',
        serial: benchSerial(i),
        ip: '10.0.0.1',
        deviceCode: 'ZK',
        heartbeatMs: HEARTBEAT_MS,
      }),
  );
  try {
    const started = Date.now();
    for (let i = 0; i < devices.length; i += 200) await Promise.all(devices.slice(i, i + 200).map((d) => d.start()));
    log(`  ${count} 台设备已连接（${((Date.now() - started) / 1000).toFixed(0)} s）`);
    const sawOnline = await settle(() => onLine(cluster, 1), count, 120_000);
    log(`  数据库中在线 ${sawOnline}/${count}`);
    // Every device's first heartbeat comes at a random moment of its first 30 s: steady after that.
    await sleep(Math.max(0, started + HEARTBEAT_MS + 5_000 - Date.now()));
    const [u0, c0, t0] = [await uplinksOf(cluster), cpuEach(cluster), Date.now()];
    await sleep(windowS * 1000);
    const [u1, c1, t1] = [await uplinksOf(cluster), cpuEach(cluster), Date.now()];
    const windowUplinks = u1.map((n, i) => n - u0[i]!);
    const windowEach = c1.map((c, i) => (c - c0[i]!) / (t1 - t0));
    log(
      `  窗口 ${windowS} s：各进程处理上报 ${windowUplinks.join(' / ')}，` +
        `CPU ${windowEach.map((c) => `${(c * 100).toFixed(2)} %`).join(' / ')} 核`,
    );
    for (let i = 0; i < devices.length; i += 500)
      await Promise.allSettled(devices.slice(i, i + 500).map((d) => d.stop()));
    const sawOffline = await settle(() => onLine(cluster, 0), count, 60_000);
    log(`  数据库中离线 ${sawOffline}/${count}`);
    await sleep(11_000);
    const uplinks = (await uplinksOf(cluster)).reduce((a, b) => a + b, 0) - uplinks0;
    const rowWrites = (await rowUpdates(cluster)) - writes0;
    return {
      windowUplinks,
      cpuCores: windowEach.reduce((a, b) => a + b, 0),
      idleCores,
      writesPerUplink: rowWrites / uplinks,
      uplinks,
      rowWrites,
      sawOnline,
      sawOffline,
    };
  } finally {
    for (let i = 0; i < devices.length; i += 500)
      await Promise.allSettled(devices.slice(i, i + 500).map((d) => d.stop()));
  }
}
