import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { type Config, loadConfig } from '../src/config.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

export { createTestDatabase, type TestDatabase, testEngine } from './test-database.js';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  config: Config;
  close(): Promise<void>;
}

/** Starts the test app on a free loopback port (for real sockets) and returns the port. */
export async function listenOnLoopback(t: TestApp): Promise<number> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (typeof address !== 'object' || !address) throw new Error('the test app has no TCP address');
  return address.port;
}

/**
 * The real app over a fresh database; `env` overrides configuration for the test. Test apps run
 * their jobs in process: pg-boss costs about a second of start-up per app (its schema and one
 * partition per queue), which over the PostgreSQL project's many apps is minutes of CI. The
 * pg-boss engine's own tests, billing sync's and the cluster test ask for it with JOBS_ENGINE.
 */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  // Uploaded files of one test app live and die with it.
  const uploads = mkdtempSync(join(tmpdir(), 'console-uploads-'));
  const config = loadConfig({
    DATABASE_URL: database.url,
    SEED_DEMO: '0',
    UPLOAD_DIR: uploads,
    JOBS_ENGINE: 'local',
    ...env,
  });
  const app = await buildApp({ config, database, logLevel: 'silent' });
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.drop();
      rmSync(uploads, { recursive: true, force: true });
    },
  };
}
