import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../../test/test-app.js';
import { PASSWORD, createAccount, freshIp, knownCaptcha, login } from './test-kit.js';

describe('lockout and captcha images', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Captcha out of the way (100 failures) so these tests see the lock alone.
    t = await createTestApp({
      LOGIN_RATE_PER_MINUTE: '10000',
      AUTH_CAPTCHA_AFTER: '100',
      AUTH_LOCK_AFTER: '3',
      AUTH_LOCK_MINUTES: '15',
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('locks an account after N wrong passwords, for the configured minutes, even for the right password', async () => {
    const acc = await createAccount(t);
    const wrong = () => login(t, { loginName: acc.loginName, password: 'Wrong1234' }, freshIp());
    expect((await wrong()).body.errCode).toBe(400201);
    expect((await wrong()).body.errCode).toBe(400201);
    const third = await wrong();
    expect(third.res.statusCode).toBe(403);
    expect(third.body).toMatchObject({ errCode: 400218, data: null });
    expect(third.body.errMsg).toContain('15 分钟');

    const right = await login(t, { loginName: acc.loginName, password: PASSWORD }, freshIp());
    expect(right.body.errCode).toBe(400218);
    const admin = await t.database.db
      .selectFrom('admin')
      .where('id', '=', acc.adminId)
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(Date.parse(admin.lockedUntil ?? '')).toBeGreaterThan(Date.now() + 14 * 60_000);

    const reasons = await t.database.db
      .selectFrom('loginLog')
      .where('loginName', '=', acc.loginName)
      .select(['result', 'reason'])
      .orderBy('id')
      .execute();
    expect(reasons).toEqual([
      { result: 0, reason: '密码错误' },
      { result: 0, reason: '密码错误' },
      { result: 0, reason: '密码错误次数过多，账号已锁定' },
      { result: 0, reason: '账号锁定中' },
    ]);
  });

  it('unlocks once the lock time has passed, and a successful sign-in resets the counter', async () => {
    const acc = await createAccount(t);
    for (let i = 0; i < 3; i += 1) await login(t, { loginName: acc.loginName, password: 'Wrong1234' }, freshIp());
    await t.database.db
      .updateTable('admin')
      .set({ lockedUntil: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', acc.adminId)
      .execute();
    expect((await login(t, { loginName: acc.loginName, password: PASSWORD }, freshIp())).body.errCode).toBe(0);
    const admin = await t.database.db
      .selectFrom('admin')
      .where('id', '=', acc.adminId)
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(admin.failedCount).toBe(0);
    expect(admin.lockedUntil).toBeNull();
    // A fresh allowance of failures, not a lock at the next mistake.
    expect((await login(t, { loginName: acc.loginName, password: 'Wrong1234' }, freshIp())).body.errCode).toBe(400201);
  });

  it('counts concurrent wrong passwords exactly, so a burst cannot slip past the lock', async () => {
    const acc = await createAccount(t);
    const burst = await Promise.all(
      Array.from({ length: 5 }, () => login(t, { loginName: acc.loginName, password: 'Wrong1234' }, freshIp())),
    );
    expect(burst.map((r) => r.body.errCode).filter((c) => c === 400218).length).toBeGreaterThanOrEqual(1);
    const admin = await t.database.db
      .selectFrom('admin')
      .where('id', '=', acc.adminId)
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(admin.lockedUntil).not.toBeNull();
    expect((await login(t, { loginName: acc.loginName, password: PASSWORD }, freshIp())).body.errCode).toBe(400218);
  });

  it('holds an unknown login name to the same lock, so the answers do not reveal which names exist', async () => {
    const ghost = `ghost_${Date.now()}`;
    const codes = [];
    for (let i = 0; i < 4; i += 1) {
      codes.push((await login(t, { loginName: ghost, password: 'Wrong1234' }, freshIp())).body.errCode);
    }
    expect(codes).toEqual([400201, 400201, 400218, 400218]);
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
