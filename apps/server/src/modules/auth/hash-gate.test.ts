import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../../test/test-app.js';
import { AppError } from '../../lib/app-error.js';
import { HashGate, passwordGate } from '../../credentials/hash-gate.js';
import { createAccount, freshIp, login, PASSWORD } from './test-kit.js';

/** A task that runs until released, so a test controls when each hash "finishes". */
function held<T>(value: T) {
  let release!: () => void;
  const done = new Promise<void>((resolve) => (release = resolve));
  return { task: () => done.then(() => value), release };
}

describe('HashGate', () => {
  it('runs at most `concurrency` tasks at once and starts the waiting ones in order', async () => {
    const gate = new HashGate(2, 5);
    const tasks = [1, 2, 3, 4].map((n) => held(n));
    const started: number[] = [];
    const results = tasks.map((h, i) =>
      gate.run(() => {
        started.push(i + 1);
        return h.task();
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([1, 2]);
    expect(gate.load).toEqual({ running: 2, waiting: 2, passes: 0 });
    tasks[1]?.release();
    await results[1];
    await new Promise((r) => setImmediate(r));
    expect(started).toEqual([1, 2, 3]);
    for (const h of tasks) h.release();
    expect(await Promise.all(results)).toEqual([1, 2, 3, 4]);
    expect(gate.load).toEqual({ running: 0, waiting: 0, passes: 0 });
  });

  it('refuses with 429001 once the queue is full, and a failed task frees its slot', async () => {
    const gate = new HashGate(1, 1);
    const first = held('a');
    const running = gate.run(first.task);
    const queued = gate.run(() => Promise.reject(new Error('坏的哈希')));
    const refused = await gate.run(() => Promise.resolve('c')).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).errCode).toBe(429001);
    first.release();
    expect(await running).toBe('a');
    await expect(queued).rejects.toThrow('坏的哈希');
    expect(gate.load).toEqual({ running: 0, waiting: 0, passes: 0 });
    expect(await gate.run(() => Promise.resolve('d'))).toBe('d');
  });
});

describe('HashGate passes', () => {
  it('holds a place until used or released, counting toward the bound once', async () => {
    const gate = new HashGate(1, 1);
    const a = gate.admit();
    const b = gate.admit();
    expect(gate.load).toEqual({ running: 0, waiting: 0, passes: 2 });
    expect(gate.full).toBe(true);
    expect(() => gate.admit()).toThrow(AppError);
    await expect(gate.run(() => Promise.resolve('x'))).rejects.toBeInstanceOf(AppError);

    // A held pass takes its turn even though the gate is full.
    const first = held('a');
    const running = gate.run(first.task, a);
    expect(gate.load).toEqual({ running: 1, waiting: 0, passes: 1 });
    a.release();
    expect(gate.load).toEqual({ running: 1, waiting: 0, passes: 1 });
    b.release();
    b.release();
    expect(gate.load).toEqual({ running: 1, waiting: 0, passes: 0 });
    const queued = gate.run(() => Promise.resolve('c'));
    expect(gate.full).toBe(true);
    first.release();
    expect([await running, await queued]).toEqual(['a', 'c']);
    expect(gate.load).toEqual({ running: 0, waiting: 0, passes: 0 });
  });

  it('a used pass cannot be run twice', async () => {
    const gate = new HashGate(1, 0);
    const pass = gate.admit();
    expect(await gate.run(() => Promise.resolve(1), pass)).toBe(1);
    expect(gate.load).toEqual({ running: 0, waiting: 0, passes: 0 });
    // Spent: the second run is an ordinary request for a place.
    const h = held(2);
    const running = gate.run(h.task, pass);
    await expect(gate.run(() => Promise.resolve(3), pass)).rejects.toBeInstanceOf(AppError);
    h.release();
    expect(await running).toBe(2);
  });
});

describe('sign-in while the password gate is full', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_RATE_PER_MINUTE: '10000', AUTH_CAPTCHA_AFTER: '100', AUTH_LOCK_AFTER: '100' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 429001 at once without counting a failed password, and signs in once there is room', async () => {
    const acc = await createAccount(t);
    const blockers = Array.from({ length: passwordGate.concurrency + passwordGate.queueLimit }, () => held(true));
    const occupied = blockers.map((h) => passwordGate.run(h.task));
    const busy = await login(t, { loginName: acc.loginName, password: PASSWORD }, freshIp());
    expect(busy.res.statusCode).toBe(429);
    expect(busy.body).toMatchObject({ errCode: 429001, errMsg: '操作过于频繁，请稍后再试' });
    for (const h of blockers) h.release();
    await Promise.all(occupied);
    const admin = await t.database.db
      .selectFrom('admin')
      .where('id', '=', acc.adminId)
      .select('failedCount')
      .executeTakeFirstOrThrow();
    expect(admin.failedCount).toBe(0);
    const ok = await login(t, { loginName: acc.loginName, password: PASSWORD }, freshIp());
    expect(ok.body.errCode).toBe(0);
  });
});
