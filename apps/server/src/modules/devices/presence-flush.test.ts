import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestAgent } from '../../../test/operators.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { insertGateway } from '../stores/test-fixtures.js';
import { PresenceWriter } from './presence.js';

/** The flushes are armed by what is heard (no timer while idle): what is heard is still written without a manual flush. */
describe('device presence flushes on their own', () => {
  let t: TestApp;
  let agent: number;
  let writer: PresenceWriter;

  beforeAll(async () => {
    t = await createTestApp();
    agent = await createTestAgent(t.database.db);
    writer = new PresenceWriter(t.app, { flushMs: 20, seenFlushMs: 40 });
  });
  afterAll(async () => {
    await writer.close();
    await t.close();
  });

  const row = (id: number) =>
    t.database.db
      .selectFrom('gatewayDevice')
      .select(['communicationStatus', 'lastSeenAt'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const heard = (serial: string, online: boolean | null) => ({
    kind: 'presence' as const,
    device: 'gateway' as const,
    serial,
    online,
    at: new Date().toISOString(),
  });

  it('writes status changes and heartbeats heard after an idle spell, each batch in turn', async () => {
    const gw = await insertGateway(t.database.db, agent, null, { online: 0 });
    writer.hear(heard(gw.deviceName, true));
    await vi.waitFor(async () => expect((await row(gw.id)).communicationStatus).toBe(1), { timeout: 2_000 });

    // Idle for many flush periods, then a plain heartbeat: the seen-flush moves last-seen.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const before = (await row(gw.id)).lastSeenAt;
    await new Promise((resolve) => setTimeout(resolve, 5));
    writer.hear(heard(gw.deviceName, null));
    await vi.waitFor(async () => expect((await row(gw.id)).lastSeenAt).not.toBe(before), { timeout: 2_000 });

    // The next change arms the flush again.
    writer.hear(heard(gw.deviceName, false));
    await vi.waitFor(async () => expect((await row(gw.id)).communicationStatus).toBe(0), { timeout: 2_000 });
  });
});
