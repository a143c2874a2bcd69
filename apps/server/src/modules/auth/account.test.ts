import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../../test/test-app.js';
import { anyString, createAccount, freshIp, login, PASSWORD } from './test-kit.js';

interface LoginData {
  token: string;
  rememberToken?: string;
}

describe('remember-me, logout, password change and profile', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_RATE_PER_MINUTE: '10000', AUTH_CAPTCHA_AFTER: '100' });
  });
  afterAll(async () => {
    await t.close();
  });

  const signIn = async (loginName: string, password = PASSWORD, remember = false) => {
    const { body } = await login(t, { loginName, password, remember }, freshIp());
    expect(body.errCode).toBe(0);
    return body.data as unknown as LoginData;
  };
  // Every answer of these endpoints, success or failure, is checked for stored secrets.
  const clean = async (pending: Promise<LightMyRequestResponse>) => {
    const res = await pending;
    expect(res.body).not.toMatch(/passwordHash|tokenHash|answerHash|\$argon2/);
    return res;
  };
  const byRemember = (loginName: string, rememberToken: string) =>
    clean(
      t.app.inject({
        method: 'POST',
        url: '/api/log/adminLogin/loginByRemember',
        payload: { loginName, rememberToken },
      }),
    );
  const info = (token: string) =>
    clean(t.app.inject({ method: 'GET', url: '/api/adminLogin/info', headers: { token } }));
  const post = (url: string, token: string, payload?: object) =>
    clean(t.app.inject({ method: 'POST', url, headers: { token }, ...(payload ? { payload } : {}) }));

  it('issues a remember token only when asked, and rotates it on every use', async () => {
    const acc = await createAccount(t);
    expect((await signIn(acc.loginName)).rememberToken).toBeUndefined();
    const first = await signIn(acc.loginName, PASSWORD, true);
    expect(first.rememberToken).toEqual(anyString);

    const res = await byRemember(acc.loginName, first.rememberToken ?? '');
    expect(res.json()).toMatchObject({
      errCode: 0,
      data: { token: anyString, rememberToken: anyString },
    });
    const rotated = res.json<{ data: LoginData }>().data;
    expect(rotated.rememberToken).not.toBe(first.rememberToken);
    expect((await info(rotated.token)).json()).toMatchObject({ errCode: 0 });

    // The spent token is dead; the new one works once.
    expect((await byRemember(acc.loginName, first.rememberToken ?? '')).json()).toMatchObject({ errCode: 400223 });
    expect((await byRemember(acc.loginName, rotated.rememberToken ?? '')).json()).toMatchObject({ errCode: 0 });
    const stored = await t.database.db
      .selectFrom('rememberToken')
      .where('adminId', '=', acc.adminId)
      .selectAll()
      .execute();
    expect(stored.every((r) => r.tokenHash !== first.rememberToken && r.tokenHash.length === 64)).toBe(true);
  });

  it('refuses a remember token for another login name, an expired one, or a disabled account', async () => {
    const acc = await createAccount(t);
    const other = await createAccount(t);
    const r1 = (await signIn(acc.loginName, PASSWORD, true)).rememberToken ?? '';
    expect((await byRemember(other.loginName, r1)).json()).toMatchObject({ errCode: 400223 });

    const r2 = (await signIn(acc.loginName, PASSWORD, true)).rememberToken ?? '';
    await t.database.db
      .updateTable('rememberToken')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where('adminId', '=', acc.adminId)
      .execute();
    expect((await byRemember(acc.loginName, r2)).json()).toMatchObject({ errCode: 400223 });

    const r3 = (await signIn(acc.loginName, PASSWORD, true)).rememberToken ?? '';
    await t.database.db.updateTable('admin').set({ open: 0 }).where('id', '=', acc.adminId).execute();
    expect((await byRemember(acc.loginName, r3)).json()).toMatchObject({ errCode: 400219 });
  });

  it('logout revokes the session and the remember token it is given', async () => {
    const acc = await createAccount(t);
    const s = await signIn(acc.loginName, PASSWORD, true);
    const out = await post('/api/adminLogin/logout', s.token, { rememberToken: s.rememberToken });
    expect(out.json()).toMatchObject({ errCode: 0, data: null });
    expect((await info(s.token)).json()).toMatchObject({ errCode: 5000 });
    expect((await byRemember(acc.loginName, s.rememberToken ?? '')).json()).toMatchObject({ errCode: 400223 });
    // A logout without a body works too (the console may send none).
    const s2 = await signIn(acc.loginName);
    const bare = await post('/api/adminLogin/logout', s2.token);
    expect(bare.json()).toMatchObject({ errCode: 0 });
    expect((await info(s2.token)).statusCode).toBe(401);
  });

  it('changePassword checks the old password and policy, then signs out every other session and remembered sign-in', async () => {
    const acc = await createAccount(t);
    await t.database.db.updateTable('admin').set({ changePsw: 1 }).where('id', '=', acc.adminId).execute();
    const mine = await signIn(acc.loginName);
    const other = await signIn(acc.loginName, PASSWORD, true);

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
    expect((await byRemember(acc.loginName, other.rememberToken ?? '')).json()).toMatchObject({ errCode: 400223 });
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
