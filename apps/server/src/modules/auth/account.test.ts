import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../../test/test-app.js';
import { anyString, browser, createAccount, freshIp, login, PASSWORD } from './test-kit.js';

interface LoginData {
  token: string;
}

describe('password change and profile', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_RATE_PER_MINUTE: '10000', AUTH_CAPTCHA_AFTER: '100' });
  });
  afterAll(async () => {
    await t.close();
  });

  const signIn = async (loginName: string, password = PASSWORD) => {
    const { body } = await login(t, { loginName, password }, freshIp());
    expect(body.errCode).toBe(0);
    return body.data as unknown as LoginData;
  };
  // Every answer of these endpoints, success or failure, is checked for stored secrets.
  const clean = async (pending: Promise<LightMyRequestResponse>) => {
    const res = await pending;
    expect(res.body).not.toMatch(/passwordHash|tokenHash|answerHash|\$argon2/);
    return res;
  };
  const info = (token: string) =>
    clean(t.app.inject({ method: 'GET', url: '/api/adminLogin/info', headers: { token } }));
  const post = (url: string, token: string, payload?: object) =>
    clean(t.app.inject({ method: 'POST', url, headers: { token }, ...(payload ? { payload } : {}) }));

  it('changePassword checks the old password and policy, then signs out every other session and remembered sign-in', async () => {
    const acc = await createAccount(t);
    await t.database.db.updateTable('admin').set({ changePsw: 1 }).where('id', '=', acc.adminId).execute();
    const mine = await signIn(acc.loginName);
    const elsewhere = browser(t);
    const other = (await elsewhere.login({ loginName: acc.loginName, password: PASSWORD, remember: true })).body
      .data as unknown as LoginData;

    const wrongOld = await post('/api/adminLogin/changePassword', mine.token, {
      oldPassword: 'Nope1234',
      newPassword: 'NewPass2026',
    });
    expect(wrongOld.json()).toMatchObject({ errCode: 400222, fieldErrors: { oldPassword: '原密码错误' } });
    const weak = await post('/api/adminLogin/changePassword', mine.token, {
      oldPassword: PASSWORD,
      newPassword: 'short',
    });
    expect(weak.json()).toMatchObject({ errCode: 400100, fieldErrors: { newPassword: anyString } });

    const ok = await post('/api/adminLogin/changePassword', mine.token, {
      oldPassword: PASSWORD,
      newPassword: 'NewPass2026',
    });
    expect(ok.json()).toMatchObject({ errCode: 0 });
    expect((await info(mine.token)).json()).toMatchObject({ errCode: 0, data: { changePsw: 0 } });
    expect((await info(other.token)).json()).toMatchObject({ errCode: 5000 });
    expect((await elsewhere.byRemember(acc.loginName)).body).toMatchObject({ errCode: 400223 });
    expect((await login(t, { loginName: acc.loginName, password: PASSWORD }, freshIp())).body.errCode).toBe(400201);
    await signIn(acc.loginName, 'NewPass2026');

    // The operation log has the change and no password in it.
    const logs = await t.database.db
      .selectFrom('operationLog')
      .where('operatorId', '=', acc.adminId)
      .where('path', '=', '/api/adminLogin/changePassword')
      .selectAll()
      .execute();
    expect(logs.map((l) => l.result).sort()).toEqual([0, 1]);
    expect(JSON.stringify(logs)).not.toMatch(/NewPass2026|Nope1234|Secret123/);
  });

  it('updateProfile changes the own profile and records the changed fields', async () => {
    const acc = await createAccount(t);
    const s = await signIn(acc.loginName);
    const res = await post('/api/adminLogin/updateProfile', s.token, {
      name: ' 王建国 ',
      headImg: 'cdn.example.com/a.png',
      phone: '13812345678',
      email: 'wjg@example.com',
    });
    expect(res.json()).toMatchObject({
      errCode: 0,
      data: { name: '王建国', headImg: 'cdn.example.com/a.png', phone: '13812345678', email: 'wjg@example.com' },
    });
    expect((await info(s.token)).json()).toMatchObject({ data: { name: '王建国', phone: '13812345678' } });
    const bad = await post('/api/adminLogin/updateProfile', s.token, { name: '王建国', headImg: '', phone: '123' });
    expect(bad.json()).toMatchObject({ errCode: 400100, fieldErrors: { phone: anyString } });
    const log = await t.database.db
      .selectFrom('operationLog')
      .where('operatorId', '=', acc.adminId)
      .where('path', '=', '/api/adminLogin/updateProfile')
      .where('result', '=', 1)
      .select('changes')
      .executeTakeFirstOrThrow();
    expect((JSON.parse(log.changes) as { field: string }[]).map((c) => c.field).sort()).toEqual([
      'email',
      'headImg',
      'name',
      'phone',
    ]);
  });
});
