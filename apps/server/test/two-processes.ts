import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/open.js';
import { type TestApp, createTestApp } from './test-app.js';

/**
 * Two server processes (two apps) over one database and one Redis, as behind a load balancer:
 * `first` is a whole test app (its database, operators, agents), `second` another app over the
 * same database, for holding sockets that what `first` does must reach. `close` ends both.
 */
export async function createTwoProcesses(
  redisUrl: string,
): Promise<{ first: TestApp; second: FastifyInstance; close: () => Promise<void> }> {
  const first = await createTestApp({ REDIS_URL: redisUrl });
  const secondDb = openDatabase(first.database.url);
  const second = await buildApp({
    config: loadConfig({ DATABASE_URL: first.database.url, SEED_DEMO: '0', REDIS_URL: redisUrl }),
    database: secondDb,
    logLevel: 'silent',
  });
  const close = async () => {
    await second.close();
    await secondDb.close();
    await first.close();
  };
  return { first, second, close };
}
