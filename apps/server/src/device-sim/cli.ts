import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { DEVICE_HEARTBEAT_MS } from '@console/contract';
import { SimulatedMqttDevice } from './mqtt-device.js';
import { loadDevices, type ProvisionedDevice, provisionDevices, saveDevices } from './provision.js';

/**
 * `npm run simulate-devices -- --provision [--server http://localhost:8080] [--login admin --password …]`
 *   issues every device of the operator's scope its own key through the server (设备密钥) and keeps
 *   them in --keys (./data/device-keys.json), as a factory's provisioning station would;
 * `npm run simulate-devices -- [--url mqtt://127.0.0.1:1884] [--scale N] [--failure-rate x]`
 *   then runs those devices as MQTT clients, each signed in with its own key: each heartbeats, now
 *   and then drops off the network (the broker sends its last will) and comes back, and answers
 *   the server's commands after a realistic delay, failing at the given rate. `--scale N` runs N
 *   devices in all: the provisioned ones first, then made-up serials without keys (load only, on
 *   a broker that admits them; the shipped one refuses them). Both steps can be one command.
 *
 * It never reads the server's database: devices and keys come from the server's API.
 */
const { values } = parseArgs({
  options: {
    url: { type: 'string', default: 'mqtt://127.0.0.1:1884' },
    provision: { type: 'boolean', default: false },
    server: { type: 'string', default: `http://localhost:${process.env.PORT ?? '8080'}` },
    login: { type: 'string', default: 'admin' },
    password: { type: 'string', default: process.env.CONSOLE_PASSWORD ?? 'Demo@2026' },
    keys: { type: 'string', default: './data/device-keys.json' },
    scale: { type: 'string' },
    'failure-rate': { type: 'string', default: '0.05' },
    'heartbeat-ms': { type: 'string', default: String(DEVICE_HEARTBEAT_MS) },
    /** Chance per device per minute of dropping off line for 10–60 s. */
    'flap-rate': { type: 'string', default: '0.02' },
    /** Only issue the keys, do not run the devices. */
    'provision-only': { type: 'boolean', default: false },
  },
});

function madeUp(i: number): ProvisionedDevice {
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
  if (values.provision || values['provision-only']) {
    const provisioned = await provisionDevices({
      server: values.server,
      loginName: values.login,
      password: values.password,
      log: (line) => console.log(line),
    });
    saveDevices(values.keys, provisioned);
    console.log(`已为 ${provisioned.length} 台设备签发密钥，保存在 ${values.keys}`);
    if (values['provision-only']) return;
  }
  if (!existsSync(values.keys)) {
    console.error(`没有设备密钥文件 ${values.keys}：先运行 npm run simulate-devices -- --provision`);
    process.exit(1);
  }
  const known = loadDevices(values.keys);
  const scale = values.scale ? Number(values.scale) : known.length;
  const list =
    scale <= known.length
      ? known.slice(0, scale)
      : [...known, ...Array.from({ length: scale - known.length }, (_, i) => madeUp(i + 1))];
  const failureRate = Number(values['failure-rate']);
  const heartbeatMs = Number(values['heartbeat-ms']);
  const flapRate = Number(values['flap-rate']);
  console.log(
    `模拟设备：${list.length} 台（已签发密钥 ${known.length} 台），连接 ${values.url}，失败率 ${failureRate}`,
  );

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
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
