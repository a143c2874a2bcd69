import type { RealtimeEvent } from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAgent } from '../../../test/operators.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { insertGateway } from '../stores/test-fixtures.js';
import { PresenceWriter } from './presence.js';

/**
 * Two writers on one database stand for two processes of a cluster: MQTT shared subscriptions
 * hand a device's messages to either, and the sweep job runs on either (issue 27).
 */
describe('device presence written by several processes', () => {
  let t: TestApp;
  let agent: number;
  const writers: PresenceWriter[] = [];
  const published: RealtimeEvent[] = [];
  // Timers an hour apart: the test flushes by hand, so nothing is written behind its back.
  const writer = (now?: () => Date) => {
    const w = new PresenceWriter(t.app, { flushMs: 3_600_000, seenFlushMs: 3_600_000, now });
    writers.push(w);
    return w;
  };
  const heard = (serial: string, online: boolean | null, at = new Date().toISOString()) => ({
    kind: 'presence' as const,
    device: 'gateway' as const,
    serial,
    online,
    at,
  });
  const status = async (id: number) =>
    (
      await t.database.db
        .selectFrom('gatewayDevice')
        .select('communicationStatus')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).communicationStatus;
  const announced = (id: number) =>
    published.flatMap((e) => (e.type === 'devicePresence' ? e.rows.filter((r) => r.id === String(id)) : []));

  beforeAll(async () => {
    t = await createTestApp();
    const publish = t.app.realtime.publish.bind(t.app.realtime);
    t.app.realtime.publish = (target, event) => {
      published.push(event);
      return publish(target, event);
    };
    agent = await createTestAgent(t.database.db);
  });
  afterAll(async () => {
    for (const w of writers) await w.close();
    await t.close();
  });

  it('puts a device back on line when the process that wrote it on line hears it after another wrote it off line', async () => {
    const gw = await insertGateway(t.database.db, agent, null, { online: 0 });
    const a = writer();
    const b = writer();
    a.hear(heard(gw.deviceName, null));
    await a.flush();
    expect(await status(gw.id)).toBe(1);
    b.hear(heard(gw.deviceName, false));
    await b.flush();
    expect(await status(gw.id)).toBe(0);

    published.length = 0;
    a.hear(heard(gw.deviceName, null));
    await a.flush();
    expect(await status(gw.id)).toBe(1);
    expect(announced(gw.id)).toEqual([expect.objectContaining({ online: true })]);
  });

  it('writes a repeated last will even when another process wrote the device on line in between', async () => {
    const gw = await insertGateway(t.database.db, agent, null, { online: 1 });
    const a = writer();
    const b = writer();
    a.hear(heard(gw.deviceName, false));
    await a.flush();
    b.hear(heard(gw.deviceName, null));
    await b.flush();
    expect(await status(gw.id)).toBe(1);
    a.hear(heard(gw.deviceName, false));
    await a.flush();
    expect(await status(gw.id)).toBe(0);
  });

  it('puts a device back on line when another process swept it off line', async () => {
    const gw = await insertGateway(t.database.db, agent, null, { online: 0 });
    const a = writer();
    a.hear(heard(gw.deviceName, null));
    await a.flush();
    expect(await status(gw.id)).toBe(1);
    // The sweep on the other process, a day later: every device heard before then is overdue.
    const sweeper = writer(() => new Date(Date.now() + 86_400_000));
    await sweeper.sweep();
    expect(await status(gw.id)).toBe(0);

    published.length = 0;
    a.hear(heard(gw.deviceName, null));
    await a.flush();
    expect(await status(gw.id)).toBe(1);
    expect(announced(gw.id)).toEqual([expect.objectContaining({ online: true })]);
  });

  it('keeps a plain heartbeat a last-seen write, announcing nothing', async () => {
    const gw = await insertGateway(t.database.db, agent, null, { online: 0 });
    const a = writer();
    a.hear(heard(gw.deviceName, null));
    await a.flush();
    published.length = 0;
    a.hear(heard(gw.deviceName, null));
    await a.flush();
    expect(await status(gw.id)).toBe(1);
    expect(announced(gw.id)).toEqual([]);
  });
});
