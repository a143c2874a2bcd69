import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { openDatabase } from '../../src/db/open.js';
import { DEMO_PASSWORD } from '../../src/scripts/seed/index.js';

/**
 * The list's service time as CPU, not wall clock (the machine is shared, so wall-clock A/B is
 * noise): agent1's `POST /api/ZKBManager/deviceList`, random page 1–BENCH_API_MAX_PAGE, filter
 * 在线, injected in this process one after another, `process.cpuUsage()` around the timed batch.
 * BENCH_CPU_PROFILE=<file.cpuprofile> profiles the timed batch only (not start-up or warm-up).
 *
 *   DATABASE_URL=sqlite:/tmp/x.sqlite npx tsx bench/api/list-cpu.ts [requests per batch] [batches]
 */
const PATH = '/api/ZKBManager/deviceList';
const requests = Number(process.argv[2] ?? 2_000);
const batches = Number(process.argv[3] ?? 5);
const maxPage = Number(process.env.BENCH_API_MAX_PAGE ?? 5_000);

async function main(): Promise<void> {
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
  const database = openDatabase(config.DATABASE_URL);
  await migrateToLatest(database.db);
  const app = await buildApp({ config, database, logLevel: 'silent' });
  try {
    const login = await app.inject({
      method: 'POST',
      url: '/api/log/adminLogin/login',
      payload: { loginName: 'agent1', password: DEMO_PASSWORD },
    });
    const token = login.json<{ data: { token: string } }>().data.token;
    const page = async () => {
      const res = await app.inject({
        method: 'POST',
        url: PATH,
        headers: { token },
        payload: { offset: 1 + Math.floor(Math.random() * maxPage), size: 20, communicationStatus: 1 },
      });
      if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
    };
    // Warm-up: JIT, statement cache, every anchor down to the deepest page, the cached count.
    for (let i = 0; i < Math.min(requests, 1_000); i += 1) await page();
    const profile = await startProfile();
    const perBatch: number[] = [];
    for (let b = 0; b < batches; b += 1) {
      const cpu = process.cpuUsage();
      const started = performance.now();
      for (let i = 0; i < requests; i += 1) await page();
      const used = process.cpuUsage(cpu);
      const wall = performance.now() - started;
      perBatch.push((used.user + used.system) / requests);
      console.log(
        `${requests} requests: CPU ${((used.user + used.system) / requests).toFixed(0)} µs/request ` +
          `(system ${(used.system / requests).toFixed(0)}), wall ${((wall * 1000) / requests).toFixed(0)} µs/request`,
      );
    }
    await profile?.();
    perBatch.sort((a, b) => a - b);
    console.log(
      `CPU µs/request over ${batches} batches: min ${perBatch[0]!.toFixed(0)}, median ${perBatch[Math.floor(batches / 2)]!.toFixed(0)}`,
    );
  } finally {
    await app.close();
    await database.close();
  }
}

/** Starts V8's profiler when BENCH_CPU_PROFILE names a file; the returned call writes it. */
async function startProfile(): Promise<(() => Promise<void>) | null> {
  const file = process.env.BENCH_CPU_PROFILE;
  if (!file) return null;
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 100 });
  await session.post('Profiler.start');
  return async () => {
    const { profile } = await session.post('Profiler.stop');
    await writeFile(file, JSON.stringify(profile));
    session.disconnect();
  };
}

await main();
