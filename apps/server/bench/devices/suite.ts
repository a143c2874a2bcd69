import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type RealtimeEvent, socketPath } from '@console/contract';
import WebSocket from 'ws';
import { SimulatedMqttDevice } from '../../src/device-sim/mqtt-device.js';
import { spawnEntry, startScriptNodeArgs, stop } from '../realtime/children.js';
import type { BenchRow, BenchSuite } from '../report.js';
import { benchSerial, prepareDevicesDatabase } from './prepare.js';
import { freePort } from '../../src/lib/free-port.js';

const quick = process.env.BENCH_QUICK === '1';
const DEVICES = Number(process.env.BENCH_DEVICES ?? (quick ? 1_000 : 10_000));
const WINDOW_S = Number(process.env.BENCH_DEVICE_WINDOW_S ?? (quick ? 20 : 60));
const MQTT_URL = process.env.BENCH_MQTT_URL ?? 'mqtt://127.0.0.1:1883';
const HEARTBEAT_MS = 30_000;
/** Devices unplugged every 250 ms during the window (and plugged back 5 s later). */
const FLAPS_PER_TICK = 5;
const dataFile = fileURLToPath(new URL('../.data/devices.sqlite', import.meta.url));

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** utime + stime of a process, in seconds. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}
const p = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? NaN;

async function openConsole(port: number, token: string, adminId: number, onEvent: (e: RealtimeEvent) => void) {
  const ws = new WebSocket(`ws://127.0.0.1:${port}${socketPath(0, 'bench', adminId)}`, {
    origin: `http://127.0.0.1:${port}`,
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('error', reject);
    ws.once('open', () => ws.send(JSON.stringify({ type: 'auth', token })));
    ws.on('message', (data: Buffer) => {
      const event = JSON.parse(data.toString('utf8')) as RealtimeEvent;
      if (event.type === 'ready') resolve();
      else onEvent(event);
    });
  });
  return ws;
}

/**
 * Issue 17's scale budget: 10 000 devices heartbeating every 30 s over the real broker, the server
 * on DEVICE_MQTT_URL under 25 % of a core, and a device's status change reaching an open console
 * socket p99 ≤ 2 s. Devices drop off line (the broker sends their last will) and come back
 * throughout the window; the latency is from the drop or reconnect to the socket's event.
 */
export const devicesSuite: BenchSuite = {
  name: 'devices',
  title: `设备在线状态（${DEVICES} 台，MQTT）`,
  run: async () => {
    const db = await prepareDevicesDatabase(dataFile, DEVICES);
    const port = await freePort();
    const server = await spawnEntry(
      '../../src/main.ts',
      {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: db.url,
        DEVICE_MQTT_URL: MQTT_URL,
        LOG_LEVEL: 'warn',
        SEED_DEMO: '0',
        REDIS_URL: undefined,
      },
      { compiled: true, nodeArgs: startScriptNodeArgs() },
    );
    const devices: SimulatedMqttDevice[] = [];
    let ws: WebSocket | null = null;
    try {
      for (
        let i = 0;
        i < 120 &&
        !(await fetch(`http://127.0.0.1:${port}/api/health`).then(
          (r) => r.ok,
          () => false,
        ));
        i += 1
      )
        await sleep(500);
      const login = (await (
        await fetch(`http://127.0.0.1:${port}/api/log/adminLogin/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ loginName: 'admin', password: 'Demo@2026' }),
        })
      ).json()) as { data: { token: string } };
      // When each row was last seen changing on the socket, by gateway id.
      const seen = new Map<string, { online: boolean; at: number }[]>();
      ws = await openConsole(port, login.data.token, db.adminId, (e) => {
        if (e.type !== 'devicePresence') return;
        const at = Date.now();
        for (const row of e.rows)
          (seen.get(row.id) ?? seen.set(row.id, []).get(row.id)!).push({ online: row.online, at });
      });

      const connectStart = Date.now();
      for (let i = 0; i < DEVICES; i += 1) {
        devices.push(
          new SimulatedMqttDevice(MQTT_URL, {
            kind: 'gateway',
            serial: benchSerial(i),
            ip: '10.0.0.1',
            deviceCode: 'ZK',
            heartbeatMs: HEARTBEAT_MS,
          }),
        );
      }
      for (let i = 0; i < devices.length; i += 200) await Promise.all(devices.slice(i, i + 200).map((d) => d.start()));
      const connectS = (Date.now() - connectStart) / 1000;
      // Settled: every device's coming on line has reached the socket.
      const benchIds = [...db.idBySerial.values()];
      const onLine = () => benchIds.filter((id) => seen.has(id)).length;
      for (let i = 0; i < 120 && onLine() < DEVICES; i += 1) await sleep(500);
      const onlineSeen = onLine();

      const changes: { id: string; online: boolean; at: number }[] = [];
      const cpu0 = cpuSeconds(server.pid!);
      const started = Date.now();
      let next = 0;
      while (Date.now() - started < WINDOW_S * 1000) {
        for (let k = 0; k < FLAPS_PER_TICK; k += 1) {
          const n = next++ % DEVICES;
          const d = devices[n]!;
          const id = db.idBySerial.get(d.opts.serial)!;
          changes.push({ id, online: false, at: Date.now() });
          d.drop();
          setTimeout(() => {
            changes.push({ id, online: true, at: Date.now() });
            d.resume();
          }, 5_000);
        }
        await sleep(250);
      }
      await sleep(6_000);
      const cpu = (cpuSeconds(server.pid!) - cpu0) / ((Date.now() - started) / 1000);

      const latencies: number[] = [];
      let missed = 0;
      for (const c of changes) {
        const hit = seen.get(c.id)?.find((s) => s.online === c.online && s.at >= c.at);
        if (hit) latencies.push(hit.at - c.at);
        else missed += 1;
      }
      latencies.sort((a, b) => a - b);
      const p99 = p(latencies, 0.99);
      const detail = `${DEVICES} 台设备每 ${HEARTBEAT_MS / 1000} s 心跳；连接全部设备 ${connectS.toFixed(0)} s，上线事件 ${onlineSeen}/${DEVICES}；窗口 ${WINDOW_S} s 内 ${changes.length} 次上下线`;
      const rows: BenchRow[] = [
        {
          figure: '服务端 CPU（占一个核）',
          value: `${(cpu * 100).toFixed(1)} %`,
          budget: '≤ 25 %',
          ok: cpu <= 0.25,
          detail,
        },
        {
          figure: '状态变化到达控制台 p99',
          value: `${p99.toFixed(0)} ms`,
          budget: '≤ 2000 ms',
          ok: p99 <= 2000 && missed === 0,
          detail: `p50 ${p(latencies, 0.5).toFixed(0)} ms，最大 ${latencies.at(-1) ?? NaN} ms；未到达 ${missed} 次（计时从断开或重连开始）`,
        },
      ];
      return rows;
    } finally {
      ws?.close();
      for (let i = 0; i < devices.length; i += 500)
        await Promise.allSettled(devices.slice(i, i + 500).map((d) => d.stop()));
      await stop(server);
    }
  },
};
