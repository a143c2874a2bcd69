import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type TestApp, createTestApp } from '../../../test/test-app.js';
import { hashWorkers } from '../../credentials/hash-workers.js';
import { directAgentId } from '../../http/direct-run.js';
import { anyString, createAccount, freshIp, knownCaptcha, login, PASSWORD } from './test-kit.js';

// Password checks run on the hashing workers; counting their verify calls proves a hash was checked.
const verifySpy = vi.spyOn(hashWorkers, 'verify');

const SECRET_FIELDS = /passwordHash|tokenHash|answerHash|password_hash|token_hash|answer_hash/;

describe('sign-in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_RATE_PER_MINUTE: '10000', AUTH_CAPTCHA_AFTER: '2', AUTH_LOCK_AFTER: '50' });
  });
  afterAll(async () => {
    await t.close();
    verifySpy.mockRestore(); // the server project's files share modules (isolate: false)
  });

  const logRows = (loginName: string) =>
    t.database.db.selectFrom('loginLog').where('loginName', '=', loginName).selectAll().orderBy('id').execute();

  it('signs in with a trimmed login name and answers the spec shape, recording the sign-in', async () => {
    // The reserved direct-run provider (migration 0155; there is only ever one).
    const direct = await directAgentId(t.database.db);
    const acc = await createAccount(t, { adminType: 1, agentId: direct, permissions: ['storeManagement'] });
    const ip = freshIp();
    const { res, body } = await login(t, { loginName: `  ${acc.loginName}  `, password: PASSWORD }, ip);
    expect(res.statusCode).toBe(200);
    expect(body.errCode).toBe(0);
    expect(body.data).toEqual({
      token: anyString,
      changePsw: 0,
      adminType: 1,
      userInfo: {
        id: String(acc.adminId),
        name: anyString,
        loginName: acc.loginName,
        agentId: String(direct),
        headImg: '',
      },
      agentAdminDirect: 1,
    });
    expect(res.body).not.toMatch(SECRET_FIELDS);
    const admin = await t.database.db
      .selectFrom('admin')
      .where('id', '=', acc.adminId)
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(admin.lastLoginIp).toBe(ip);
    expect(admin.lastLoginAt).not.toBeNull();
    const rows = await logRows(acc.loginName);
    expect(rows.map((r) => [r.result, r.reason, r.ip, r.userAgent])).toEqual([[1, '登录成功', ip, 'vitest-browser']]);

    const token = (body.data as { token: string }).token;
    const info = await t.app.inject({ method: 'GET', url: '/api/adminLogin/info', headers: { 'x-token': token } });
    const agent = await t.database.db
      .selectFrom('agent')
      .where('id', '=', direct)
      .select('name')
      .executeTakeFirstOrThrow();
    expect(info.json()).toMatchObject({
      errCode: 0,
      data: { id: String(acc.adminId), agentAdminDirect: 1, agentName: agent.name, lastLoginAt: admin.lastLoginAt },
    });
    expect(info.body).not.toMatch(SECRET_FIELDS);
  });

  it('answers an unknown name exactly like a wrong password, and checks a password hash for both', async () => {
    const acc = await createAccount(t);
    const wrong = await login(t, { loginName: acc.loginName, password: 'Wrong1234' }, freshIp());
    const unknown = await login(t, { loginName: `nobody_${Date.now()}`, password: 'Wrong1234' }, freshIp());
    expect(wrong.res.statusCode).toBe(unknown.res.statusCode);
    expect(wrong.body).toEqual({ ...unknown.body, requestId: wrong.body.requestId });
    expect(wrong.body).toMatchObject({ errCode: 400201, errMsg: '账号或密码错误', data: null });

    // An unknown name must still pay for one password hash, as a wrong password does.
    const verifyCalls = async (loginName: string) => {
      verifySpy.mockClear();
      await login(t, { loginName, password: 'Wrong1234' }, freshIp());
      return verifySpy.mock.calls.length;
    };
    expect(await verifyCalls(acc.loginName)).toBe(1);
    expect(await verifyCalls(`ghost_${Date.now()}`)).toBe(1);
  });

  it('requires a captcha from the (account, address) pair after its failures, not from other addresses', async () => {
    const acc = await createAccount(t);
    const ip = freshIp();
    for (let i = 0; i < 2; i += 1) {
      expect((await login(t, { loginName: acc.loginName, password: 'Wrong1234' }, ip)).body.errCode).toBe(400201);
    }
    const missing = await login(t, { loginName: acc.loginName, password: PASSWORD }, ip);
    expect(missing.body).toMatchObject({ errCode: 400217, errMsg: '请输入图形验证码' });
    // The owner at another address is not asked: two guesses are far from the account-wide limit.
    expect((await login(t, { loginName: acc.loginName, password: PASSWORD }, freshIp())).body.errCode).toBe(0);
    const ok = await login(
      t,
      { loginName: acc.loginName, password: PASSWORD, ...(await knownCaptcha(t, 'Ab3D', ip)) },
      ip,
    );
    expect(ok.body.errCode).toBe(0);
    // A successful sign-in resets the pair's counter: no captcha next time.
    expect((await login(t, { loginName: acc.loginName, password: PASSWORD }, ip)).body.errCode).toBe(0);
    const reasons = (await logRows(acc.loginName)).map((r) => r.reason);
    expect(reasons).toEqual(['密码错误', '密码错误', '缺少图形验证码', '登录成功', '登录成功', '登录成功']);
  });

  it('does not make a whole address solve captchas for the failures of other accounts (one office behind NAT)', async () => {
    const acc = await createAccount(t);
    const ip = freshIp();
    await login(t, { loginName: `x_${Date.now()}`, password: 'Wrong1234' }, ip);
    await login(t, { loginName: `y_${Date.now()}`, password: 'Wrong1234' }, ip);
    await login(t, { loginName: `y_${Date.now()}`, password: 'Wrong1234' }, ip);
    expect((await login(t, { loginName: acc.loginName, password: PASSWORD }, ip)).body.errCode).toBe(0);
  });

  it('refuses a wrong, an expired and a reused captcha with 400217; a wrong one says so beside the field', async () => {
    const acc = await createAccount(t);
    const ip = freshIp();
    const owe = async () => {
      await login(t, { loginName: acc.loginName, password: 'Wrong1234' }, ip);
      await login(t, { loginName: acc.loginName, password: 'Wrong1234' }, ip);
    };
    await owe();
    const attempt = (captcha: { captchaId: string; code: string }) =>
      login(t, { loginName: acc.loginName, password: PASSWORD, ...captcha }, ip);

    const wrong = await attempt({ ...(await knownCaptcha(t, 'good', ip)), code: 'bad1' });
    expect(wrong.body).toMatchObject({ errCode: 400217, errMsg: '验证码错误', fieldErrors: { code: '验证码错误' } });

    const expired = await knownCaptcha(t, 'good', ip);
    await t.database.db
      .updateTable('captcha')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', expired.captchaId)
      .execute();
    expect((await attempt(expired)).body.errCode).toBe(400217);

    const once = await knownCaptcha(t, 'good', ip);
    expect((await attempt({ ...once, code: 'GOOD' })).body.errCode).toBe(0);
    await owe();
    expect((await attempt(once)).body.errCode).toBe(400217);
    expect((await attempt({ captchaId: 'no-such-captcha', code: 'good' })).body.errCode).toBe(400217);
    // A missing code is not a wrong one: no field message, only the quiet 400217.
    expect((await login(t, { loginName: acc.loginName, password: PASSWORD }, ip)).body.fieldErrors).toBeUndefined();
  });

  it('refuses a disabled account (400219) and an account without permissions (400220), opening no session', async () => {
    const disabled = await createAccount(t);
    await t.database.db.updateTable('admin').set({ open: 0 }).where('id', '=', disabled.adminId).execute();
    const d = await login(t, { loginName: disabled.loginName, password: PASSWORD }, freshIp());
    expect(d.res.statusCode).toBe(403);
    expect(d.body).toMatchObject({ errCode: 400219, data: null });

    const bare = await createAccount(t, { permissions: [] });
    const b = await login(t, { loginName: bare.loginName, password: PASSWORD }, freshIp());
    expect(b.body).toMatchObject({ errCode: 400220, errMsg: '该账号没有权限', data: null });

    const sessions = await t.database.db
      .selectFrom('session')
      .where('adminId', 'in', [disabled.adminId, bare.adminId])
      .select('id')
      .execute();
    // createAccount opened one session each through the test helper; sign-in added none.
    expect(sessions).toHaveLength(2);
    expect((await logRows(bare.loginName)).map((r) => r.reason)).toEqual(['账号没有权限']);
    expect((await logRows(disabled.loginName)).map((r) => r.reason)).toEqual(['账号已停用']);
  });

  it('reads the token from the token and X-Token headers only, never from the SaaS-Token cookie', async () => {
    const acc = await createAccount(t);
    const { body } = await login(t, { loginName: acc.loginName, password: PASSWORD }, freshIp());
    const token = (body.data as { token: string }).token;
    const info = (headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: '/api/adminLogin/info', headers });
    const cookieOnly = await info({ cookie: `SaaS-Token=${token}` });
    expect(cookieOnly.statusCode).toBe(401);
    expect(cookieOnly.json()).toMatchObject({ errCode: 5000 });
    expect((await info({ token })).json()).toMatchObject({ errCode: 0 });
    expect((await info({ 'X-Token': token })).json()).toMatchObject({ errCode: 0 });
  });

  it('enforces the IP restrictions for the account kind they apply to', async () => {
    const platform = await createAccount(t);
    const provider = await createAccount(t, { adminType: 1, permissions: ['storeManagement'] });
    const now = new Date().toISOString();
    const rule = (ruleType: number, address: string, appliesTo: number) => ({
      ruleType,
      address,
      appliesTo,
      status: 1,
      remark: '',
      createdAt: now,
      updatedAt: now,
    });
    await t.database.db
      .insertInto('ipRestriction')
      .values(rule(2, '10.250.0.0/16', 1))
      .execute();
    try {
      const denied = await login(t, { loginName: platform.loginName, password: PASSWORD }, '10.250.3.4');
      expect(denied.res.statusCode).toBe(403);
      expect(denied.body).toMatchObject({ errCode: 400221, data: null });
      expect((await logRows(platform.loginName)).map((r) => r.reason)).toEqual(['网络地址不允许登录']);
      // A platform-only rule leaves provider accounts alone.
      expect((await login(t, { loginName: provider.loginName, password: PASSWORD }, '10.250.3.4')).body.errCode).toBe(
        0,
      );

      // A whitelist for every account: only listed addresses may sign in.
      await t.database.db
        .insertInto('ipRestriction')
        .values(rule(1, '192.168.8.0/24', 0))
        .execute();
      expect((await login(t, { loginName: provider.loginName, password: PASSWORD }, freshIp())).body.errCode).toBe(
        400221,
      );
      expect((await login(t, { loginName: provider.loginName, password: PASSWORD }, '192.168.8.20')).body.errCode).toBe(
        0,
      );
    } finally {
      await t.database.db.deleteFrom('ipRestriction').execute();
    }
  });

  it('validates the body with field errors', async () => {
    const { res, body } = await login(t, { loginName: '   ', password: '' }, freshIp());
    expect(res.statusCode).toBe(400);
    expect(body.errCode).toBe(400100);
    expect(Object.keys(body.fieldErrors ?? {})).toEqual(expect.arrayContaining(['loginName', 'password']));
  });
});
