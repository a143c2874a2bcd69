import { DEVICE_OFFLINE_AFTER_MS, type RealtimeEvent } from '@console/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestAgent } from '../../../test/operators.js';
import { createTestApp, type TestApp, testEngine } from '../../../test/test-app.js';
import { DeviceSimulator } from '../../adapters/devices/index.js';
import { insertAndroid, insertGateway, insertStore } from '../stores/test-fixtures.js';
import { PresenceWriter } from './presence.js';

describe('presence sweep: devices gone quiet without a last will', () => {
  let t: TestApp;
  let sim: DeviceSimulator;
  let agentA: number;
  let storeId: number;
  const published: RealtimeEvent[] = [];
  // A fake clock the sweeps below read; rows are written relative to it.
  let clock = new Date('2026-11-26T10:00:00.000Z');
  const iso = (msAgo: number) => new Date(clock.getTime() - msAgo).toISOString();

  beforeAll(async () => {
    t = await createTestApp();
    sim = new DeviceSimulator({ seed: 9, sleep: () => Promise.resolve(), timeoutRate: 0, driftRate: 0 });
    t.app.devices.setAdapter(sim);
    const publish = t.app.realtime.publish.bind(t.app.realtime);
    t.app.realtime.publish = (target, event) => {
      published.push(event);
      return publish(target, event);
    };
    agentA = await createTestAgent(t.database.db);
    storeId = (await insertStore(t.database.db, agentA)).storeId;
  });
  afterAll(async () => {
    await t.app.devices.settled();
    await t.close();
  });
  beforeEach(() => {
    published.length = 0;
  });

  const gateway = (id: number) =>
    t.database.db.selectFrom('gatewayDevice').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const android = (id: number) =>
    t.database.db.selectFrom('androidDevice').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const lastHeard = async (table: 'gatewayDevice' | 'androidDevice', id: number, at: string) => {
    if (table === 'gatewayDevice')
      await t.database.db.updateTable(table).set({ lastSeenAt: at }).where('id', '=', id).execute();
    else await t.database.db.updateTable(table).set({ lastHeartbeatAt: at }).where('id', '=', id).execute();
  };
  /** `n` online terminals last heard two offline periods ago: the sweep's work. */
  const silentTerminals = async (n: number) => {
    const ids: number[] = [];
    for (let i = 0; i < n; i += 1) ids.push(await insertAndroid(t.database.db, agentA, storeId, { online: 1 }));
    await t.database.db
      .updateTable('androidDevice')
      .set({ lastHeartbeatAt: iso(DEVICE_OFFLINE_AFTER_MS * 2) })
      .where('id', 'in', ids)
      .execute();
    return ids;
  };
  const presenceEvents = () => published.filter((e) => e.type === 'devicePresence');

  it('with the in-process simulator: a power-cut gateway goes offline, announced like a last will; live ones stay', async () => {
    const cut = await insertGateway(t.database.db, agentA, null, { online: 1 });
    const alive = await insertGateway(t.database.db, agentA, null, { online: 1 });
    const recent = await insertGateway(t.database.db, agentA, null, { online: 1 });
    await lastHeard('gatewayDevice', cut.id, iso(DEVICE_OFFLINE_AFTER_MS + 1_000));
    await lastHeard('gatewayDevice', alive.id, iso(DEVICE_OFFLINE_AFTER_MS + 1_000));
    await lastHeard('gatewayDevice', recent.id, iso(DEVICE_OFFLINE_AFTER_MS - 1_000));
    sim.cutPower({ serial: cut.deviceName, kind: 'gateway' });
    const writer = new PresenceWriter(t.app, {
      now: () => clock,
      aliveAmong: (devices) => sim.aliveAmong(devices),
    });
    await writer.sweep();
    await writer.close();

    expect((await gateway(cut.id)).communicationStatus).toBe(0);
    expect(await gateway(alive.id)).toMatchObject({ communicationStatus: 1, lastSeenAt: clock.toISOString() });
    expect((await gateway(recent.id)).communicationStatus).toBe(1);
    expect(presenceEvents()).toEqual([
      { type: 'devicePresence', device: 'gateway', rows: [{ id: String(cut.id), online: false, at: null }] },
    ]);
  });

  it('without an adapter that vouches (MQTT): silent terminals go offline in batches, and one heartbeating again comes back', async () => {
    // More than one batch of 500, so the sweep loops.
    const ids = await silentTerminals(520);
    const writer = new PresenceWriter(t.app, { now: () => clock });
    await writer.sweep();

    const online = await t.database.db
      .selectFrom('androidDevice')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('id', 'in', ids)
      .where('online', '=', 1)
      .executeTakeFirstOrThrow();
    expect(Number(online.n)).toBe(0);
    const swept = presenceEvents().flatMap((e) => (e.type === 'devicePresence' ? e.rows : []));
    expect(swept).toHaveLength(520);
    expect(swept.every((r) => !r.online && r.at === null)).toBe(true);

    // The terminal's heartbeat resumes: it is back on line and its row is patched on open screens.
    published.length = 0;
    clock = new Date(clock.getTime() + 30_000);
    const back = await android(ids[0]!);
    writer.hear({ kind: 'presence', device: 'android', serial: back.deviceNo, online: null, at: clock.toISOString() });
    await writer.flush();
    expect(await android(ids[0]!)).toMatchObject({ online: 1, lastHeartbeatAt: clock.toISOString() });
    expect(presenceEvents()).toEqual([
      {
        type: 'devicePresence',
        device: 'android',
        rows: [{ id: String(ids[0]), online: true, at: clock.toISOString() }],
      },
    ]);
    // And a sweep now leaves it alone.
    await writer.sweep();
    expect((await android(ids[0]!)).online).toBe(1);
    await writer.close();
  });

  it('lets other work (requests) run between its batches: on SQLite every query is synchronous', async () => {
    await silentTerminals(520);
    const writer = new PresenceWriter(t.app, { now: () => clock });
    const order: string[] = [];
    // A request arriving during the sweep is an I/O callback: it runs only if the sweep yields.
    setImmediate(() => order.push('other work'));
    await writer.sweep().then(() => order.push('sweep done'));
    expect(order).toEqual(['other work', 'sweep done']);
    await writer.close();
  });

  it('writes a heartbeat heard just before a sweep before judging it, so the device is not taken for silent', async () => {
    const gw = await insertGateway(t.database.db, agentA, null, { online: 1 });
    await lastHeard('gatewayDevice', gw.id, iso(DEVICE_OFFLINE_AFTER_MS + 5_000));
    const writer = new PresenceWriter(t.app, { now: () => clock });
    // Known as online to this writer, so the heartbeat is a plain last-seen refresh, not a change.
    writer.hear({ kind: 'presence', device: 'gateway', serial: gw.deviceName, online: true, at: iso(0) });
    await writer.flush();
    await lastHeard('gatewayDevice', gw.id, iso(DEVICE_OFFLINE_AFTER_MS + 5_000));
    writer.hear({ kind: 'presence', device: 'gateway', serial: gw.deviceName, online: null, at: iso(0) });
    await writer.sweep();
    await writer.close();
    expect(await gateway(gw.id)).toMatchObject({ communicationStatus: 1, lastSeenAt: clock.toISOString() });
  });

  it.runIf(testEngine === 'sqlite')(
    'finds the overdue rows through its index in order: no table scan, no sort',
    async () => {
      const plan = await sql<{ detail: string }>`explain query plan
      select id from android_device where online = ${1} and last_heartbeat_at < ${iso(0)}
      order by last_heartbeat_at, id limit 500`.execute(t.database.db);
      const details = plan.rows.map((r) => r.detail).join('\n');
      expect(details).toContain('android_device_online_last_heartbeat_at_id');
      expect(details).not.toContain('TEMP B-TREE');
    },
  );
});
