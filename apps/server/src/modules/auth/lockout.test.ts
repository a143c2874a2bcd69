import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type TestApp, createTestApp } from '../../../test/test-app.js';
import { PASSWORD, browser, createAccount, freshIp, knownCaptcha, login } from './test-kit.js';

describe('lockout of an (account, address) pair, and captcha images', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Captchas out of the way so these tests see the lock alone.
    t = await createTestApp({
      LOGIN_RATE_PER_MINUTE: '10000',
      AUTH_CAPTCHA_AFTER: '100',
      AUTH_ACCOUNT_CAPTCHA_AFTER: '1000',
      AUTH_LOCK_AFTER: '3',
      AUTH_LOCK_MINUTES: '30',
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const pairRow = (loginName: string, ip: string) =>
    t.database.db
      .selectFrom('signInFailure')
      .where('loginName', '=', loginName)
      .where('source', '=', `ip:${ip}`)
      .selectAll()
      .executeTakeFirstOrThrow();
  const expire = (loginName: string) =>
    t.database.db
      .updateTable('signInFailure')
      .set({ lockedUntil: new Date(Date.now() - 1000).toISOString() })
      .where('loginName', '=', loginName)
      .execute();
  const lockMinutesOf = async (loginName: string, ip: string) =>
    Math.round((Date.parse((await pairRow(loginName, ip)).lockedUntil ?? '') - Date.now()) / 60_000);

  it('locks the pair after N wrong passwords, even for the right password, and never the account elsewhere', async () => {
    const acc = await createAccount(t);
    const ip = freshIp();
    const wrong = () => login(t, { loginName: acc.loginName, password: 'Wrong1234' }, ip);
    expect((await wrong()).body.errCode).toBe(400201);
    expect((await wrong()).body.errCode).toBe(400201);
    const third = await wrong();
    expect(third.res.statusCode).toBe(403);
    expect(third.body).toMatchObject({ errCode: 400218, errMsg: '密码错误次数过多，请 1 分钟后再试', data: null });
    expect((await login(t, { loginName: acc.loginName, password: PASSWORD }, ip)).body.errCode).toBe(400218);

    // The owner elsewhere signs in as usual: the lock is the pair's, not the account's.
    expect((await login(t, { loginName: acc.loginName, password: PASSWORD }, freshIp())).body.errCode).toBe(0);
    const admin = await t.database.db
      .selectFrom('admin')
      .where('id', '=', acc.adminId)
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(admin.lockedUntil).toBeNull();

    const reasons = await t.database.db
      .selectFrom('loginLog')
      .where('loginName', '=', acc.loginName)
      .select(['ip', 'result', 'reason'])
      .orderBy('id')
      .execute();
    expect(reasons).toEqual([
      { ip, result: 0, reason: '密码错误' },
      { ip, result: 0, reason: '密码错误' },
      { ip, result: 0, reason: '密码错误次数过多，已临时锁定' },
      { ip, result: 0, reason: '登录锁定中' },
      { ip: expect.any(String) as unknown, result: 1, reason: '登录成功' },
    ]);
  });

  it('makes each further failure wait twice as long, up to AUTH_LOCK_MINUTES; a success starts afresh', async () => {
    const acc = await createAccount(t);
    const ip = freshIp();
    const wrong = () => login(t, { loginName: acc.loginName, password: 'Wrong1234' }, ip);
    for (let i = 0; i < 3; i += 1) await wrong();
    const waits = [await lockMinutesOf(acc.loginName, ip)];
    for (let i = 0; i < 6; i += 1) {
      await expire(acc.loginName);
      expect((await wrong()).body.errCode).toBe(400218);
      waits.push(await lockMinutesOf(acc.loginName, ip));
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 30, 30]);

    await expire(acc.loginName);
    expect((await login(t, { loginName: acc.loginName, password: PASSWORD }, ip)).body.errCode).toBe(0);
    // A fresh allowance of failures, not a lock at the next mistake.
    expect((await wrong()).body.errCode).toBe(400201);
  });

  it('counts concurrent wrong passwords exactly, so a burst cannot slip past the lock', async () => {
    const acc = await createAccount(t);
    const ip = freshIp();
    const burst = await Promise.all(
      Array.from({ length: 5 }, () => login(t, { loginName: acc.loginName, password: 'Wrong1234' }, ip)),
    );
    expect(burst.map((r) => r.body.errCode).filter((c) => c === 400218).length).toBeGreaterThanOrEqual(1);
    expect((await pairRow(acc.loginName, ip)).lockedUntil).not.toBeNull();
    expect((await login(t, { loginName: acc.loginName, password: PASSWORD }, ip)).body.errCode).toBe(400218);
  });

  it('holds an unknown login name to the same lock, so the answers do not reveal which names exist', async () => {
    const ghost = `ghost_${Date.now()}`;
    const ip = freshIp();
    const codes = [];
    for (let i = 0; i < 4; i += 1) {
      codes.push((await login(t, { loginName: ghost, password: 'Wrong1234' }, ip)).body.errCode);
    }
    expect(codes).toEqual([400201, 400201, 400218, 400218]);
  });

  it('does not lock a browser that has signed in to the account before, whatever others do from its address', async () => {
    const acc = await createAccount(t);
    const office = freshIp();
    const mine = browser(t, office);
    expect((await mine.login({ loginName: acc.loginName, password: PASSWORD })).body.errCode).toBe(0);
    // Someone behind the same address (or anywhere) guesses until that pair is locked.
    for (let i = 0; i < 4; i += 1) await login(t, { loginName: acc.loginName, password: 'Wrong1234' }, office);
    expect((await login(t, { loginName: acc.loginName, password: PASSWORD }, office)).body.errCode).toBe(400218);
    expect((await mine.login({ loginName: acc.loginName, password: PASSWORD })).body.errCode).toBe(0);
    // Its own mistakes are counted on its own (and lock it alone).
    for (let i = 0; i < 3; i += 1) await mine.login({ loginName: acc.loginName, password: 'Wrong1234' });
    expect((await mine.login({ loginName: acc.loginName, password: PASSWORD })).body.errCode).toBe(400218);
    const sources = await t.database.db
      .selectFrom('signInFailure')
      .where('loginName', '=', acc.loginName)
      .select('source')
      .orderBy('id')
      .execute();
    expect(sources.map((r) => r.source.replace(/\d+/g, 'n'))).toEqual(['ip:n.n.n.n', 'device:n']);
  });

  it('forgets a pair a day after its last failure, and sweeps such pairs now and then', async () => {
    const acc = await createAccount(t);
    const ip = freshIp();
    for (let i = 0; i < 3; i += 1) await login(t, { loginName: acc.loginName, password: 'Wrong1234' }, ip);
    const dayAgo = new Date(Date.now() - 25 * 3_600_000).toISOString();
    await t.database.db
      .updateTable('signInFailure')
      .set({ lastFailureAt: dayAgo, lockedUntil: dayAgo })
      .where('loginName', '=', acc.loginName)
      .execute();
    const ghost = `swept_${Date.now()}`;
    await login(t, { loginName: ghost, password: 'Wrong1234' }, ip);
    await t.database.db
      .updateTable('signInFailure')
      .set({ lastFailureAt: dayAgo })
      .where('loginName', '=', ghost)
      .execute();
    // The forgotten pair starts again at one failure, not at a 4th that would lock it.
    expect((await login(t, { loginName: acc.loginName, password: 'Wrong1234' }, ip)).body.errCode).toBe(400201);
    expect((await pairRow(acc.loginName, ip)).failures).toBe(1);
    const random = vi.spyOn(Math, 'random').mockReturnValue(0);
    try {
      await login(t, { loginName: `fresh_${Date.now()}`, password: 'Wrong1234' }, ip);
    } finally {
      random.mockRestore();
    }
    const left = await t.database.db.selectFrom('signInFailure').where('loginName', '=', ghost).select('id').execute();
    expect(left).toEqual([]);
  });

  it('serves a single-use svg captcha and keeps only a hash of its answer', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/captcha' });
    expect(res.statusCode).toBe(200);
    const { data } = res.json<{ data: { captchaId: string; image: string } }>();
    expect(Object.keys(data).sort()).toEqual(['captchaId', 'image']);
    expect(data.image.startsWith('data:image/svg+xml;base64,')).toBe(true);
    expect(Buffer.from(data.image.split(',')[1] ?? '', 'base64').toString()).toMatch(/^<svg/);
    const row = await t.database.db
      .selectFrom('captcha')
      .where('id', '=', data.captchaId)
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(row.answerHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.usedAt).toBeNull();
    const ttl = Date.parse(row.expiresAt) - Date.now();
    expect(ttl).toBeGreaterThan(4 * 60_000);
    expect(ttl).toBeLessThanOrEqual(5 * 60_000);
  });
});

describe('captcha on every sign-in (AUTH_CAPTCHA_AFTER=0)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_RATE_PER_MINUTE: '10000', AUTH_CAPTCHA_AFTER: '0' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('asks for a captcha even on the first attempt', async () => {
    const acc = await createAccount(t);
    const ip = freshIp();
    expect((await login(t, { loginName: acc.loginName, password: PASSWORD }, ip)).body.errCode).toBe(400217);
    const ok = await login(
      t,
      { loginName: acc.loginName, password: PASSWORD, ...(await knownCaptcha(t, 'q7k2', ip)) },
      ip,
    );
    expect(ok.body.errCode).toBe(0);
  });
});
