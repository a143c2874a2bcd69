import { socketCloseCodes } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestOperator } from '../../../test/operators.js';
import type { TestApp } from '../../../test/test-app.js';
import { createTwoProcesses } from '../../../test/two-processes.js';
import { openReadySocket } from '../../realtime/ws-test-client.js';
import { hashToken } from '../../credentials/tokens.js';
import { callApi } from '../stores/test-fixtures.js';

const REDIS_URL = process.env.REDIS_URL;

// Force logout on one server process must close the session's socket held by another.
describe.skipIf(!REDIS_URL)('force logout across processes (Redis)', () => {
  let first: TestApp;
  let second: FastifyInstance;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ first, second, close } = await createTwoProcesses(REDIS_URL!));
  });
  afterAll(() => close());

  it('closes the forced-out session socket on the other process at once', async () => {
    const admin = await createTestOperator(first, { adminType: 0, permissions: ['session.forceLogout'] });
    const victim = await createTestOperator(first, { adminType: 1, permissions: [] });
    const socket = await openReadySocket(second, victim.adminId, victim.token);
    const row = await first.database.db
      .selectFrom('session')
      .where('tokenHash', '=', hashToken(victim.token))
      .select('id')
      .executeTakeFirstOrThrow();
    expect((await callApi(first, admin, 'POST', `/session/forceLogout?id=${row.id}`)).errCode).toBe(0);
    expect(await socket.closed).toBe(socketCloseCodes.sessionEnded);
    expect(socket.frames.at(-1)).toEqual({ type: 'sessionRevoked', reason: '已被管理员强制下线' });
  });
});
