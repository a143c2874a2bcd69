import { deviceClientId, deviceTopic } from '@console/contract';
import { connectAsync, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canRunBroker, startTestBroker } from '../../../test/secured-broker.js';
import { SimulatedMqttDevice } from '../../device-sim/mqtt-device.js';
import { MqttDeviceAdapter } from './mqtt.js';
import type { DeviceReport } from './types.js';

async function until(check: () => boolean, ms = 5_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}

// Two cloud processes on one secured broker, as behind a load balancer: each uplink reaches one
// of them, and a command's answer reaches the one that sent it, whichever heard the device last.
describe.skipIf(!canRunBroker)('the device channel across two cloud processes', () => {
  let broker: Awaited<ReturnType<typeof startTestBroker>>;
  const processes: { adapter: MqttDeviceAdapter; reports: DeviceReport[] }[] = [];
  const clients: MqttClient[] = [];
  const devices: SimulatedMqttDevice[] = [];

  beforeAll(async () => {
    broker = await startTestBroker();
    for (let i = 0; i < 2; i += 1) {
      const adapter = new MqttDeviceAdapter(broker.url, { replyTimeoutMs: 2_000 });
      const reports: DeviceReport[] = [];
      adapter.onReport((r) => reports.push(r));
      await adapter.access!.ready;
      processes.push({ adapter, reports });
    }
  });
  afterAll(async () => {
    await Promise.allSettled(devices.map((d) => d.stop()));
    await Promise.allSettled(clients.map((c) => c.endAsync(true)));
    await Promise.allSettled(processes.map((p) => p.adapter.close()));
    await broker.stop();
  });

  const keyFor = async (serial: string) => {
    const password = `secret-${serial}`;
    await processes[0]!.adapter.access!.issue('gateway', serial, password);
    return password;
  };
  const presenceOf = (serial: string) =>
    processes.map((p) => p.reports.filter((r) => r.kind === 'presence' && r.serial === serial).length);

  it('hands each of 200 heartbeats to one process only, both processes taking a share', async () => {
    const serial = 'CLUSTERHB01';
    const password = await keyFor(serial);
    const device = await connectAsync(broker.deviceUrl, {
      username: serial,
      password,
      clientId: deviceClientId('gateway', serial),
      reconnectPeriod: 0,
    });
    clients.push(device);
    for (let i = 0; i < 200; i += 1)
      await device.publishAsync(
        deviceTopic('gateway', serial, 'heartbeat'),
        JSON.stringify({ at: new Date().toISOString() }),
        {
          qos: 1,
        },
      );
    await until(() => presenceOf(serial).reduce((a, b) => a + b, 0) >= 200);
    await new Promise((r) => setTimeout(r, 200));
    const counts = presenceOf(serial);
    expect(counts[0]! + counts[1]!).toBe(200);
    expect(Math.min(...counts)).toBeGreaterThan(0);
  });

  it('answers a command through either process, whichever heard the device', async () => {
    const serial = 'CLUSTERCMD01';
    const password = await keyFor(serial);
    const d = new SimulatedMqttDevice(broker.deviceUrl, {
      kind: 'gateway',
      serial,
      username: serial,
      password,
      ip: '10.0.0.40',
      deviceCode: 'ZK00CL01',
      delay: () => 10,
      heartbeatMs: 50,
    });
    devices.push(d);
    await d.start();
    await until(() => presenceOf(serial).some((n) => n > 0));
    for (const p of processes)
      await expect(p.adapter.getDeviceCode({ kind: 'gateway', serial })).resolves.toEqual({ deviceCode: 'ZK00CL01' });
  });
});
