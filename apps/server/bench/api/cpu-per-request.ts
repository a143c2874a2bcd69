import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { openDatabase } from '../../src/db/open.js';
import { DEMO_PASSWORD } from '../../src/scripts/seed/index.js';
import { sqliteDatabase } from './data.js';

/**
 * The low-noise A/B tool of the framework-overhead budget: CPU microseconds per request of
 * agent1's `GET /api/ZKBManager/getDevice?id=` through the product's buildApp (LOG_LEVEL info,
 * the access log on stdout as in production: redirect it to a file) against a bare Fastify
 * hello-world, both driven by `app.inject` in this one process; results go to stderr. CPU time, unlike wall-clock requests/s, barely moves with the other helpers' load.
 * inject skips the socket and the HTTP parser, which cost the same on both sides.
 *
 *   npx tsx bench/api/cpu-per-request.ts > access.log   # 20 000 requests each, 3 rounds
 *   CPU_REQUESTS=5000 CPU_ROUNDS=1 npx tsx bench/api/cpu-per-request.ts
 *   CPU_ONLY=product npx tsx bench/api/cpu-per-request.ts   # e.g. under node --cpu-prof
 *   CPU_BASE=/tmp/wt/apps/server npx tsx bench/api/cpu-per-request.ts
 *
 * CPU_BASE adds a side `base`: the same product built by another checkout's buildApp (e.g. a
 * `git worktree` of the previous commit, with node_modules linked), measured in turn with the
 * others in this process, so a change is compared against its parent under the same load.
 */
const REQUESTS = Number(process.env.CPU_REQUESTS ?? 20_000);
const ROUNDS = Number(process.env.CPU_ROUNDS ?? 3);
const ONLY = process.env.CPU_ONLY?.split(',');
const BASE = process.env.CPU_BASE;
/** Calls of each side before anything is counted (JIT, caches). */
const WARMUP = Number(process.env.CPU_WARMUP ?? 2_000);
/** In flight at once, as the wall-clock bench's 10 connections. */
const CONCURRENCY = 10;
/** The database of the wall-clock overhead run: the demo data plus this many gateways. */
const ROWS = 100_000;

type Inject = () => Promise<{ statusCode: number }>;

/** CPU µs per request over `REQUESTS` calls, CONCURRENCY in flight. */
async function cpuPerRequest(call: Inject): Promise<number> {
  const before = process.cpuUsage();
  for (let done = 0; done < REQUESTS; done += CONCURRENCY) {
    const batch = await Promise.all(Array.from({ length: CONCURRENCY }, call));
    for (const res of batch) if (res.statusCode !== 200) throw new Error(`status ${res.statusCode}`);
    // Let the loop turn, as it does between socket reads: inject's finished responses are freed
    // from setImmediate callbacks, which a loop of awaits alone would pile up (and the GC with them).
    await new Promise((resolve) => setImmediate(resolve));
  }
  const used = process.cpuUsage(before);
  return (used.user + used.system) / REQUESTS;
}

async function helloApp(): Promise<FastifyInstance> {
  const app = Fastify();
  app.get('/hello', () => ({ hello: 'world' }));
  await app.ready();
  return app;
}

type BuildApp = typeof buildApp;

async function productApp(dir: string, build: BuildApp) {
  // A private copy: sign-in writes a session, and other runs may be reading the shared file.
  const shared = (await sqliteDatabase(ROWS, console.error)).slice('sqlite:'.length);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'db.sqlite');
  copyFileSync(shared, file);
  const config = loadConfig({ DATABASE_URL: `sqlite:${file}`, LOG_LEVEL: 'info', SEED_DEMO: '0' });
  const database = openDatabase(config.DATABASE_URL);
  await migrateToLatest(database.db);
  // The access log goes where production's goes, the process's stdout (redirect it to a file).
  const app = await build({ config, database });
  const login = await app.inject({
    method: 'POST',
    url: '/api/log/adminLogin/login',
    payload: { loginName: 'agent1', password: DEMO_PASSWORD },
  });
  const token = login.json<{ data: { token: string } }>().data.token;
  const page = await app.inject({
    method: 'POST',
    url: '/api/ZKBManager/deviceList',
    headers: { token },
    payload: { offset: 1, size: 1 },
  });
  const id = page.json<{ data: { list: { id: string }[] } }>().data.list[0]?.id;
  if (!id) throw new Error('agent1 没有网关设备');
  const url = `/api/ZKBManager/getDevice?id=${id}`;
  return {
    call: () => app.inject({ method: 'GET', url, headers: { token, 'accept-encoding': 'gzip, br' } }),
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'cpu-per-request-'));
  const hello = await helloApp();
  const product = await productApp(join(dir, 'product'), buildApp);
  const base = BASE
    ? await productApp(join(dir, 'base'), ((await import(join(BASE, 'src/app.ts'))) as { buildApp: BuildApp }).buildApp)
    : undefined;
  const sides: [string, Inject][] = [
    ['hello', () => hello.inject({ method: 'GET', url: '/hello' })],
    ['product', product.call],
    ...(base ? ([['base', base.call]] as [string, Inject][]) : []),
  ];
  try {
    const chosen = sides.filter(([name]) => !ONLY || ONLY.includes(name));
    // Warm-up: JIT, the session cache, SQLite's page cache.
    for (const [, call] of chosen) {
      for (let i = 0; i < WARMUP; i += 1) {
        await call();
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
    const results = new Map<string, number[]>(chosen.map(([name]) => [name, []]));
    for (let r = 0; r < ROUNDS; r += 1) {
      // Every other round in reverse, so neither side always runs right after the other.
      const order = r % 2 === 0 ? chosen : [...chosen].reverse();
      for (const [name, call] of order) results.get(name)?.push(await cpuPerRequest(call));
    }
    for (const [name, values] of results) {
      const sorted = [...values].sort((a, b) => a - b);
      const med = sorted[Math.floor(sorted.length / 2)] ?? NaN;
      console.error(
        `${name.padEnd(8)} ${med.toFixed(1)} µs CPU/request (rounds: ${values.map((v) => v.toFixed(1)).join(', ')})`,
      );
    }
    const h = results.get('hello');
    const p = results.get('product');
    if (h?.length && p?.length) {
      const ratio = Math.min(...p) / Math.min(...h);
      console.error(`product/hello CPU ratio (best rounds): ${ratio.toFixed(2)}×`);
    }
    const b = results.get('base');
    if (b?.length && p?.length) {
      // Paired by round (measured back to back), so the machine's load drifting cancels out.
      const diffs = p.map((v, i) => v - (b[i] ?? NaN)).sort((x, y) => x - y);
      const mid = diffs[Math.floor(diffs.length / 2)] ?? NaN;
      const q1 = diffs[Math.floor(diffs.length / 4)] ?? NaN;
      const q3 = diffs[Math.floor((diffs.length * 3) / 4)] ?? NaN;
      console.error(
        `product − base per round: median ${mid.toFixed(1)} µs (quartiles ${q1.toFixed(1)} … ${q3.toFixed(1)})`,
      );
    }
  } finally {
    await hello.close();
    await product.close();
    await base?.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
