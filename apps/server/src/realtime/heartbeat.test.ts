import { socketCloseCodes } from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestOperator } from '../../test/operators.js';
import { type TestApp, createTestApp } from '../../test/test-app.js';
import { heartbeatOnce } from './heartbeat.js';
import { type Connection, Hub } from './hub.js';

function fakeSocket() {
  const log: string[] = [];
  return {
    log,
    readyState: 1,
    OPEN: 1,
    send: (data: string) => log.push(`send ${data}`),
    close: (code?: number) => log.push(`close ${code}`),
    terminate: () => log.push('terminate'),
    ping: () => log.push('ping'),
    on: () => undefined,
  };
}

describe('heartbeat', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const connect = async (hub: Hub) => {
    const op = await createTestOperator(t, { adminType: 1, permissions: [] });
    const operator = await t.app.sessions.resolve(op.token);
    const socket = fakeSocket();
    const c: Connection = {
      socket,
      adminId: op.adminId,
      sessionId: operator!.sessionId,
      tokenHash: op.token,
      adminType: 1,
      agentId: op.agentId,
      awaitingPong: false,
    };
    hub.add(c);
    return { c, socket };
  };

  it('pings live sockets, drops silent ones, and ends sockets of expired sessions', async () => {
    const hub = new Hub();
    const live = await connect(hub);
    const silent = await connect(hub);
    silent.c.awaitingPong = true;
    const expired = await connect(hub);
    await t.database.db
      .updateTable('session')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', expired.c.sessionId)
      .execute();
    await heartbeatOnce(t.database.db, hub);
    expect(live.socket.log).toEqual(['ping']);
    expect(live.socket.log).not.toContain('terminate');
    expect(silent.socket.log).toEqual(['terminate']);
    expect(expired.socket.log).toContain(`close ${socketCloseCodes.sessionEnded}`);
    expect(hub.all().map((c) => c.adminId)).toEqual([live.c.adminId]);
  });
});
