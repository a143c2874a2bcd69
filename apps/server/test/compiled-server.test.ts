import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleServer, serverBundle } from '../build/bundle.js';
import { DEMO_PASSWORD } from '../src/scripts/seed/index.js';
import { foreignXlsx } from '../src/imports/foreign-xlsx.testing.js';
import { testEngine } from './test-app.js';

const webIndex = fileURLToPath(new URL('../../web/dist/index.html', import.meta.url));

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

// `npm start` runs the esbuild bundle with plain node: everything the sources find relative to
// themselves (migrations, demo seed, the built console, hashing workers, lazily imported
// packages) must still be found from dist/. The database is always a temp SQLite file.
describe.skipIf(testEngine !== 'sqlite')('the compiled server (npm start)', () => {
  // Beside dist/main.js, so paths relative to the bundle are the same as the real one's.
  const bundle = serverBundle.replace(/main\.js$/, `main.test-${process.pid}.js`);
  const dir = mkdtempSync(join(tmpdir(), 'console-compiled-'));
  let child: ChildProcess;
  let api: string;
  let base: string;

  beforeAll(async () => {
    await bundleServer(bundle);
    const { REDIS_URL: _redis, WEB_DIST: _web, ...inherited } = process.env;
    child = spawn(process.execPath, [bundle], {
      env: {
        ...inherited,
        PORT: '0',
        HOST: '127.0.0.1',
        DATABASE_URL: `sqlite:${join(dir, 'db.sqlite')}`,
        SEED_DEMO: '1',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    base = await listeningAddress(child);
    api = `${base}/api`;
  });

  afterAll(async () => {
    if (child?.exitCode === null) {
      const gone = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await gone;
    }
    rmSync(bundle, { force: true });
    rmSync(dir, { recursive: true, force: true });
  });

  it('migrates, seeds the demo accounts and signs in through the hashing workers', async () => {
    const res = await fetch(`${api}/log/adminLogin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ loginName: 'admin', password: DEMO_PASSWORD }),
    });
    const body = (await res.json()) as { errCode: number; data: { token: string } | null };
    expect(body.errCode).toBe(0);
    expect(body.data?.token).toMatch(/\S{20,}/);
  });

  it('parses an import on the sheet worker bundled beside it', async () => {
    const signIn = await fetch(`${api}/log/adminLogin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ loginName: 'admin', password: DEMO_PASSWORD }),
    });
    const { data } = (await signIn.json()) as { data: { token: string } };
    const file = foreignXlsx([
      ['MAC 地址', '备注'],
      ['00:1A:2B:3C:4D:99', '编译后'],
    ]);
    const res = await fetch(`${api}/macAddress/import/preview`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', token: data.token },
      body: JSON.stringify({ fileName: 'macs.xlsx', content: file.toString('base64') }),
    });
    const body = (await res.json()) as { errCode: number; errMsg: string; data: { valid: number } | null };
    expect(body.errCode, body.errMsg).toBe(0);
    expect(body.data?.valid).toBe(1);
  });

  it('loads svg-captcha on the first captcha', async () => {
    const body = (await (await fetch(`${api}/captcha`)).json()) as { data: { image: string } | null };
    expect(body.data?.image).toMatch(/^data:image\/svg\+xml;base64,/);
  });

  it('serves the built console beside it when there is one', async () => {
    const res = await fetch(`${base}/`);
    if (existsSync(webIndex)) {
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
    } else {
      expect(res.status).toBe(404);
    }
  });
});
