import { randomUUID } from 'node:crypto';
import { BANNED_NOTICE } from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SimulatedMqttDevice } from '../../device-sim/mqtt-device.js';
import { MqttDeviceAdapter } from './mqtt.js';
import { DeviceBannedError, DeviceOfflineError, type DeviceReport, DeviceTimeoutError } from './types.js';

// Against the real broker (Mosquitto on 127.0.0.1:1883 in CI); skipped where there is none.
const url = process.env.TEST_MQTT_URL;
const run = randomUUID().slice(0, 8);

async function until(check: () => boolean, ms = 5_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe.skipIf(!url)('MQTT device adapter against the broker', () => {
  let adapter: MqttDeviceAdapter;
  const reports: DeviceReport[] = [];
  const devices: SimulatedMqttDevice[] = [];
  const device = async (serial: string, extra: Partial<SimulatedMqttDevice['opts']> = {}) => {
    const d = new SimulatedMqttDevice(url!, {
      kind: 'gateway',
      serial: `T${run}-${serial}`,
      ip: '10.0.0.7',
      firmwareVersion: 'V2.1.0',
      deviceCode: 'ZK00AB12',
      delay: () => 10,
      heartbeatMs: 100,
      restartMs: 50,
      ...extra,
    });
    devices.push(d);
    await d.start();
    return d;
  };
  const ref = (d: SimulatedMqttDevice) => ({ serial: d.opts.serial, kind: d.opts.kind });

  beforeAll(async () => {
    adapter = new MqttDeviceAdapter(url!, { replyTimeoutMs: 400, restartTimeoutMs: 1_000, installTimeoutMs: 1_000 });
    adapter.onReport((r) => reports.push(r));
    await adapter.link.ready();
  });
  afterAll(async () => {
    await Promise.all(devices.map((d) => d.stop()));
    await adapter.close();
  });

  it('sends commands and reads the answers by correlation id', async () => {
    const d = await device('q');
    await expect(adapter.queryIp(ref(d))).resolves.toEqual({ ip: '10.0.0.7' });
    await expect(adapter.getDeviceCode(ref(d))).resolves.toEqual({ deviceCode: 'ZK00AB12' });
    const info = await adapter.reportInfo(ref(d));
    expect(info).toMatchObject({ online: true, firmwareVersion: 'V2.1.0', restarting: false });
    await expect(adapter.openLocker(ref(d), 12)).resolves.toMatchObject({ ok: true, message: '12 号柜已开' });
  });

  it('gives up with a Chinese timeout when the device never answers', async () => {
    const d = await device('mute', { failureRate: 1, rng: () => 0 });
    const err = await adapter.queryIp(ref(d)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DeviceTimeoutError);
    expect((err as Error).message).toBe(`设备 ${d.opts.serial} 响应超时，请稍后重试`);
  });

  it('hears online, heartbeats and the last will, and refuses commands to a device on record as offline', async () => {
    const d = await device('will');
    const heard = (online: boolean | null) =>
      reports.some((r) => r.kind === 'presence' && r.serial === d.opts.serial && r.online === online);
    await until(() => heard(true) && heard(null));
    d.drop();
    await until(() => heard(false));
    // The server writes what it heard to the device's row and passes it along with each command.
    await expect(adapter.queryIp({ ...ref(d), online: false })).rejects.toBeInstanceOf(DeviceOfflineError);
    reports.length = 0;
    d.resume();
    await until(() => heard(true));
  });

  it('accepts a restart at once and reports the end when the gateway is back', async () => {
    const d = await device('rs');
    await expect(adapter.restart(ref(d))).resolves.toEqual({ accepted: true });
    await until(() => reports.some((r) => r.kind === 'restarted' && r.serial === d.opts.serial));
    expect(reports.find((r) => r.kind === 'restarted' && r.serial === d.opts.serial)).toMatchObject({
      ok: true,
      message: '重启完成',
    });
  });

  it('follows an app install through its stages', async () => {
    const d = await device('app', { kind: 'android' });
    await adapter.pushAppUpdate({
      jobId: 7,
      versionName: '3.0.0',
      downloadUrl: 'http://x/a.apk',
      md5: 'm',
      targets: [{ deviceId: 1, serial: d.opts.serial }],
    });
    await adapter.idle();
    const mine = reports.filter((r) => 'jobId' in r && r.serial === d.opts.serial);
    expect(mine.map((r) => (r.kind === 'pushProgress' ? r.stage : r.kind))).toEqual([
      'downloading',
      'installing',
      'pushResult',
    ]);
    expect(mine.at(-1)).toMatchObject({ ok: true, versionName: '3.0.0' });
  });

  it('turns a banned serial away: commands refused, its messages ignored, the device told', async () => {
    const notices: string[] = [];
    const d = await device('ban', { onNotice: (m) => notices.push(m) });
    adapter.setBanned(d.opts.serial, true);
    await expect(adapter.queryIp(ref(d))).rejects.toBeInstanceOf(DeviceBannedError);
    await until(() => notices.includes(BANNED_NOTICE));
    const before = reports.length;
    await new Promise((r) => setTimeout(r, 300));
    expect(reports.slice(before).filter((r) => 'serial' in r && r.serial === d.opts.serial)).toEqual([]);
    adapter.setBanned(d.opts.serial, false);
    await expect(adapter.queryIp(ref(d))).resolves.toEqual({ ip: '10.0.0.7' });
  });
});
