import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestOperator, type TestOperator } from '../../../test/operators.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { callApi } from '../stores/test-fixtures.js';

describe('online sessions (/session)', () => {
  let t: TestApp;
  let admin: TestOperator;
  let provider: TestOperator;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createTestOperator(t, { adminType: 0, permissions: ['session.page', 'session.forceLogout'] });
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

  it('a provider operator is refused (403)', async () => {
    expect((await callApi(t, provider, 'POST', '/session/page', {})).res.statusCode).toBe(403);
    expect((await callApi(t, provider, 'POST', '/session/forceLogout?id=1')).res.statusCode).toBe(403);
  });
});
