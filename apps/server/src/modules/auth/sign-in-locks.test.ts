import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestOperator } from '../../../test/operators.js';
import { callApi } from '../../../test/ops-helpers.js';
import { type TestApp, createTestApp } from '../../../test/test-app.js';
import { PASSWORD, browser, createAccount, freshIp, knownCaptcha, login } from './test-kit.js';

describe('account-wide captcha and 登录锁定 for administrators', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      LOGIN_RATE_PER_MINUTE: '10000',
      AUTH_CAPTCHA_AFTER: '100',
      AUTH_ACCOUNT_CAPTCHA_AFTER: '4',
      AUTH_LOCK_AFTER: '2',
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('asks every unknown browser for a captcha once the account has many failures an hour, never a known one', async () => {
    const acc = await createAccount(t);
    const mine = browser(t);
    expect((await mine.login({ loginName: acc.loginName, password: PASSWORD })).body.errCode).toBe(0);
    for (let i = 0; i < 3; i += 1) await login(t, { loginName: acc.loginName, password: 'Wrong1234' }, freshIp());
    expect((await login(t, { loginName: acc.loginName, password: PASSWORD }, freshIp())).body.errCode).toBe(0);
    await login(t, { loginName: acc.loginName, password: 'Wrong1234' }, freshIp());

    const ip = freshIp();
    expect((await login(t, { loginName: acc.loginName, password: PASSWORD }, ip)).body.errCode).toBe(400217);
    const solved = await login(
      t,
      { loginName: acc.loginName, password: PASSWORD, ...(await knownCaptcha(t, 'k4m2', ip)) },
      ip,
    );
    expect(solved.body.errCode).toBe(0);
    // The browser that signed in before is not asked; nor is an unknown name's count shared with it.
    expect((await mine.login({ loginName: acc.loginName, password: PASSWORD })).body.errCode).toBe(0);
    // Failures an hour old no longer count.
    await t.database.db
      .updateTable('loginLog')
      .set({ at: new Date(Date.now() - 3_700_000).toISOString() })
      .where('loginName', '=', acc.loginName)
      .execute();
    expect((await login(t, { loginName: acc.loginName, password: PASSWORD }, freshIp())).body.errCode).toBe(0);
  });

  it('lists the locked pairs to a platform administrator, who may lift one, recorded in the operation log', async () => {
    const admin = await createTestOperator(t, { adminType: 0, permissions: ['signInLock.page', 'signInLock.unlock'] });
    const reader = await createTestOperator(t, { adminType: 0, permissions: ['signInLock.page'] });
    const acc = await createAccount(t);
    const ip = freshIp();
    for (let i = 0; i < 2; i += 1) await login(t, { loginName: acc.loginName, password: 'Wrong1234' }, ip);
    // A pair with one failure is not locked and not listed.
    await login(t, { loginName: acc.loginName, password: 'Wrong1234' }, freshIp());

    const page = await callApi<{ list: Array<Record<string, unknown>> }>(t, admin, 'POST', '/signInLock/page', {
      offset: 1,
      size: 20,
      loginName: acc.loginName,
    });
    expect(page.errCode).toBe(0);
    expect(page.data.list).toEqual([
      {
        id: expect.any(String) as unknown,
        loginName: acc.loginName,
        sourceKind: 1,
        ip,
        failures: 2,
        lastFailureAt: expect.any(String) as unknown,
        lockedUntil: expect.any(String) as unknown,
      },
    ]);
    const id = String(page.data.list[0]?.id);

    expect((await callApi(t, reader, 'POST', `/signInLock/unlock?id=${id}`)).errCode).toBe(403001);
    expect((await callApi(t, null, 'POST', `/signInLock/unlock?id=${id}`)).errCode).toBe(5000);
    expect((await login(t, { loginName: acc.loginName, password: PASSWORD }, ip)).body.errCode).toBe(400218);

    expect((await callApi(t, admin, 'POST', `/signInLock/unlock?id=${id}`)).errCode).toBe(0);
    expect((await callApi(t, admin, 'POST', `/signInLock/unlock?id=${id}`)).errCode).toBe(404001);
    expect((await login(t, { loginName: acc.loginName, password: PASSWORD }, ip)).body.errCode).toBe(0);
    const log = await t.database.db
      .selectFrom('operationLog')
      .where('operatorId', '=', admin.adminId)
      .where('path', '=', '/api/signInLock/unlock')
      .select(['result', 'targetId', 'action'])
      .orderBy('id')
      .execute();
    expect(log).toEqual([
      { result: 1, targetId: id, action: '解除登录锁定' },
      { result: 0, targetId: id, action: '解除登录锁定' },
    ]);
  });

  it('shows browser and system beside the full user agent in 在线会话 and 登录日志', async () => {
    const admin = await createTestOperator(t, { adminType: 0, permissions: ['session.page', 'loginLog.page'] });
    const acc = await createAccount(t);
    const ua =
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
    const b = browser(t, freshIp(), ua);
    await b.login({ loginName: acc.loginName, password: PASSWORD });
    const sessions = await callApi<{ list: Array<Record<string, unknown>> }>(t, admin, 'POST', '/session/page', {
      offset: 1,
      size: 10,
      loginName: acc.loginName,
    });
    expect(sessions.data.list).toContainEqual(
      expect.objectContaining({ client: 'Chrome 156 · Windows', userAgent: ua }),
    );
    const logs = await callApi<{ list: Array<Record<string, unknown>> }>(t, admin, 'POST', '/loginLog/page', {
      offset: 1,
      size: 10,
      loginName: acc.loginName,
    });
    expect(logs.data.list).toMatchObject([{ client: 'Chrome 156 · Windows', userAgent: ua }]);
  });

  it('keeps one session per browser and account: signing in again replaces the earlier one', async () => {
    const acc = await createAccount(t);
    const b = browser(t);
    const first = await b.login({ loginName: acc.loginName, password: PASSWORD });
    const second = await b.login({ loginName: acc.loginName, password: PASSWORD });
    const other = await browser(t).login({ loginName: acc.loginName, password: PASSWORD });
    const live = await t.database.db
      .selectFrom('session')
      .where('adminId', '=', acc.adminId)
      .where('deviceId', 'is not', null)
      .where('revokedAt', 'is', null)
      .select('id')
      .execute();
    expect(live).toHaveLength(2);
    const info = (body: typeof first.body) =>
      t.app.inject({ method: 'GET', url: '/api/adminLogin/info', headers: { token: String(body.data?.token) } });
    expect((await info(first.body)).json()).toMatchObject({ errCode: 5000 });
    expect((await info(second.body)).json()).toMatchObject({ errCode: 0 });
    expect((await info(other.body)).json()).toMatchObject({ errCode: 0 });
  });
});
