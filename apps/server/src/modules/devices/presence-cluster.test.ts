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
  // One clock for the cluster (its machines agree on the time), moved by hand so the order of
  // events is the test's; each step below is a second later.
  let clock = new Date(Date.now() + 3_600_000);
  const tick = (ms = 1_000) => {
    clock = new Date(clock.getTime() + ms);
  };
  // Timers an hour apart: the test flushes by hand, so nothing is written behind its back.
  const writer = (now: () => Date = () => clock) => {
    const w = new PresenceWriter(t.app, { flushMs: 3_600_000, seenFlushMs: 3_600_000, now });
    writers.push(w);
    return w;
  };
  const heard = (serial: string, online: boolean | null, at = clock.toISOString()) => ({
    kind: 'presence' as const,
    device: 'gateway' as const,
    serial,
    online,
    at,
  });
  const row = (id: number) =>
    t.database.db
      .selectFrom('gatewayDevice')
      .select(['communicationStatus', 'lastSeenAt', 'statusChangedAt'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const status = async (id: number) => (await row(id)).communicationStatus;
  /** A gateway `a` wrote on line, so `a` takes its next heartbeats as plain ones (the seen-flush). */
  const onLineBy = async (a: PresenceWriter) => {
    const gw = await insertGateway(t.database.db, agent, null, { online: 0 });
    tick();
    a.hear(heard(gw.deviceName, null));
    await a.flush();
    expect(await status(gw.id)).toBe(1);
    return gw;
  };
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
    tick();
    a.hear(heard(gw.deviceName, null));
    await a.flush();
    expect(await status(gw.id)).toBe(1);
    tick();
    b.hear(heard(gw.deviceName, false));
    await b.flush();
    expect(await status(gw.id)).toBe(0);

    published.length = 0;
    tick();
    a.hear(heard(gw.deviceName, null));
    await a.flush();
    expect(await status(gw.id)).toBe(1);
    expect(announced(gw.id)).toEqual([expect.objectContaining({ online: true })]);
  });

  it('writes a repeated last will even when another process wrote the device on line in between', async () => {
    const gw = await insertGateway(t.database.db, agent, null, { online: 1 });
    const a = writer();
    const b = writer();
    tick();
    a.hear(heard(gw.deviceName, false));
    await a.flush();
    tick();
    b.hear(heard(gw.deviceName, null));
    await b.flush();
    expect(await status(gw.id)).toBe(1);
    tick();
    a.hear(heard(gw.deviceName, false));
    await a.flush();
    expect(await status(gw.id)).toBe(0);
  });

  it('puts a device back on line when another process swept it off line', async () => {
    const gw = await insertGateway(t.database.db, agent, null, { online: 0 });
    const a = writer();
    tick();
    a.hear(heard(gw.deviceName, null));
    await a.flush();
    expect(await status(gw.id)).toBe(1);
    // The sweep on the other process, a day later: every device heard before then is overdue.
    tick(86_400_000);
    await writer().sweep();
    expect(await status(gw.id)).toBe(0);

    published.length = 0;
    tick();
    a.hear(heard(gw.deviceName, null));
    await a.flush();
    expect(await status(gw.id)).toBe(1);
    expect(announced(gw.id)).toEqual([expect.objectContaining({ online: true })]);
  });

  it('keeps a plain heartbeat a last-seen write, announcing nothing', async () => {
    const gw = await insertGateway(t.database.db, agent, null, { online: 0 });
    const a = writer();
    tick();
    a.hear(heard(gw.deviceName, null));
    await a.flush();
    published.length = 0;
    tick();
    a.hear(heard(gw.deviceName, null));
    await a.flush();
    expect(await status(gw.id)).toBe(1);
    expect(announced(gw.id)).toEqual([]);
  });

  it('leaves off line a device whose goodbye another process heard after this one heard its last heartbeat', async () => {
    const a = writer();
    const b = writer();
    const gw = await onLineBy(a);
    tick();
    const lastBeat = clock.toISOString();
    a.hear(heard(gw.deviceName, null));
    tick();
    b.hear(heard(gw.deviceName, false));
    await b.flush();
    expect(await status(gw.id)).toBe(0);

    // A's seen-flush comes after the goodbye: it moves last-seen, it does not revive.
    published.length = 0;
    tick();
    await a.flush();
    expect(await row(gw.id)).toMatchObject({ communicationStatus: 0, lastSeenAt: lastBeat });
    expect(announced(gw.id)).toEqual([]);

    // The device comes back later: its next heartbeat to A revives it.
    tick();
    a.hear(heard(gw.deviceName, null));
    await a.flush();
    expect(await status(gw.id)).toBe(1);
    expect(announced(gw.id)).toEqual([expect.objectContaining({ online: true, at: clock.toISOString() })]);
  });

  it('leaves off line a device whose last will the same process heard after its heartbeat, in one flush', async () => {
    const a = writer();
    const gw = await onLineBy(a);
    tick();
    a.hear(heard(gw.deviceName, null));
    tick();
    a.hear(heard(gw.deviceName, false));
    published.length = 0;
    await a.flush();
    expect(await status(gw.id)).toBe(0);
    expect(announced(gw.id)).toEqual([expect.objectContaining({ online: false })]);
  });

  it('leaves off line a device swept after the heartbeat this process still holds', async () => {
    const a = writer();
    const gw = await onLineBy(a);
    tick();
    a.hear(heard(gw.deviceName, null));
    // Another process sweeps later (this one's heartbeat unwritten): it goes by the database.
    tick(86_400_000);
    await writer().sweep();
    expect(await status(gw.id)).toBe(0);
    await a.flush();
    expect(await status(gw.id)).toBe(0);
  });

  it('moves last-seen only forward: an older heartbeat flushed after a newer write leaves it', async () => {
    const a = writer();
    const b = writer();
    const gw = await onLineBy(a);
    tick();
    a.hear(heard(gw.deviceName, null));
    tick();
    const newer = clock.toISOString();
    b.hear(heard(gw.deviceName, null));
    await b.flush();
    tick();
    await a.flush();
    expect(await row(gw.id)).toMatchObject({ communicationStatus: 1, lastSeenAt: newer });
  });

  it('takes a heartbeat of a device another process wrote on line as no news: no status write, nothing announced', async () => {
    const a = writer();
    const b = writer();
    const gw = await onLineBy(a);
    const before = await row(gw.id);
    published.length = 0;
    tick();
    b.hear(heard(gw.deviceName, null));
    await b.flush();
    expect(await row(gw.id)).toEqual({ ...before, lastSeenAt: clock.toISOString() });
    expect(announced(gw.id)).toEqual([]);
  });

  it('puts back on line a device swept off line when a process that never wrote it hears its heartbeat', async () => {
    const gw = await onLineBy(writer());
    tick(86_400_000);
    await writer().sweep();
    expect(await status(gw.id)).toBe(0);
    published.length = 0;
    tick();
    const c = writer();
    c.hear(heard(gw.deviceName, null));
    await c.flush();
    expect(await status(gw.id)).toBe(1);
    expect(announced(gw.id)).toEqual([{ id: String(gw.id), online: true, at: clock.toISOString() }]);
  });
});
