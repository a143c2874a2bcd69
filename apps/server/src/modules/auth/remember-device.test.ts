import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestOperator } from '../../../test/operators.js';
import { callApi } from '../../../test/ops-helpers.js';
import { type TestApp, createTestApp } from '../../../test/test-app.js';
import { hashToken } from '../../credentials/tokens.js';
import { PASSWORD, browser, createAccount } from './test-kit.js';

// 记住密码 is the browser's device credential (httpOnly cookie, hashed on the server): it survives
// sign-out, and every way of taking the account away from that browser revokes it at once.
describe('记住密码 as a device credential', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_RATE_PER_MINUTE: '10000', AUTH_CAPTCHA_AFTER: '100' });
  });
  afterAll(async () => {
    await t.close();
  });

  const rememberIn = async (loginName: string) => {
    const b = browser(t);
    const { res, body } = await b.login({ loginName, password: PASSWORD, remember: true });
    expect(body.errCode).toBe(0);
    return { b, token: (body.data as { token: string }).token, setCookie: String(res.headers['set-cookie']) };
  };
  const logout = (token: string) => t.app.inject({ method: 'POST', url: '/api/adminLogin/logout', headers: { token } });

  it('is an httpOnly cookie scoped to the sign-in paths, never in a body, stored only hashed', async () => {
    const acc = await createAccount(t);
    const { b, setCookie } = await rememberIn(acc.loginName);
    expect(setCookie).toMatch(
      /^console_device=[\w-]{40,}; Path=\/api\/log\/adminLogin; Max-Age=\d+; HttpOnly; SameSite=Strict/,
    );
    const device = b.device ?? '';
    const rows = await t.database.db
      .selectFrom('signInDevice')
      .where('adminId', '=', acc.adminId)
      .selectAll()
      .execute();
    expect(rows).toMatchObject([{ tokenHash: hashToken(device), remember: 1, revokedAt: null }]);
    expect(JSON.stringify(rows)).not.toContain(device);
    const signedIn = await b.byRemember(acc.loginName);
    expect(signedIn.body).toMatchObject({ errCode: 0, data: { token: expect.any(String) as unknown } });
    expect(JSON.stringify(signedIn.body)).not.toContain(device);
  });

  it('survives sign-out, prefills the sign-in, and is replaced at each use', async () => {
    const acc = await createAccount(t);
    const { b, token } = await rememberIn(acc.loginName);
    expect((await logout(token)).json()).toMatchObject({ errCode: 0 });
    expect((await b.remembered()).body).toMatchObject({ errCode: 0, data: { loginName: acc.loginName } });
    const first = b.device;
    expect((await b.byRemember(acc.loginName)).body.errCode).toBe(0);
    expect(b.device).not.toBe(first);
    // The replaced value is worth nothing (a copy taken earlier cannot sign in).
    const thief = browser(t);
    expect((await thief.remembered()).body.data).toEqual({ loginName: null });
    expect((await b.byRemember(acc.loginName)).body.errCode).toBe(0);
  });

  it('signs in only as the account it was remembered for, and not from another browser', async () => {
    const acc = await createAccount(t);
    const other = await createAccount(t);
    const { b } = await rememberIn(acc.loginName);
    expect((await b.byRemember(other.loginName)).body.errCode).toBe(400223);
    expect((await browser(t).byRemember(acc.loginName)).body.errCode).toBe(400223);
    const rows = await t.database.db
      .selectFrom('loginLog')
      .where('loginName', '=', other.loginName)
      .select('reason')
      .execute();
    expect(rows).toEqual([{ reason: '记住的登录已失效' }]);
  });

  it('signing in with 记住密码 unticked, unticking it and 不是你？ revoke it on the server at once', async () => {
    const acc = await createAccount(t);
    const { b } = await rememberIn(acc.loginName);
    expect((await b.login({ loginName: acc.loginName, password: PASSWORD, remember: false })).body.errCode).toBe(0);
    expect((await b.byRemember(acc.loginName)).body.errCode).toBe(400223);

    await b.login({ loginName: acc.loginName, password: PASSWORD, remember: true });
    expect((await b.forget(acc.loginName)).body).toMatchObject({ errCode: 0, data: null });
    expect((await b.remembered()).body.data).toEqual({ loginName: null });
    expect((await b.byRemember(acc.loginName)).body.errCode).toBe(400223);

    await b.login({ loginName: acc.loginName, password: PASSWORD, remember: true });
    expect((await b.forget()).body.errCode).toBe(0);
    expect((await b.byRemember(acc.loginName)).body.errCode).toBe(400223);
  });

  it('sweeps expired device rows now and then, as clients without cookies leave one per sign-in', async () => {
    const acc = await createAccount(t);
    const { b } = await rememberIn(acc.loginName);
    await t.database.db
      .updateTable('signInDevice')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where('adminId', '=', acc.adminId)
      .execute();
    expect((await b.byRemember(acc.loginName)).body.errCode).toBe(400223);
    const random = vi.spyOn(Math, 'random').mockReturnValue(0);
    try {
      expect((await browser(t).login({ loginName: acc.loginName, password: PASSWORD })).body.errCode).toBe(0);
    } finally {
      random.mockRestore();
    }
    const rows = await t.database.db
      .selectFrom('signInDevice')
      .where('adminId', '=', acc.adminId)
      .select('expiresAt')
      .execute();
    expect(rows).toHaveLength(1);
    expect(Date.parse(rows[0]?.expiresAt ?? '')).toBeGreaterThan(Date.now());
  });

  it('a password change, force logout, disabling the account and freezing the provider revoke it', async () => {
    const admin = await createTestOperator(t, {
      adminType: 0,
      permissions: ['session.page', 'session.forceLogout', 'saasAdmin.updateOpen', 'saasAdmin.page', 'agent.freeze'],
    });

    const changer = await createAccount(t);
    const c = await rememberIn(changer.loginName);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/adminLogin/changePassword',
      headers: { token: c.token },
      payload: { oldPassword: PASSWORD, newPassword: 'NewPass2026' },
    });
    expect(changed.json()).toMatchObject({ errCode: 0 });
    expect((await c.b.byRemember(changer.loginName)).body.errCode).toBe(400223);

    const forced = await createAccount(t);
    const f = await rememberIn(forced.loginName);
    const session = await t.database.db
      .selectFrom('session')
      .where('adminId', '=', forced.adminId)
      .where('deviceId', 'is not', null)
      .where('revokedAt', 'is', null)
      .select('id')
      .executeTakeFirstOrThrow();
    expect((await callApi(t, admin, 'POST', `/session/forceLogout?id=${session.id}`)).errCode).toBe(0);
    expect((await f.b.byRemember(forced.loginName)).body.errCode).toBe(400223);

    const disabled = await createAccount(t);
    const d = await rememberIn(disabled.loginName);
    expect((await callApi(t, admin, 'POST', `/saasAdmin/updateOpen?id=${disabled.adminId}&open=0`)).errCode).toBe(0);
    await t.database.db.updateTable('admin').set({ open: 1 }).where('id', '=', disabled.adminId).execute();
    expect((await d.b.byRemember(disabled.loginName)).body.errCode).toBe(400223);

    const operator = await createAccount(t, { adminType: 1, permissions: ['store.page'] });
    const o = await rememberIn(operator.loginName);
    expect((await callApi(t, admin, 'POST', `/agent/freeze?id=${operator.agentId}&freeze=1`)).errCode).toBe(0);
    await t.database.db.updateTable('agent').set({ status: 1 }).where('id', '=', operator.agentId).execute();
    expect((await o.b.byRemember(operator.loginName)).body.errCode).toBe(400223);
  });
});
