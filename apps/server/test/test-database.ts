import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import PgBoss from 'pg-boss';
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
 * A fresh, migrated database: a temp SQLite file, or a scratch PostgreSQL database. `upTo` stops
 * after that migration (a test of the next one writes rows the old way first).
 *
 * Running every migration for each of the run's hundreds of databases cost ~2 s each on
 * PostgreSQL (most of the server-postgres project's time): a fully migrated database is instead
 * a copy of a template this process migrated once (a file copy on SQLite, `create database …
 * template` on PostgreSQL, ~0.1 s). A database stopped at `upTo` is still migrated step by step.
 */
export async function createTestDatabase(upTo?: string): Promise<TestDatabase> {
  if (testEngine === 'postgres') return scratchPostgres(upTo);
  const dir = mkdtempSync(join(tmpdir(), 'console-test-'));
  const file = join(dir, 'test.sqlite');
  if (!upTo) copyFileSync(await sqliteTemplate(), file);
  const url = `sqlite:${file}`;
  const database = openDatabase(url);
  if (upTo) await migrateUpTo(database.db, upTo);
  return {
    ...database,
    url,
    drop: async () => {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

let sqliteTemplateFile: Promise<string> | undefined;
/** Migrated once per test process; closed, so its WAL is checkpointed into the one file copied. */
function sqliteTemplate(): Promise<string> {
  sqliteTemplateFile ??= (async () => {
    const dir = mkdtempSync(join(tmpdir(), 'console-test-template-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    const file = join(dir, 'template.sqlite');
    const database = openDatabase(`sqlite:${file}`);
    await migrateUpTo(database.db);
    await database.close();
    return file;
  })();
  return sqliteTemplateFile;
}

function postgresBase(): string {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  return base;
}

/** `TEST_DATABASE_URL` with another database name (its query string kept). */
function postgresUrlFor(database: string): string {
  const url = new URL(postgresBase());
  url.pathname = `/${database}`;
  return url.toString();
}

/** Every scratch database of a run is named after TEST_DATABASE_URL's (see postgres-global-setup). */
export function scratchDatabasePrefix(): string {
  return `${new URL(postgresBase()).pathname.slice(1)}_`;
}

/** A connection to TEST_DATABASE_URL's database, for creating and dropping the others. */
export async function withAdmin<T>(run: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: postgresBase() });
  await admin.connect();
  try {
    return await run(admin);
  } finally {
    await admin.end();
  }
}

const scratchName = () => `${scratchDatabasePrefix()}${randomBytes(6).toString('hex')}`;

let postgresTemplateName: Promise<string> | undefined;
/** Migrated once per test process; no connection stays open on it (a clone needs none). */
function postgresTemplate(): Promise<string> {
  postgresTemplateName ??= (async () => {
    const name = `${scratchDatabasePrefix()}template_${process.pid}`;
    await withAdmin(async (admin) => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.query(`create database ${name}`);
    });
    const database = openDatabase(postgresUrlFor(name), { poolSize: 2 });
    try {
      await migrateUpTo(database.db);
      // The job engine's own schema (plugins/jobs): installed once here, each copy's pg-boss
      // start finds it current instead of spending ~1 s creating it per test app.
      await sql.raw(PgBoss.getConstructionPlans('pgboss')).execute(database.db);
    } finally {
      await database.close();
    }
    return name;
  })();
  return postgresTemplateName;
}

/** A scratch database: a copy of the template, or empty and migrated up to `upTo`. */
async function scratchPostgres(upTo?: string): Promise<TestDatabase> {
  const name = scratchName();
  const template = upTo ? '' : ` template ${await postgresTemplate()}`;
  await withAdmin((admin) => admin.query(`create database ${name}${template}`));
  const database = postgresIn(name);
  if (upTo) await migrateUpTo(database.db, upTo);
  return database;
}

function postgresIn(name: string): TestDatabase {
  const url = postgresUrlFor(name);
  const database = openDatabase(url, { poolSize: 4 });
  return {
    ...database,
    url,
    drop: async () => {
      await database.close();
      await withAdmin((admin) => dropOnceUnused(admin, name));
    },
  };
}

/**
 * pg's pool resolves `end()` while its clients are still saying goodbye; `with (force)` at that
 * moment kills them mid-close, and each reports the termination as an uncaught error. So the
 * drop waits for the connections to leave, and forces only a database something still holds
 * open after a few seconds (a leak the test should see).
 */
async function dropOnceUnused(admin: pg.Client, name: string): Promise<void> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    try {
      await admin.query(`drop database if exists ${name}`);
      return;
    } catch (error) {
      const inUse = (error as { code?: string }).code === '55006';
      if (!inUse) throw error;
      if (Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
  await admin.query(`drop database if exists ${name} with (force)`);
}
