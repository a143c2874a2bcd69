import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testEngine } from '../../../test/test-database.js';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { type OpenDatabase, openDatabase } from '../../db/open.js';
import { cronOf, schedulePollSeconds } from './pg-boss-engine.js';

describe('cronOf: which ticks pg-boss runs as cron', () => {
  it('whole minutes dividing an hour and whole hours dividing a day; anything else is a slot job', () => {
    expect(cronOf(60)).toBe('* * * * *');
    expect(cronOf(300)).toBe('*/5 * * * *');
    expect(cronOf(3600)).toBe('0 * * * *');
    expect(cronOf(6 * 3600)).toBe('0 */6 * * *');
    expect(cronOf(15)).toBeNull();
    expect(cronOf(7 * 60)).toBeNull();
    expect(cronOf(5 * 3600)).toBeNull();
  });
});

/** Resolves once `check` holds, polling; fails after `ms`. */
async function until(check: () => boolean | Promise<boolean>, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition never held');
    await sleep(50);
  }
}

describe('schedulePollSeconds: how often idle workers ask for a schedule', () => {
  it('polls a quarter of the tick, never faster than pg-boss allows nor slower than a minute', () => {
    expect(schedulePollSeconds(15)).toBe(3.75);
    expect(schedulePollSeconds(30)).toBe(7.5);
    expect(schedulePollSeconds(3_600)).toBe(60);
    expect(schedulePollSeconds(1)).toBe(0.5);
    expect(schedulePollSeconds(2)).toBe(0.5);
  });
});

describe.skipIf(testEngine !== 'postgres')('pg-boss: several processes over one database', () => {
  let database: TestDatabase | null = null;
  const apps: { app: FastifyInstance; database: OpenDatabase }[] = [];
  const dirs: string[] = [];

  afterEach(async () => {
    for (const { app, database: own } of apps.splice(0)) {
      await app.close();
      await own.close();
    }
    await database?.drop();
    database = null;
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  /** One more API process over the test's database, with short job timings. */
  async function processOver(db: TestDatabase, extend: (app: FastifyInstance) => void): Promise<FastifyInstance> {
    const uploads = mkdtempSync(join(tmpdir(), 'console-jobs-'));
    dirs.push(uploads);
    const config = loadConfig({
      DATABASE_URL: db.url,
      SEED_DEMO: '0',
      UPLOAD_DIR: uploads,
      JOBS_EXPIRE_SECONDS: '2',
      JOBS_POLL_SECONDS: '0.5',
    });
    const own = openDatabase(db.url, { poolSize: 2 });
    const app = await buildApp({ config, database: own, logLevel: 'silent', extend });
    apps.push({ app, database: own });
    return app;
  }

  it('an `every` job runs once per tick across two processes, not once in each', async () => {
    database = await createTestDatabase();
    const runs: string[] = [];
    const a = await processOver(database, (app) =>
      app.jobs.every('cluster-tick', 1, () => Promise.resolve(runs.push('a'))),
    );
    const b = await processOver(database, (app) =>
      app.jobs.every('cluster-tick', 1, () => Promise.resolve(runs.push('b'))),
    );
    expect([a.jobs.engine, b.jobs.engine]).toEqual(['pgboss', 'pgboss']);
    const began = Date.now();
    await sleep(5500);
    const seconds = (Date.now() - began) / 1000;
    // Each process sends a job every half tick: without the slot key that is ~4 jobs a second.
    expect(runs.length).toBeGreaterThanOrEqual(3);
    expect(runs.length).toBeLessThanOrEqual(Math.ceil(seconds) + 1);
    const { rows } = await sql<{ jobs: number; slots: number }>`
      select count(*)::int as jobs, count(distinct singleton_on)::int as slots
      from pgboss.job where name = 'cluster-tick'`.execute(database.db);
    expect(rows[0]!.jobs).toBe(rows[0]!.slots);
  }, 30_000);

  it('a singleton key queued by two processes at once is one job, run once', async () => {
    database = await createTestDatabase();
    const done: string[] = [];
    const declare = (who: string) => (app: FastifyInstance) =>
      app.jobs.work('single', () => Promise.resolve(done.push(who)));
    const a = await processOver(database, declare('a'));
    const b = await processOver(database, declare('b'));
    const ids = await Promise.all([
      a.jobs.enqueue('single', {}, { singletonKey: 'app-7' }),
      b.jobs.enqueue('single', {}, { singletonKey: 'app-7' }),
    ]);
    expect(ids.filter((id) => id !== null)).toHaveLength(1);
    await until(() => done.length === 1, 5000);
    await sleep(1500);
    expect(done).toHaveLength(1);
  }, 30_000);

  it('a job a process held when it stopped without finishing runs to completion on another', async () => {
    database = await createTestDatabase();
    let claimed = false;
    const done: string[] = [];
    const a = await processOver(database, (app) =>
      app.jobs.work('handover', () => {
        claimed = true;
        return new Promise(() => undefined); // never finishes here
      }),
    );
    const id = await a.jobs.enqueue('handover', { n: 1 });
    await until(() => claimed, 5000);
    await processOver(database, (app) =>
      app.jobs.work<{ n: number }>('handover', (run) => Promise.resolve(done.push(`${run.id}:${run.data.n}`))),
    );
    // Not graceful: what it holds is released at once (a drain waits for it first).
    await a.jobs.stop({ graceful: false });
    await until(() => done.length === 1, 8000);
    expect(done).toEqual([`${id}:1`]);
  }, 30_000);

  it('a job held by a process killed with SIGKILL runs to completion on another after its expiry', async () => {
    database = await createTestDatabase();
    const uploads = mkdtempSync(join(tmpdir(), 'console-jobs-'));
    dirs.push(uploads);
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join(import.meta.dirname, '../../../test/jobs-crash-child.ts')],
      {
        env: { ...process.env, DATABASE_URL: database.url, UPLOAD_DIR: uploads },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    const exited = new Promise((resolve) => child.once('exit', resolve));
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    try {
      await until(() => out.includes('claimed'), 60_000);
    } finally {
      child.kill('SIGKILL');
      await exited;
    }
    const done: unknown[] = [];
    await processOver(database, (app) => app.jobs.work('crash-test', (run) => Promise.resolve(done.push(run.data))));
    await until(() => done.length === 1, 15_000);
    expect(done).toEqual([{ from: 'child' }]);
  }, 90_000);
});
