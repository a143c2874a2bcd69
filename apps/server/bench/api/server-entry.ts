import { appendFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import Fastify from 'fastify';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { openDatabase } from '../../src/db/open.js';
import { registerNaiveList } from './naive-list.js';

/**
 * The server under test, started as a child process by the api suite so the load generator and
 * the server do not share an event loop. BENCH_MODE=hello is the plain Fastify hello-world peer;
 * otherwise it is the product (buildApp, configured from the environment like main.ts) plus the
 * bench-only naive list. Logs go to stdout as in production; the suite points stdout at a file.
 * The chosen port is reported to the parent over the IPC channel.
 */
async function start(): Promise<{ port: number; close: () => Promise<void> }> {
  if (process.env.BENCH_MODE === 'hello') {
    const app = Fastify();
    // BENCH_HELLO_BUSY_US: the calibration peer of busy-peer.ts, the same route after a busy wait.
    const busyMs = Number(process.env.BENCH_HELLO_BUSY_US ?? 0) / 1000;
    app.get('/hello', () => {
      const until = performance.now() + busyMs;
      while (busyMs > 0 && performance.now() < until);
      return { hello: 'world' };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    return { port: portOf(app.server.address()), close: () => app.close() };
  }
  const config = loadConfig();
  const database = openDatabase(config.DATABASE_URL);
  await migrateToLatest(database.db);
  const app = await buildApp({ config, database, extend: registerNaiveList });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    port: portOf(app.server.address()),
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

function portOf(address: unknown): number {
  if (address && typeof address === 'object' && 'port' in address) return Number(address.port);
  throw new Error(`unexpected listen address ${String(address)}`);
}

/**
 * Diagnostic: with BENCH_LOOP_DELAY_FILE set, a line a second of this event loop's delay (p99
 * and max in ms over that second, sampled every millisecond), for a suite to split by phase.
 */
function recordLoopDelay(file: string): void {
  const h = monitorEventLoopDelay({ resolution: 1 });
  h.enable();
  setInterval(() => {
    appendFileSync(file, `${JSON.stringify({ t: Date.now(), p99: h.percentile(99) / 1e6, max: h.max / 1e6 })}\n`);
    h.reset();
  }, 1000).unref();
}
if (process.env.BENCH_LOOP_DELAY_FILE) recordLoopDelay(process.env.BENCH_LOOP_DELAY_FILE);

start()
  .then(({ port, close }) => {
    process.send?.({ port });
    process.once('SIGTERM', () => void close().then(() => process.exit(0)));
  })
  .catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
