import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../../test/test-app.js';
import { codeAt, enrol, nextWindow, requireByRole } from '../second-factor/test-kit.js';
import { PASSWORD, browser, createAccount } from './test-kit.js';

const STEP = '/api/log/adminLogin/secondFactor';

describe('sign-in with a second factor', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      LOGIN_RATE_PER_MINUTE: '10000',
      AUTH_CAPTCHA_AFTER: '100',
      AUTH_ACCOUNT_CAPTCHA_AFTER: '1000',
      AUTH_LOCK_AFTER: '3',
      AUTH_LOCK_MINUTES: '30',
      REMEMBER_DAYS: '14',
    });
  });
  afterAll(async () => {
    await t.close();
  });

  /** A browser with the second step beside the sign-in (the step answers a new device cookie too). */
  function client() {
    const b = browser(t);
    return Object.assign(b, { step: async (url: string, payload: object) => (await b.post(url, payload)).res });
  }
  const challengeOf = (body: { data: Record<string, unknown> | null }) => String(body.data?.challenge);

  it('asks for the code after a correct password; a wrong code, a spent challenge and a replayed code are refused', async () => {
    const acc = await createAccount(t);
    const { secret } = await enrol(t, acc);
    const b = client();
    const first = await b.login({ loginName: acc.loginName, password: PASSWORD });
    expect(first.body).toMatchObject({ errCode: 400225, data: { challenge: expect.any(String) as unknown } });
    expect(JSON.stringify(first.body)).not.toContain('token');
    const challenge = challengeOf(first.body);

    const wrong = (await b.step(STEP, { challenge, code: '000000' })).json<{ errCode: number }>();
    expect(wrong.errCode).toBe(400227);
    const code = await codeAt(secret);
    const ok = (await b.step(STEP, { challenge, code })).json<{ errCode: number; data: { token: string } }>();
    expect(ok.errCode).toBe(0);
    expect(ok.data.token).toHaveLength(43);
    expect((await b.step(STEP, { challenge, code })).json<{ errCode: number }>().errCode).toBe(400228);

    // The same code in a new sign-in, still in its window: refused.
    const again = await b.login({ loginName: acc.loginName, password: PASSWORD });
    const replay = (await b.step(STEP, { challenge: challengeOf(again.body), code })).json<{ errCode: number }>();
    expect(replay.errCode).toBe(400227);
    const reasons = await t.database.db
      .selectFrom('loginLog')
      .where('adminId', '=', acc.adminId)
      .select('reason')
      .orderBy('id')
      .execute();
    expect(reasons.map((r) => r.reason)).toEqual([
      '密码正确，待两步验证',
      '两步验证码错误',
      '两步验证登录成功',
      '密码正确，待两步验证',
      '两步验证码错误',
    ]);
  });

  it('takes a recovery code instead, once only', async () => {
    const acc = await createAccount(t);
    const { recoveryCodes } = await enrol(t, acc);
    const b = client();
    const signIn = async (code: string) => {
      const first = await b.login({ loginName: acc.loginName, password: PASSWORD });
      return (await b.step(STEP, { challenge: challengeOf(first.body), code })).json<{ errCode: number }>().errCode;
    };
    expect(await signIn(recoveryCodes[3] ?? '')).toBe(0);
    expect(await signIn(recoveryCodes[3] ?? '')).toBe(400227);
    expect(await signIn(recoveryCodes[4] ?? '')).toBe(0);
  });

  it('counts wrong codes toward the lock of the pair, like wrong passwords', async () => {
    const acc = await createAccount(t);
    const { secret } = await enrol(t, acc);
    const b = client();
    const first = await b.login({ loginName: acc.loginName, password: PASSWORD });
    const challenge = challengeOf(first.body);
    const wrong = () => b.step(STEP, { challenge, code: '111111' }).then((r) => r.json<{ errCode: number }>().errCode);
    expect(await wrong()).toBe(400227);
    // A wrong password in between counts in the same row.
    expect((await b.login({ loginName: acc.loginName, password: 'Wrong1234' })).body.errCode).toBe(400201);
    expect(await wrong()).toBe(400218);
    // Locked: neither the password nor the right code gets in from there.
    expect((await b.login({ loginName: acc.loginName, password: PASSWORD })).body.errCode).toBe(400218);
    // The lock ended the challenge with it: the right code has nothing left to finish.
    const right = await b.step(STEP, { challenge, code: await codeAt(secret) });
    expect(right.json<{ errCode: number }>().errCode).toBe(400228);
  });

  it('sends an account under a requiring role to enrol right after its password, then always asks', async () => {
    const acc = await createAccount(t);
    await requireByRole(t, acc.adminId);
    const b = client();
    const first = await b.login({ loginName: acc.loginName, password: PASSWORD, remember: true });
    expect(first.body.errCode).toBe(400226);
    const challenge = challengeOf(first.body);
    // The enrolment challenge is no code challenge.
    expect((await b.step(STEP, { challenge, code: '000000' })).json<{ errCode: number }>().errCode).toBe(400228);
    const setup = (await b.step(`${STEP}/enrolStart`, { challenge })).json<{ data: { secret: string } }>();
    const done = (await b.step(`${STEP}/enrolConfirm`, { challenge, code: await codeAt(setup.data.secret) })).json<{
      errCode: number;
      data: { token: string; recoveryCodes: string[] };
    }>();
    expect(done.errCode).toBe(0);
    expect(done.data.recoveryCodes).toHaveLength(10);
    expect(done.data.token).toHaveLength(43);

    // 记住密码 was ticked and the factor just passed, yet the role asks on every sign-in.
    expect((await b.byRemember(acc.loginName)).body.errCode).toBe(400225);
    expect((await b.login({ loginName: acc.loginName, password: PASSWORD })).body.errCode).toBe(400225);
  });

  it('lets 记住密码 skip the code for REMEMBER_DAYS after the factor passed in that browser, not longer', async () => {
    const acc = await createAccount(t);
    const { secret } = await enrol(t, acc);
    const b = client();
    const first = await b.login({ loginName: acc.loginName, password: PASSWORD, remember: true });
    const ok = await b.step(STEP, { challenge: challengeOf(first.body), code: await codeAt(secret) });
    expect(ok.json<{ errCode: number }>().errCode).toBe(0);
    expect((await b.byRemember(acc.loginName)).body.errCode).toBe(0);

    // Another browser without the proof is asked.
    const other = client();
    expect((await other.login({ loginName: acc.loginName, password: PASSWORD })).body.errCode).toBe(400225);

    // Fifteen days after the factor passed, the remembered browser is asked again.
    await t.database.db
      .updateTable('signInDevice')
      .set({ secondFactorAt: new Date(Date.now() - 15 * 86_400_000).toISOString() })
      .where('adminId', '=', acc.adminId)
      .execute();
    const stale = await b.byRemember(acc.loginName);
    expect(stale.body.errCode).toBe(400225);
    await nextWindow(t, acc.adminId);
    const renewed = await b.step(STEP, { challenge: challengeOf(stale.body), code: await codeAt(secret) });
    expect(renewed.json<{ errCode: number }>().errCode).toBe(0);
    expect((await b.byRemember(acc.loginName)).body.errCode).toBe(0);
  });
});
