import { parseArgs } from 'node:util';
import { DEVICE_HEARTBEAT_MS, type DeviceKind } from '@console/contract';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/open.js';
import { SimulatedMqttDevice } from './mqtt-device.js';

/**
 * `npm run simulate-devices -- --url mqtt://127.0.0.1:1883 [--scale N] [--failure-rate x]`
 *
 * Runs the stores' gateways and android terminals as MQTT clients, read from the database the
 * server uses (DATABASE_URL, or --database): each heartbeats, now and then drops off the network
 * (the broker sends its last will) and comes back, and answers the server's commands after a
 * realistic delay, failing at the given rate. `--scale N` runs N devices in all: the database's
 * first, then made-up serials (load only; the server does not know them).
 */
const { values } = parseArgs({
  options: {
    url: { type: 'string', default: 'mqtt://127.0.0.1:1883' },
    scale: { type: 'string' },
    'failure-rate': { type: 'string', default: '0.05' },
    'heartbeat-ms': { type: 'string', default: String(DEVICE_HEARTBEAT_MS) },
    /** Chance per device per minute of dropping off line for 10–60 s. */
    'flap-rate': { type: 'string', default: '0.02' },
    database: { type: 'string' },
  },
});

interface Known {
  kind: DeviceKind;
  serial: string;
  ip: string;
  firmwareVersion: string;
  appVersion: string;
  deviceCode: string;
}

async function readDevices(url: string): Promise<Known[]> {
  const database = openDatabase(url);
  const { db } = database;
  try {
    const gateways = await db
      .selectFrom('gatewayDevice')
      .select(['deviceName', 'ip', 'firmwareVersion', 'deviceCode'])
      .orderBy('id')
      .execute();
    const terminals = await db
      .selectFrom('androidDevice')
      .select(['deviceNo', 'ip', 'appVersion'])
      .orderBy('id')
      .execute();
    return [
      ...gateways.map((g, i) => ({
        kind: 'gateway' as const,
        serial: g.deviceName,
        ip: g.ip || `192.168.10.${(i % 250) + 2}`,
        firmwareVersion: g.firmwareVersion || 'V2.1.0',
        appVersion: '',
        deviceCode: g.deviceCode || `ZK${(i + 1).toString(16).toUpperCase().padStart(6, '0')}`,
      })),
      ...terminals.map((a, i) => ({
        kind: 'android' as const,
        serial: a.deviceNo,
        ip: a.ip || `192.168.20.${(i % 250) + 2}`,
        firmwareVersion: '',
        appVersion: a.appVersion,
        deviceCode: `AD${(i + 1).toString(16).toUpperCase().padStart(6, '0')}`,
      })),
    ];
  } finally {
    await database.close();
  }
}

function madeUp(i: number): Known {
  const n = String(i).padStart(6, '0');
  return {
    kind: 'gateway',
    serial: `SIMGW${n}`,
    ip: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
    firmwareVersion: 'V2.1.0',
    appVersion: '',
    deviceCode: `ZK${n}`,
  };
}

async function main(): Promise<void> {
  const databaseUrl = values.database ?? loadConfig().DATABASE_URL;
  const known = await readDevices(databaseUrl);
  const scale = values.scale ? Number(values.scale) : known.length;
  const list =
    scale <= known.length
      ? known.slice(0, scale)
      : [...known, ...Array.from({ length: scale - known.length }, (_, i) => madeUp(i + 1))];
  const failureRate = Number(values['failure-rate']);
  const heartbeatMs = Number(values['heartbeat-ms']);
  const flapRate = Number(values['flap-rate']);
  console.log(`模拟设备：${list.length} 台（数据库中 ${known.length} 台），连接 ${values.url}，失败率 ${failureRate}`);

  const devices = list.map(
    (d) =>
      new SimulatedMqttDevice(values.url, {
        ...d,
        failureRate,
        heartbeatMs,
        onNotice: (message) => console.log(`[${d.serial}] 云端通知：${message}`),
        onCommand: (command) => console.log(`[${d.serial}] 收到指令 ${command}`),
      }),
  );
  // Connect in waves, so thousands of devices do not knock on the broker at the same instant.
  for (let i = 0; i < devices.length; i += 200) {
    await Promise.all(devices.slice(i, i + 200).map((d) => d.start()));
  }
  console.log('全部设备已上线');

  // Every 10 s each device may drop off line for a while, as a store's network does.
  const flap = setInterval(() => {
    for (const d of devices) {
      if (Math.random() >= flapRate / 6) continue;
      const away = 10_000 + Math.floor(Math.random() * 50_000);
      console.log(`[${d.opts.serial}] 掉线 ${Math.round(away / 1000)} 秒`);
      d.drop();
      setTimeout(() => d.resume(), away).unref();
    }
  }, 10_000);

  const stop = async () => {
    clearInterval(flap);
    console.log('正在下线…');
    await Promise.allSettled(devices.map((d) => d.stop()));
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
