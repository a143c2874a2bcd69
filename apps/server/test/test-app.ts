import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { type Config, loadConfig } from '../src/config.js';
import { migrateUpTo } from '../src/db/migrate.js';
import { type OpenDatabase, openDatabase } from '../src/db/open.js';

/**
 * The database engine a test run uses: SQLite by default; PostgreSQL when the vitest project
 * sets TEST_DB=postgres (it does when TEST_DATABASE_URL is configured, as in CI).
 */
export const testEngine: 'sqlite' | 'postgres' = process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite';

export interface TestDatabase extends OpenDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * A fresh, migrated database: a temp SQLite file, or a scratch PostgreSQL schema. `upTo` stops
 * after that migration (a test of the next one writes rows the old way first).
 */
export async function createTestDatabase(upTo?: string): Promise<TestDatabase> {
  if (testEngine === 'postgres') {
    const base = process.env.TEST_DATABASE_URL;
    if (!base) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    const sep = base.includes('?') ? '&' : '?';
    const url = `${base}${sep}schema=${schema}`;
    const database = openDatabase(url, { poolSize: 4 });
    await migrateUpTo(database.db, upTo);
    return {
      ...database,
      url,
      drop: async () => {
        await database.close();
        const c = new pg.Client({ connectionString: base });
        await c.connect();
        await c.query(`drop schema ${schema} cascade`);
        await c.end();
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'console-test-'));
  const url = `sqlite:${join(dir, 'test.sqlite')}`;
  const database = openDatabase(url);
  await migrateUpTo(database.db, upTo);
  return {
    ...database,
    url,
    drop: async () => {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

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

/** The real app over a fresh database; `env` overrides configuration for the test. */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  // Uploaded files of one test app live and die with it.
  const uploads = mkdtempSync(join(tmpdir(), 'console-uploads-'));
  const config = loadConfig({ DATABASE_URL: database.url, SEED_DEMO: '0', UPLOAD_DIR: uploads, ...env });
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
