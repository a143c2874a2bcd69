import { socketCloseCodes } from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithOperator, type TestApp } from '../../../test/app-with-operator.js';
import { createTestOperator, type TestOperator } from '../../../test/operators.js';
import { hashToken } from '../../credentials/tokens.js';
import { openReadySocket } from '../../realtime/ws-test-client.js';
import { callApi } from '../stores/test-fixtures.js';

describe('online sessions (/session)', () => {
  let t: TestApp;
  let admin: TestOperator;
  let provider: TestOperator;

  beforeAll(async () => {
    ({ t, operator: admin } = await appWithOperator({ permissions: ['session.page', 'session.forceLogout'] }));
    provider = await createTestOperator(t, { adminType: 1, permissions: ['session.page', 'session.forceLogout'] });
  });
  afterAll(() => t.close());

  it('lists live sessions with who and where, and force logout ends one at once', async () => {
    const victim = await createTestOperator(t, { adminType: 0, permissions: ['session.page'] });
    const second = await t.app.sessions.create(t.database.db, victim.adminId, { ip: '10.9.9.9', userAgent: 'b' });
    expect((await callApi(t, victim, 'POST', '/session/page', {})).errCode).toBe(0);
    const page = await callApi<{ list: { id: string; adminId: string; loginName: string; ip: string }[] }>(
      t,
      admin,
      'POST',
      '/session/page',
      { adminId: String(victim.adminId) },
    );
    expect(page.data.list).toHaveLength(2);
    const first = page.data.list.find((s) => s.ip === '127.0.0.1');
    expect(first?.loginName).toBeTruthy();

    expect((await callApi(t, admin, 'POST', `/session/forceLogout?id=${first?.id}`)).errCode).toBe(0);
    expect((await callApi(t, victim, 'POST', '/session/page', {})).res.statusCode).toBe(401);
    // The account's other session lives on.
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/session/page',
      headers: { token: second },
      payload: {},
    });
    expect(other.statusCode).toBe(200);
    const after = await callApi<{ list: unknown[] }>(t, admin, 'POST', '/session/page', {
      adminId: String(victim.adminId),
    });
    expect(after.data.list).toHaveLength(1);
    expect((await callApi(t, admin, 'POST', `/session/forceLogout?id=${first?.id}`)).errCode).toBe(404001);
  });

  it("force logout closes that session's live socket at once, and only that one", async () => {
    const victim = await createTestOperator(t, { adminType: 1, permissions: [] });
    const otherToken = await t.app.sessions.create(t.database.db, victim.adminId, { ip: '10.8.8.8', userAgent: 'b' });
    const ended = await openReadySocket(t.app, victim.adminId, victim.token);
    const kept = await openReadySocket(t.app, victim.adminId, otherToken);
    const row = await t.database.db
      .selectFrom('session')
      .where('tokenHash', '=', hashToken(victim.token))
      .select('id')
      .executeTakeFirstOrThrow();

    expect((await callApi(t, admin, 'POST', `/session/forceLogout?id=${row.id}`)).errCode).toBe(0);
    expect(await ended.closed).toBe(socketCloseCodes.sessionEnded);
    expect(ended.frames.at(-1)).toEqual({ type: 'sessionRevoked', reason: '已被管理员强制下线' });
    kept.send({ type: 'ping' });
    await kept.next((e) => e.type === 'pong');
    expect(kept.frames.some((e) => e.type === 'sessionRevoked')).toBe(false);
    kept.close();
  });

  it('does not list a session that has been idle past its window, though never revoked', async () => {
    const idler = await createTestOperator(t, { adminType: 0, permissions: [] });
    const fresh = await t.app.sessions.create(t.database.db, idler.adminId, { ip: '10.7.7.7', userAgent: 'c' });
    // The first session was last used just past its idle window; the second a minute inside it.
    const row = await t.database.db
      .selectFrom('session')
      .where('tokenHash', '=', hashToken(idler.token))
      .select(['id', 'idleMinutes'])
      .executeTakeFirstOrThrow();
    const lastSeenAt = new Date(Date.now() - (row.idleMinutes * 60_000 + 5_000)).toISOString();
    await t.database.db.updateTable('session').set({ lastSeenAt }).where('id', '=', row.id).execute();
    const nearlyIdle = new Date(Date.now() - (row.idleMinutes * 60_000 - 60_000)).toISOString();
    await t.database.db
      .updateTable('session')
      .set({ lastSeenAt: nearlyIdle })
      .where('tokenHash', '=', hashToken(fresh))
      .execute();

    const page = await callApi<{ list: { id: string; ip: string }[] }>(t, admin, 'POST', '/session/page', {
      adminId: String(idler.adminId),
    });
    expect(page.data.list.map((s) => s.ip)).toEqual(['10.7.7.7']);
    // The listing agrees with sign-in: the idle token no longer works.
    expect((await callApi(t, idler, 'GET', '/adminLogin/info')).errCode).toBe(5000);
  });

  it('a provider operator is refused (403)', async () => {
    expect((await callApi(t, provider, 'POST', '/session/page', {})).res.statusCode).toBe(403);
    expect((await callApi(t, provider, 'POST', '/session/forceLogout?id=1')).res.statusCode).toBe(403);
  });
});
