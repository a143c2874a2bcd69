import { SYSTEM_MESSAGE_REMINDER, socketCloseCodes } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAgent, createTestOperator } from '../../test/operators.js';
import type { TestApp } from '../../test/test-app.js';
import { createTwoProcesses } from '../../test/two-processes.js';
import { openReadySocket } from './ws-test-client.js';

const REDIS_URL = process.env.REDIS_URL;

// Two server processes (two apps) over one database and one Redis, as behind a load balancer:
// what one of them does must reach sockets held by the other.
describe.skipIf(!REDIS_URL)('realtime fan-out through Redis', () => {
  let first: TestApp;
  let second: FastifyInstance;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ first, second, close } = await createTwoProcesses(REDIS_URL!));
  });
  afterAll(() => close());

  it('delivers a message sent on one process to a recipient connected to the other, within a second', async () => {
    const platform = await createTestOperator(first, { adminType: 0, permissions: ['saasMessage.create'] });
    const agentId = await createTestAgent(first.database.db);
    const provider = await createTestOperator(first, { adminType: 1, agentId, permissions: [] });
    const socket = await openReadySocket(second, provider.adminId, provider.token);
    const started = Date.now();
    const res = await first.app.inject({
      method: 'POST',
      url: '/api/saasMessage/create',
      headers: platform.headers,
      payload: { messageTitle: '跨进程', content: '<p>hi</p>', agentIds: [String(agentId)] },
    });
    expect(res.json()).toMatchObject({ errCode: 0 });
    const frame = await socket.next((e) => e.type === 'message', 1_000);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(frame.type === 'message' && frame.text).toContain(SYSTEM_MESSAGE_REMINDER);
    socket.close();
  });

  it('closes sockets on the other process when a session is revoked', async () => {
    const agentId = await createTestAgent(first.database.db);
    const provider = await createTestOperator(first, { adminType: 1, agentId, permissions: [] });
    const socket = await openReadySocket(second, provider.adminId, provider.token);
    await first.app.sessions.revokeAdmin(first.database.db, provider.adminId, '密码已修改');
    expect(await socket.closed).toBe(socketCloseCodes.sessionEnded);
    expect(socket.frames.at(-1)).toEqual({ type: 'sessionRevoked', reason: '密码已修改' });
  });
});
