import { type KyselyPlugin, SelectQueryNode, TableNode } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { type TestApp, createTestDatabase } from '../../../test/test-app.js';
import { passwordGate } from '../../credentials/hash-gate.js';
import { hashWorkers } from '../../credentials/hash-workers.js';
import { createAccount, freshIp, login, PASSWORD } from './test-kit.js';

/** Counts the account lookups by login name (the first database work of a password sign-in). */
function accountLookups(): { plugin: KyselyPlugin; count: () => number } {
  let n = 0;
  return {
    count: () => n,
    plugin: {
      transformQuery: ({ node }) => {
        const from = SelectQueryNode.is(node) ? node.from?.froms[0] : undefined;
        if (from && TableNode.is(from) && from.table.identifier.name === 'admin') n += 1;
        return node;
      },
      transformResult: ({ result }) => Promise.resolve(result),
    },
  };
}

/** Holds every password check until released, so a test decides when the hashes finish. */
function holdChecks() {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const spy = vi.spyOn(hashWorkers, 'verify').mockImplementation(async () => {
    await gate;
    return false;
  });
  return { release, spy };
}

describe('a burst of sign-ins', () => {
  let t: TestApp;
  const lookups = accountLookups();
  beforeAll(async () => {
    const database = await createTestDatabase();
    const config = loadConfig({
      DATABASE_URL: database.url,
      SEED_DEMO: '0',
      LOGIN_RATE_PER_MINUTE: '3',
      AUTH_CAPTCHA_AFTER: '100',
      AUTH_LOCK_AFTER: '100',
    });
    const counted = { ...database, db: database.db.withPlugin(lookups.plugin) };
    const app = await buildApp({ config, database: counted, logLevel: 'silent' });
    t = { app, database, config, close: async () => void (await app.close(), await database.drop()) };
  });
  afterAll(async () => {
    await t.close();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('reaches the database only for the sign-ins the gate can take; the rest get 429001 at once', async () => {
    const places = passwordGate.concurrency + passwordGate.queueLimit;
    const hold = holdChecks();
    const before = lookups.count();
    const burst = Array.from({ length: places + 5 }, (_, i) =>
      login(t, { loginName: `nobody-${i}`, password: 'Wrong1234' }, freshIp()),
    );
    // Every admitted sign-in is at its hash (held), or waiting for a turn.
    await vi.waitFor(
      () =>
        expect(passwordGate.load).toEqual({
          running: passwordGate.concurrency,
          waiting: passwordGate.queueLimit,
          passes: 0,
        }),
      { timeout: 5_000 },
    );
    expect(hold.spy).toHaveBeenCalledTimes(passwordGate.concurrency);
    expect(lookups.count() - before).toBe(places);
    hold.release();
    const codes = (await Promise.all(burst)).map((r) => r.body.errCode);
    expect(codes.filter((c) => c === 429001)).toHaveLength(5);
    expect(codes.filter((c) => c === 400201)).toHaveLength(places);
    expect(passwordGate.load).toEqual({ running: 0, waiting: 0, passes: 0 });
  });

  it('refuses a sign-in before reading its body while the gate is full, and does not count it against the address', async () => {
    const acc = await createAccount(t);
    let release!: () => void;
    const blocked = new Promise<void>((resolve) => (release = resolve));
    const occupied = Array.from({ length: passwordGate.concurrency + passwordGate.queueLimit }, () =>
      passwordGate.run(() => blocked),
    );
    const ip = freshIp();
    // More than the address's 3 a minute, and one without a password: all refused by the gate.
    for (let i = 0; i < 4; i += 1) {
      const busy = await login(t, { loginName: acc.loginName, password: PASSWORD }, ip);
      expect(busy.res.statusCode).toBe(429);
      expect(busy.body).toMatchObject({ errCode: 429001, errMsg: '操作过于频繁，请稍后再试' });
    }
    expect((await login(t, { loginName: acc.loginName }, ip)).body.errCode).toBe(429001);
    release();
    await Promise.all(occupied);
    // The address has its whole allowance left.
    expect((await login(t, { loginName: acc.loginName }, ip)).body.errCode).toBe(400100);
    expect((await login(t, { loginName: acc.loginName, password: PASSWORD }, ip)).body.errCode).toBe(0);
  });
});
