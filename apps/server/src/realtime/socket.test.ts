import { SOCKET_MAX_FRAME_BYTES, SOCKET_RATE, socketCloseCodes } from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAgent, createTestOperator, type TestOperator } from '../../test/operators.js';
import { type TestApp, createTestApp } from '../../test/test-app.js';
import { openReadySocket, openTestSocket } from './ws-test-client.js';

describe('live channel /ws/{storeId}/{randomId}/{userId}', () => {
  let t: TestApp;
  let admin: TestOperator;
  let other: TestOperator;
  let platform: TestOperator;
  let agentA: number;

  beforeAll(async () => {
    t = await createTestApp();
    agentA = await createTestAgent(t.database.db);
    admin = await createTestOperator(t, { adminType: 1, agentId: agentA, permissions: [] });
    other = await createTestOperator(t, { adminType: 1, permissions: [] });
    platform = await createTestOperator(t, { adminType: 0, permissions: [] });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers ready to a good first frame and pong to a ping', async () => {
    const s = await openReadySocket(t.app, admin.adminId, admin.token);
    s.send({ type: 'ping' });
    await s.next((e) => e.type === 'pong');
    s.close();
  });

  it('closes on a bad token, a token of another user, or a first frame that is not auth', async () => {
    const bad = await openTestSocket(t.app, admin.adminId);
    bad.send({ type: 'auth', token: 'not-a-token' });
    expect(await bad.closed).toBe(socketCloseCodes.authFailed);

    const mismatch = await openTestSocket(t.app, admin.adminId);
    mismatch.send({ type: 'auth', token: other.token });
    expect(await mismatch.closed).toBe(socketCloseCodes.authFailed);

    const notAuth = await openTestSocket(t.app, admin.adminId);
    notAuth.send({ type: 'ping' });
    expect(await notAuth.closed).toBe(socketCloseCodes.authFailed);
    expect([bad, mismatch, notAuth].every((s) => s.frames.length === 0)).toBe(true);
  });

  it('refuses a foreign Origin and accepts the console own', async () => {
    const foreign = await openTestSocket(t.app, admin.adminId, {
      origin: 'https://evil.example',
      host: 'console.example',
    });
    expect(await foreign.closed).toBe(socketCloseCodes.foreignOrigin);
    const own = await openTestSocket(t.app, admin.adminId, {
      origin: 'https://console.example',
      host: 'console.example',
    });
    own.send({ type: 'auth', token: admin.token });
    await own.next((e) => e.type === 'ready');
    own.close();
  });

  it('closes a socket that does not authenticate within 5 s', async () => {
    const s = await openTestSocket(t.app, admin.adminId);
    const started = Date.now();
    expect(await s.closed).toBe(socketCloseCodes.authTimeout);
    expect(Date.now() - started).toBeGreaterThan(4_500);
  }, 10_000);

  it('bounds frame size and rate', async () => {
    const big = await openReadySocket(t.app, admin.adminId, admin.token);
    big.send(JSON.stringify({ type: 'ping', pad: 'x'.repeat(SOCKET_MAX_FRAME_BYTES) }));
    expect(await big.closed).toBe(1009);

    const chatty = await openReadySocket(t.app, admin.adminId, admin.token);
    for (let i = 0; i < SOCKET_RATE.frames + 2; i += 1) chatty.send({ type: 'ping' });
    expect(await chatty.closed).toBe(socketCloseCodes.rateLimited);
  });

  it('tells and closes the sockets of revoked sessions, and only those', async () => {
    const s1 = await openReadySocket(t.app, admin.adminId, admin.token);
    const bystander = await openReadySocket(t.app, other.adminId, other.token);
    await t.app.sessions.revokeAdmin(t.database.db, admin.adminId, '已被强制下线');
    expect(await s1.closed).toBe(socketCloseCodes.sessionEnded);
    expect(s1.frames.at(-1)).toEqual({ type: 'sessionRevoked', reason: '已被强制下线' });
    // The revoked token cannot open a new socket either.
    const again = await openTestSocket(t.app, admin.adminId);
    again.send({ type: 'auth', token: admin.token });
    expect(await again.closed).toBe(socketCloseCodes.authFailed);

    const op = await createTestOperator(t, { adminType: 1, agentId: agentA, permissions: [] });
    const s2 = await openReadySocket(t.app, op.adminId, op.token);
    await t.app.sessions.revokeToken(t.database.db, op.token, '已退出登录');
    expect(await s2.closed).toBe(socketCloseCodes.sessionEnded);
    expect(bystander.frames.some((e) => e.type === 'sessionRevoked')).toBe(false);
    bystander.close();
  });

  it('forwards resource changes to that provider and the platform, and permission changes to who they concern', async () => {
    const fresh = await createTestOperator(t, { adminType: 1, agentId: agentA, permissions: [] });
    const mine = await openReadySocket(t.app, fresh.adminId, fresh.token);
    const foreign = await openReadySocket(t.app, other.adminId, other.token);
    const plat = await openReadySocket(t.app, platform.adminId, platform.token);
    t.app.events.emit('resourceChanged', { resource: 'store', agentId: agentA, ids: ['7'], action: 'update' });
    await mine.next((e) => e.type === 'resourceChanged' && e.resource === 'store' && e.ids[0] === '7');
    await plat.next((e) => e.type === 'resourceChanged' && e.resource === 'store');
    t.app.events.emit('resourceChanged', { resource: 'agentMenu', agentId: agentA, ids: [], action: 'update' });
    await mine.next((e) => e.type === 'permissionsChanged');
    await new Promise((r) => setTimeout(r, 150));
    expect(foreign.frames.map((e) => e.type)).toEqual(['ready']);
    expect(plat.frames.some((e) => e.type === 'permissionsChanged')).toBe(false);
    for (const s of [mine, foreign, plat]) s.close();
  });
});
