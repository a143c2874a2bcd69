import type { RealtimeEvent } from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAgent, createTestOperator, type TestOperator } from '../../../test/operators.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { DeviceSimulator } from '../../adapters/devices/index.js';
import type { Target } from '../../plugins/realtime.js';
import { callApi, insertGateway } from '../stores/test-fixtures.js';

describe('device presence and the ban list', () => {
  let t: TestApp;
  let sim: DeviceSimulator;
  let platform: TestOperator;
  let agentA: number;
  let gw: { id: number; deviceName: string };
  let gw2: { id: number; deviceName: string };
  const published: { target: Target; event: RealtimeEvent }[] = [];
  const ref = (deviceName: string) => ({ serial: deviceName, kind: 'gateway' as const });

  beforeAll(async () => {
    t = await createTestApp();
    sim = new DeviceSimulator({ seed: 5, sleep: () => Promise.resolve(), timeoutRate: 0, driftRate: 0 });
    t.app.devices.setAdapter(sim);
    const publish = t.app.realtime.publish.bind(t.app.realtime);
    t.app.realtime.publish = (target, event) => {
      published.push({ target, event });
      return publish(target, event);
    };
    agentA = await createTestAgent(t.database.db);
    gw = await insertGateway(t.database.db, agentA, null, { online: 1 });
    gw2 = await insertGateway(t.database.db, agentA, null, { online: 1 });
    platform = await createTestOperator(t, {
      adminType: 0,
      permissions: [
        'gatewayDevice.page',
        'gatewayDevice.query',
        'deviceBan.page',
        'deviceBan.create',
        'deviceBan.delete',
      ],
    });
  });
  afterAll(async () => {
    await t.app.devices.settled();
    await t.close();
  });

  const row = (id: number) =>
    t.database.db.selectFrom('gatewayDevice').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('writes a device going off line and tells its provider and the platform in one event', async () => {
    published.length = 0;
    sim.setOnline(ref(gw.deviceName), false);
    sim.setOnline(ref(gw2.deviceName), false);
    await t.app.devices.settled();
    expect((await row(gw.id)).communicationStatus).toBe(0);
    const events = published.filter((p) => p.event.type === 'devicePresence');
    expect(events).toHaveLength(1);
    expect(events[0]!.target).toEqual({ kind: 'tenant', agentId: agentA });
    expect(events[0]!.event).toMatchObject({
      device: 'gateway',
      rows: expect.arrayContaining([{ id: String(gw.id), online: false, at: null }]) as unknown,
    });
  });

  it('writes a heartbeat that changes nothing without announcing it', async () => {
    sim.setOnline(ref(gw.deviceName), true);
    await t.app.devices.settled();
    expect((await row(gw.id)).communicationStatus).toBe(1);
    published.length = 0;
    t.app.devices.presence.hear({
      kind: 'presence',
      device: 'gateway',
      serial: gw.deviceName,
      online: null,
      at: new Date().toISOString(),
    });
    await t.app.devices.settled();
    expect(published.filter((p) => p.event.type === 'devicePresence')).toEqual([]);
  });

  it('refuses commands to a banned serial and ignores what it says, until it is taken off the list', async () => {
    const added = await callApi<{ id: string }>(t, platform, 'POST', '/device/addBanDevice', {
      deviceName: gw.deviceName,
      reason: '设备被盗',
    });
    expect(added.errCode).toBe(0);
    await t.app.devices.settled();
    const refused = await callApi(t, platform, 'POST', `/zkb/queryIp?deviceName=${gw.deviceName}`);
    expect(refused.errCode).toBe(409003);
    expect(refused.errMsg).toContain('黑名单');
    sim.setOnline(ref(gw.deviceName), false);
    await t.app.devices.settled();
    expect((await row(gw.id)).communicationStatus).toBe(1);

    const removed = await callApi(t, platform, 'GET', `/device/delBanDevice?id=${added.data.id}`);
    expect(removed.errCode).toBe(0);
    await t.app.devices.settled();
    const log = await t.database.db
      .selectFrom('operationLog')
      .selectAll()
      .where('targetId', '=', added.data.id)
      .where('path', 'like', '%delBanDevice%')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(log.changes)).toEqual([{ field: 'deviceName', before: gw.deviceName, after: null }]);
    sim.setOnline(ref(gw.deviceName), true);
    const ok = await callApi(t, platform, 'POST', `/zkb/queryIp?deviceName=${gw.deviceName}`);
    expect(ok.errCode).toBe(0);
  });

  it('keeps off line a device whose goodbye came after its last heartbeat, though that heartbeat is written later', async () => {
    sim.setOnline(ref(gw2.deviceName), true);
    await t.app.devices.settled();
    expect((await row(gw2.id)).communicationStatus).toBe(1);
    const heard = (online: boolean | null) =>
      t.app.devices.presence.hear({
        kind: 'presence',
        device: 'gateway',
        serial: gw2.deviceName,
        online,
        at: new Date().toISOString(),
      });
    // The heartbeat waits for the seen-flush, the goodbye is written first; the flush after it
    // must not put the device back on line.
    heard(null);
    heard(false);
    published.length = 0;
    await t.app.devices.settled();
    expect((await row(gw2.id)).communicationStatus).toBe(0);
    const rows = published.flatMap((p) => (p.event.type === 'devicePresence' ? p.event.rows : []));
    expect(rows).toEqual([{ id: String(gw2.id), online: false, at: null }]);
  });
});
