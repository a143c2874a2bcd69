import { type ViewAsStarted, socketCloseCodes } from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestOperator, createTestAgent, createTestOperator } from '../../../test/operators.js';
import { createTestApp } from '../../../test/test-app.js';
import { openReadySocket, openTestSocket } from '../../realtime/ws-test-client.js';

// A view-as token reads a provider's console over HTTP only: the live socket carries an operator's
// own inbox and events, so it takes ordinary session tokens and refuses a `va.` token whoever it names.
const t = await createTestApp();
afterAll(() => t.close());

let admin: TestOperator;
let providerAdmin: TestOperator;
let viewToken: string;

beforeAll(async () => {
  const agentId = await createTestAgent(t.database.db, { name: '成都蜀联' });
  providerAdmin = await createTestOperator(t, { adminType: 1, agentId, permissions: ['store.page'] });
  admin = await createTestOperator(t, { adminType: 0, permissions: ['agent.viewAs'] });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/viewAs/start',
    headers: { token: admin.token },
    payload: { agentId: String(agentId) },
  });
  const body = res.json<{ errCode: number; data: ViewAsStarted }>();
  expect(body.errCode).toBe(0);
  viewToken = body.data.token;
  // The token is good over HTTP: what the socket refuses is the kind of token, not a broken one.
  const current = await t.app.inject({ method: 'GET', url: '/api/viewAs/current', headers: { token: viewToken } });
  expect(current.json<{ errCode: number }>().errCode).toBe(0);
});

describe('the live socket and a view-as token', () => {
  it.each([
    ['the platform admin who opened the view', () => admin.adminId],
    ['the viewed provider’s administrator', () => providerAdmin.adminId],
  ])('closes a socket that authenticates with it for %s', async (_who, userId) => {
    const socket = await openTestSocket(t.app, userId());
    socket.send({ type: 'auth', token: viewToken });
    expect(await socket.closed).toBe(socketCloseCodes.authFailed);
  });

  it('still opens for the admin’s own session while the view lasts', async () => {
    const socket = await openReadySocket(t.app, admin.adminId, admin.token);
    expect(socket.frames.map((f) => f.type)).toContain('ready');
    socket.close();
  });
});
