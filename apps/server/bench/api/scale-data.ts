import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { loadConfig } from '../../src/config.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { openDatabase } from '../../src/db/open.js';
import { prepareDatabase } from '../../src/scripts/seed/index.js';
import { seedScale } from '../../src/scripts/seed/scale.js';
import type { Database } from '../../src/db/types.js';
import { DATA_DIR, finished, markFinished } from './data.js';

/**
 * The demo database plus the scale generator's data for `stores` stores (`npm run seed -- --scale`,
 * every table the enterprise and store screens read, in the generator's proportions), analysed.
 * A SQLite file under .data, reused between runs like ./data.ts's files.
 */
export async function scaleDatabase(stores: number, log: (line: string) => void): Promise<string> {
  const file = join(DATA_DIR, `api-scale-${stores}.sqlite`);
  if (existsSync(file)) {
    // A reused file follows the code's migrations, as a deployed server's database does.
    const database = openDatabase(`sqlite:${file}`);
    await migrateToLatest(database.db).finally(() => database.close());
    return `sqlite:${file}`;
  }
  mkdirSync(DATA_DIR, { recursive: true });
  const building = `${file}.building`;
  rmSync(building, { force: true });
  log(`生成 SQLite 规模数据：${stores.toLocaleString()} 家门店 → ${file}`);
  const url = `sqlite:${building}`;
  await fillScale(url, stores, log);
  for (const suffix of ['-wal', '-shm']) rmSync(building + suffix, { force: true });
  renameSync(building, file);
  return `sqlite:${file}`;
}

/**
 * The same data in a PostgreSQL database `bench_scale_<stores>` on the server of `adminUrl`, kept
 * for the next run like the SQLite file (reused only when its generation finished), and migrated
 * to the code's latest on reuse.
 */
export async function scalePostgres(adminUrl: string, stores: number, log: (line: string) => void): Promise<string> {
  const name = `bench_scale_${stores}`;
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount && (await finished(url.toString()))) {
      const database = openDatabase(url.toString());
      await migrateToLatest(database.db).finally(() => database.close());
      return url.toString();
    }
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  log(`生成 PostgreSQL 规模数据：${stores.toLocaleString()} 家门店 → 数据库 ${name}`);
  await fillScale(url.toString(), stores, log);
  await markFinished(url.toString());
  return url.toString();
}

/**
 * Migrations, the demo data, the scale generator's rows, then the planner's statistics; on
 * PostgreSQL also a VACUUM, so index-only scans of the bulk-written search_gram skip the heap
 * (a settled database's state: autovacuum gets there by itself some time after bulk inserts).
 */
async function fillScale(url: string, stores: number, log: (line: string) => void): Promise<void> {
  const database = openDatabase(url);
  try {
    await migrateToLatest(database.db);
    await prepareDatabase(database.db, loadConfig({ DATABASE_URL: url, SEED_DEMO: '1', LOG_LEVEL: 'silent' }));
    await generate(database.db, stores, log);
    await (database.kind === 'postgres' ? sql`vacuum analyze` : sql`analyze`).execute(database.db);
  } finally {
    await database.close();
  }
}

async function generate(db: Kysely<Database>, stores: number, log: (line: string) => void): Promise<void> {
  let said = 0;
  await seedScale(db, {
    stores,
    chunk: 5_000,
    onProgress: (done, total, ms) => {
      if (done - said < total / 10 && done < total) return;
      said = done;
      log(`  门店 ${done.toLocaleString()}/${total.toLocaleString()}，${(ms / 1000).toFixed(0)} 秒`);
    },
  });
}
