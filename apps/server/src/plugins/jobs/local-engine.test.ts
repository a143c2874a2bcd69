import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import type { Operator } from '../../credentials/operator.js';
import { LocalJobs } from './local-engine.js';
import { createJobs } from './register.js';

/** Resolves once `check` holds, polling; fails the test after `ms`. */
async function until(check: () => boolean, ms = 3000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition never held');
    await sleep(10);
  }
}

describe('the in-process job runner (SQLite)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ JOBS_ENGINE: 'local' });
  });
  afterAll(() => t.close());

  it('is the engine of SQLite; PostgreSQL gets pg-boss unless JOBS_ENGINE says local', () => {
    expect(createJobs(t.app, { ...t.config, databaseKind: 'sqlite', JOBS_ENGINE: undefined }).engine).toBe('local');
    const postgres = { ...t.config, databaseKind: 'postgres' as const, DATABASE_URL: 'postgres://x@127.0.0.1/none' };
    expect(createJobs(t.app, { ...postgres, JOBS_ENGINE: undefined }).engine).toBe('pgboss');
    expect(createJobs(t.app, { ...postgres, JOBS_ENGINE: 'local' }).engine).toBe('local');
    expect(() => createJobs(t.app, { ...t.config, databaseKind: 'sqlite', JOBS_ENGINE: 'pgboss' })).toThrow('postgres');
  });

  it('runs a schedule first after `firstAfterSeconds`, then every tick, never two runs at once', async () => {
    const jobs = new LocalJobs(t.app);
    const starts: number[] = [];
    let running = 0;
    let overlapped = false;
    jobs.every(
      'tick',
      0.05,
      async () => {
        starts.push(Date.now());
        running += 1;
        if (running > 1) overlapped = true;
        await sleep(120); // longer than two ticks: those ticks are skipped, not stacked
        running -= 1;
      },
      { firstAfterSeconds: 0.01 },
    );
    const began = Date.now();
    await jobs.start();
    await until(() => starts.length >= 3);
    await jobs.stop({ graceful: true });
    const after = starts.length;
    await sleep(150);
    expect(starts[0]! - began).toBeLessThan(45);
    expect(overlapped).toBe(false);
    expect(starts.length).toBe(after); // nothing runs once stopped
    expect(running).toBe(0); // the graceful stop waited for the run in flight
  });

  it('counts each run in console_jobs_total, a failed one too, and keeps the schedule', async () => {
    const jobs = new LocalJobs(t.app);
    let runs = 0;
    jobs.every('flaky-tick', 0.02, () => {
      runs += 1;
      return runs % 2 ? Promise.reject(new Error('boom')) : Promise.resolve();
    });
    await jobs.start();
    await until(() => runs >= 4);
    await jobs.stop({ graceful: true });
    const counted = await t.app.metrics.jobs.get();
    const of = (outcome: string) =>
      counted.values.find((v) => v.labels.job === 'flaky-tick' && v.labels.outcome === outcome)?.value ?? 0;
    expect(of('failed')).toBeGreaterThanOrEqual(2);
    expect(of('ok')).toBeGreaterThanOrEqual(2);
    expect(of('ok') + of('failed')).toBe(runs);
  });

  it('retries a queued job that throws, up to its limit, with its data and operator', async () => {
    const jobs = new LocalJobs(t.app);
    const seen: { data: { n: number }; operator: string | null }[] = [];
    jobs.work<{ n: number }>(
      'flaky',
      (run) => {
        seen.push({ data: run.data, operator: run.operator?.loginName ?? null });
        return run.data.n === 1 && seen.length < 3 ? Promise.reject(new Error('not yet')) : Promise.resolve();
      },
      { retryLimit: 3 },
    );
    const operator: Operator = {
      id: 7,
      sessionId: 9,
      loginName: 'ops',
      name: '运维',
      adminType: 0,
      agentId: null,
      permissions: new Set(['x']),
      mustChangePassword: false,
    };
    // Queued before start: held until the engine starts.
    await jobs.enqueue('flaky', { n: 1 }, { operator });
    await jobs.start();
    await until(() => seen.length === 3);
    await jobs.idle();
    expect(seen.map((s) => s.data.n)).toEqual([1, 1, 1]);
    expect(seen.every((s) => s.operator === 'ops')).toBe(true);

    // A job that always fails is given up after retryLimit more runs.
    jobs.work('hopeless', () => Promise.reject(new Error('never')), { retryLimit: 2 });
    const failures = async () =>
      (await t.app.metrics.jobs.get()).values.find((v) => v.labels.job === 'hopeless' && v.labels.outcome === 'failed')
        ?.value ?? 0;
    await jobs.enqueue('hopeless', {});
    for (let i = 0; i < 100 && (await failures()) < 3; i += 1) await sleep(10);
    await sleep(100); // a fourth run would come at once (no retry delay)
    expect(await failures()).toBe(3);
    await jobs.stop({ graceful: true });
    await expect(jobs.enqueue('flaky', { n: 2 })).rejects.toThrow('stopped');
  });

  it('runs `concurrency` jobs of a queue at once, the rest in order after', async () => {
    const jobs = new LocalJobs(t.app);
    let running = 0;
    let most = 0;
    const done: number[] = [];
    jobs.work<{ n: number }>(
      'pair',
      async (run) => {
        running += 1;
        most = Math.max(most, running);
        await sleep(30);
        running -= 1;
        done.push(run.data.n);
      },
      { concurrency: 2 },
    );
    await jobs.start();
    for (let n = 0; n < 5; n += 1) await jobs.enqueue('pair', { n });
    await until(() => done.length === 5);
    expect(most).toBe(2);
    expect([...done].sort()).toEqual([0, 1, 2, 3, 4]);
    await jobs.stop({ graceful: true });
  });

  it('drops a job whose singleton key is waiting or running, and takes it again once that one is done', async () => {
    const jobs = new LocalJobs(t.app);
    const done: string[] = [];
    let finish: (() => void) | null = null;
    jobs.work<{ n: string }>('once', async (run) => {
      if (run.data.n === 'first') await new Promise<void>((resolve) => (finish = resolve));
      done.push(run.data.n);
    });
    await jobs.start();
    expect(await jobs.enqueue('once', { n: 'first' }, { singletonKey: 'k' })).not.toBeNull();
    // Waiting or running: the same key is dropped, another key is not.
    expect(await jobs.enqueue('once', { n: 'again' }, { singletonKey: 'k' })).toBeNull();
    expect(await jobs.enqueue('once', { n: 'other' }, { singletonKey: 'j' })).not.toBeNull();
    await until(() => finish !== null);
    // Running now (concurrency 1, so 'other' waits behind it): still dropped.
    expect(await jobs.enqueue('once', { n: 'again' }, { singletonKey: 'k' })).toBeNull();
    finish!();
    await until(() => done.length === 2);
    expect(await jobs.enqueue('once', { n: 'later' }, { singletonKey: 'k' })).not.toBeNull();
    await until(() => done.length === 3);
    expect(done).toEqual(['first', 'other', 'later']);
    await jobs.stop({ graceful: true });
  });

  it('refuses a job for a queue nobody works, and a second declaration of a name', async () => {
    const jobs = new LocalJobs(t.app);
    await expect(jobs.enqueue('nobody', {})).rejects.toThrow('no worker');
    jobs.every('twice', 1, () => Promise.resolve());
    expect(() => jobs.every('twice', 1, () => Promise.resolve())).toThrow('twice');
    await jobs.stop({ graceful: false });
  });
});
