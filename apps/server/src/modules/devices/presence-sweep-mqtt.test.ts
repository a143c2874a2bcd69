import { randomUUID } from 'node:crypto';
import { DEVICE_OFFLINE_AFTER_MS, type RealtimeEvent } from '@console/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestAgent } from '../../../test/operators.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { MqttDeviceAdapter } from '../../adapters/devices/index.js';
import { SimulatedMqttDevice } from '../../device-sim/mqtt-device.js';
import { insertGateway } from '../stores/test-fixtures.js';

// The sweep with real devices over the broker (Mosquitto on 127.0.0.1:1883 in CI); skipped where there is none.
const url = process.env.TEST_MQTT_URL;

describe.skipIf(!url)('presence sweep over MQTT: a gateway that stops talking without a last will', () => {
  let t: TestApp;
  let device: SimulatedMqttDevice;
  let gw: { id: number; deviceName: string };
  const published: RealtimeEvent[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    const adapter = new MqttDeviceAdapter(url!, { replyTimeoutMs: 400 });
    await adapter.link.ready();
    t.app.devices.setAdapter(adapter);
    const publish = t.app.realtime.publish.bind(t.app.realtime);
    t.app.realtime.publish = (target, event) => {
      published.push(event);
      return publish(target, event);
    };
    const agentId = await createTestAgent(t.database.db);
    gw = await insertGateway(t.database.db, agentId, null, { online: 1 });
    // The serial is unique per run, so retained messages of earlier runs never match.
    const serial = `SW${randomUUID().slice(0, 8)}`;
    await t.database.db.updateTable('gatewayDevice').set({ deviceName: serial }).where('id', '=', gw.id).execute();
    gw = { ...gw, deviceName: serial };
    device = new SimulatedMqttDevice(url!, {
      kind: 'gateway',
      serial,
      ip: '10.0.0.9',
      firmwareVersion: 'V2.1.0',
      deviceCode: 'ZK00SW01',
      delay: () => 10,
      heartbeatMs: 100,
    });
    await device.start();
  });
  afterAll(async () => {
    await device.stop();
    await t.app.devices.settled();
    await t.close();
  });

  const row = () =>
    t.database.db.selectFrom('gatewayDevice').selectAll().where('id', '=', gw.id).executeTakeFirstOrThrow();

  it('is marked offline by the sweep and announced; its next heartbeat brings it back', async () => {
    // Heard on line first (status, heartbeats), then it hangs with its connection up.
    await vi.waitFor(async () => {
      await t.app.devices.presence.flush();
      expect((await row()).communicationStatus).toBe(1);
    });
    device.hang();
    await new Promise((r) => setTimeout(r, 200));
    await t.app.devices.presence.flush();
    // Its last word was longer ago than the threshold.
    const longAgo = new Date(Date.now() - DEVICE_OFFLINE_AFTER_MS - 5_000).toISOString();
    await t.database.db.updateTable('gatewayDevice').set({ lastSeenAt: longAgo }).where('id', '=', gw.id).execute();
    published.length = 0;
    await t.app.devices.presence.sweep();
    expect((await row()).communicationStatus).toBe(0);
    expect(published).toContainEqual({
      type: 'devicePresence',
      device: 'gateway',
      rows: [{ id: String(gw.id), online: false, at: null }],
    });

    published.length = 0;
    device.unhang();
    await vi.waitFor(async () => {
      await t.app.devices.presence.flush();
      expect((await row()).communicationStatus).toBe(1);
    });
    expect(published.some((e) => e.type === 'devicePresence' && e.rows.some((r) => r.online))).toBe(true);
  });
});
