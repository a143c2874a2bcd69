import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { type OpenDatabase, openDatabase } from '../../db/open.js';
import { type TestApp, createTestApp } from '../../../test/test-app.js';
import { freshIp, login } from './test-kit.js';

const tries = (t: TestApp, ip: string, n: number) =>
  Promise.all(Array.from({ length: n }, () => login(t, { loginName: 'nobody', password: 'Wrong1234' }, ip)));

describe('sign-in rate limit (in memory)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_RATE_PER_MINUTE: '3', AUTH_CAPTCHA_AFTER: '100', AUTH_LOCK_AFTER: '100' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 429 with the envelope once an address exceeds the limit, and only that address', async () => {
    const ip = freshIp();
    const first = await tries(t, ip, 3);
    expect(first.map((r) => r.res.statusCode)).toEqual([401, 401, 401]);
    const over = await login(t, { loginName: 'nobody', password: 'Wrong1234' }, ip);
    expect(over.res.statusCode).toBe(429);
    expect(over.body).toMatchObject({ errCode: 429001, errMsg: '操作过于频繁，请稍后再试', data: null });
    expect(over.res.headers['retry-after']).toBeDefined();
    // The remember-me sign-in is limited the same way; another address is unaffected.
    const remember = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/log/adminLogin/loginByRemember',
        payload: { loginName: 'nobody' },
        remoteAddress: ip,
      });
    const codes = [];
    for (let i = 0; i < 4; i += 1) codes.push((await remember()).statusCode);
    expect(codes).toEqual([401, 401, 401, 429]);
    expect((await login(t, { loginName: 'nobody', password: 'Wrong1234' }, freshIp())).res.statusCode).toBe(401);
  });

  it('leaves every other endpoint alone', async () => {
    const ip = freshIp();
    for (let i = 0; i < 6; i += 1) {
      const res = await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: ip });
      expect(res.statusCode).toBe(200);
    }
  });
});

// Several API processes share one limit through Redis, as behind a load balancer (runs when the
// test environment has REDIS_URL, as CI does).
const REDIS_URL = process.env.REDIS_URL;

describe.skipIf(!REDIS_URL)('sign-in rate limit (Redis)', () => {
  let a: TestApp;
  let bDb: OpenDatabase;
  let b: FastifyInstance;
  beforeAll(async () => {
    const env = {
      LOGIN_RATE_PER_MINUTE: '4',
      AUTH_CAPTCHA_AFTER: '100',
      AUTH_LOCK_AFTER: '100',
      REDIS_URL: REDIS_URL ?? '',
    };
    a = await createTestApp(env);
    // A second process over the same database.
    bDb = openDatabase(a.database.url);
    b = await buildApp({
      config: loadConfig({ ...env, DATABASE_URL: a.database.url, SEED_DEMO: '0' }),
      database: bDb,
      logLevel: 'silent',
    });
  });
  afterAll(async () => {
    await b.close();
    await bDb.close();
    await a.close();
  });

  it('counts an address across processes', async () => {
    // A random address: counters outlive the test run in Redis for a minute.
    const ip = `172.${randomInt(16, 32)}.${randomInt(256)}.${randomInt(1, 255)}`;
    const onB = () =>
      b.inject({
        method: 'POST',
        url: '/api/log/adminLogin/login',
        payload: { loginName: 'nobody', password: 'Wrong1234' },
        remoteAddress: ip,
      });
    expect((await tries(a, ip, 2)).map((r) => r.res.statusCode)).toEqual([401, 401]);
    expect([(await onB()).statusCode, (await onB()).statusCode]).toEqual([401, 401]);
    const over = await login(a, { loginName: 'nobody', password: 'Wrong1234' }, ip);
    expect(over.res.statusCode).toBe(429);
    expect(over.body.errCode).toBe(429001);
  });
});
