import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleServer, serverBundle } from '../build/bundle.js';
import { openDatabase } from '../src/db/open.js';
import { DEMO_PASSWORD } from '../src/scripts/seed/index.js';
import { testEngine } from './test-app.js';

type Envelope<T = unknown> = { errCode: number; errMsg: string; data: T };

/** Waits for main's start-up banner and returns the address it printed. */
function listeningAddress(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      const url = /运营后台已启动: (http:\/\/\S+)/.exec(out)?.[1];
      if (url) resolve(url);
    });
    child.once('exit', (code) => reject(new Error(`server exited (${code}):\n${out}`)));
  });
}

/**
 * Durability under kill -9 (issue 15, CI check): the built server, as `npm start` runs it, takes
 * writes from several clients at once and is killed with SIGKILL while they are in flight. After
 * a restart over the same database, every write it acknowledged (errCode 0) is there, and so is
 * its operation-log row: a write and its log commit together or not at all. SQLite by default;
 * PostgreSQL in the postgres project (a scratch schema of TEST_DATABASE_URL).
 */
describe('acknowledged writes survive SIGKILL', () => {
  const bundle = serverBundle.replace(/main\.js$/, `main.durability-${process.pid}.js`);
  const dir = mkdtempSync(join(tmpdir(), 'console-durability-'));
  const schema = `dur_${randomBytes(5).toString('hex')}`;
  let databaseUrl: string;
  let child: ChildProcess | undefined;

  const start = async (): Promise<string> => {
    const { REDIS_URL: _redis, WEB_DIST: _web, ...inherited } = process.env;
    const proc = spawn(process.execPath, [bundle], {
      env: {
        ...inherited,
        PORT: '0',
        HOST: '127.0.0.1',
        DATABASE_URL: databaseUrl,
        SEED_DEMO: '1',
        LOG_LEVEL: 'error',
        LOGIN_RATE_PER_MINUTE: '1000',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    child = proc;
    return `${await listeningAddress(proc)}/api`;
  };

  const call = async <T>(api: string, path: string, token: string | null, body?: object) => {
    const res = await fetch(`${api}${path}`, {
      method: body ? 'POST' : 'GET',
      headers: { ...(token ? { token } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return (await res.json()) as Envelope<T>;
  };
  const signIn = async (api: string) => {
    const answer = await call<{ token: string }>(api, '/log/adminLogin/login', null, {
      loginName: 'admin',
      password: DEMO_PASSWORD,
    });
    expect(answer.errCode).toBe(0);
    return answer.data.token;
  };

  beforeAll(async () => {
    if (testEngine === 'postgres') {
      const base = process.env.TEST_DATABASE_URL!;
      const admin = new pg.Client({ connectionString: base });
      await admin.connect();
      await admin.query(`create schema ${schema}`);
      await admin.end();
      databaseUrl = `${base}${base.includes('?') ? '&' : '?'}schema=${schema}`;
    } else {
      databaseUrl = `sqlite:${join(dir, 'db.sqlite')}`;
    }
    await bundleServer(bundle);
  }, 60_000);

  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      const gone = new Promise((r) => child!.once('exit', r));
      child.kill('SIGTERM');
      await gone;
    }
    rmSync(bundle, { force: true });
    rmSync(dir, { recursive: true, force: true });
    if (testEngine === 'postgres') {
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`drop schema if exists ${schema} cascade`);
      await admin.end();
    }
  });

  it('finds every acknowledged write and its operation-log row after kill -9 and a restart', async () => {
    const api = await start();
    const token = await signIn(api);
    const acked: Array<{ id: string; code: string }> = [];
    let failedAfterKill = 0;
    let killed = false;

    // Four clients write as fast as the server answers until the process dies under them.
    const client = async (n: number) => {
      for (let i = 0; i < 1_000_000; i += 1) {
        const code = `dur_${n}_${i}`;
        try {
          const answer = await call<{ id: string }>(api, '/saasRole/create', token, {
            name: `持久性${n}-${i}`,
            code,
            sort: i % 9999,
            status: 1,
            remark: '',
            menuIds: [],
          });
          expect(answer.errCode).toBe(0);
          acked.push({ id: answer.data.id, code });
        } catch (err) {
          if (!killed) throw err;
          failedAfterKill += 1;
          return;
        }
      }
    };
    const clients = [0, 1, 2, 3].map(client);
    const firstServer = child!;
    const exited = new Promise((r) => firstServer.once('exit', r));
    // Mid-stream: once writes are flowing, with requests of every client in flight.
    while (acked.length < 60) await new Promise((r) => setTimeout(r, 10));
    killed = true;
    firstServer.kill('SIGKILL');
    await Promise.all(clients);
    await exited;
    expect(failedAfterKill).toBe(4);

    const again = await start();
    const token2 = await signIn(again);
    const missing: string[] = [];
    for (const { id, code } of acked) {
      const row = await call<{ code: string } | null>(again, `/saasRole/getById?id=${id}`, token2);
      if (row.errCode !== 0 || row.data?.code !== code) missing.push(`${id} ${code}: ${row.errCode}`);
    }
    expect(missing).toEqual([]);

    // The log rows, read from the database itself (the running server has it open; WAL allows it).
    const { db, close } = openDatabase(databaseUrl, { poolSize: 1 });
    try {
      const logged = await db
        .selectFrom('operationLog')
        .where('path', '=', '/api/saasRole/create')
        .where('result', '=', 1)
        .select('targetId')
        .execute();
      const loggedIds = new Set(logged.map((r) => r.targetId));
      expect(acked.filter((a) => !loggedIds.has(a.id))).toEqual([]);
    } finally {
      await close();
    }
  }, 60_000);
});
