import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { loadConfig } from '../../src/config.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { openDatabase } from '../../src/db/open.js';
import { prepareDatabase } from '../../src/scripts/seed/index.js';
import type { Database } from '../../src/db/types.js';

/** Generated databases live here, keyed by engine and row count, reused between runs; never committed. */
export const DATA_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '.data');

/** Gateway rows per INSERT … SELECT statement (one transaction each). */
const CHUNK = 1_000_000;
/** Generated creation times spread over two years before this instant (seconds). */
const ANCHOR_S = Date.UTC(2026, 10, 1) / 1000;
const SPREAD_S = 2 * 365 * 86_400;

/**
 * The demo database (providers, stores, operators such as agent1) plus `rows` generated gateway
 * devices, spread round-robin over every provider's stores so the tenant scope matters: each
 * provider's operators see their share only. About 60 % are online (the benchmark's filter);
 * creation times are a permutation over two years, so the created_at order is not the id order.
 */
export async function sqliteDatabase(rows: number, log: (line: string) => void): Promise<string> {
  const file = join(DATA_DIR, `api-gateways-${rows}.sqlite`);
  if (existsSync(file)) return `sqlite:${file}`;
  mkdirSync(DATA_DIR, { recursive: true });
  const building = `${file}.building`;
  rmSync(building, { force: true });
  const url = `sqlite:${building}`;
  log(`生成 SQLite 数据：${rows.toLocaleString()} 行网关设备 → ${file}`);
  await fill(url, rows, log);
  for (const suffix of ['-wal', '-shm']) rmSync(building + suffix, { force: true });
  renameSync(building, file);
  return `sqlite:${file}`;
}

/**
 * A scratch PostgreSQL database filled the same way; `drop` removes it. With `keep` the database
 * (named by its row count) is left in place and reused by the next run, like the SQLite files.
 */
export async function postgresDatabase(
  adminUrl: string,
  rows: number,
  log: (line: string) => void,
  keep = false,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = keep ? `bench_api_${rows}` : `bench_api_${rows}_${process.pid}`;
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
  const drop = async () => {
    if (keep) return;
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  };
  if (keep && found.rowCount && (await finished(url.toString()))) {
    await admin.end();
    log(`沿用 PostgreSQL 数据库 ${name}`);
    return { url: url.toString(), drop };
  }
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  try {
    log(`生成 PostgreSQL 数据：${rows.toLocaleString()} 行网关设备 → ${keep ? '' : '临时'}数据库 ${name}`);
    await fill(url.toString(), rows, log);
    await markFinished(url.toString());
  } catch (err) {
    await drop();
    throw err;
  }
  return { url: url.toString(), drop };
}

/** A kept database is only reused when its generation ran to the end (its bench_generated table). */
export async function finished(url: string): Promise<boolean> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const r = await c.query("select 1 from pg_tables where tablename = 'bench_generated'");
    return (r.rowCount ?? 0) > 0;
  } finally {
    await c.end();
  }
}

export async function markFinished(url: string): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query('create table bench_generated (at timestamptz not null default now())');
  await c.end();
}

async function fill(url: string, rows: number, log: (line: string) => void): Promise<void> {
  const config = loadConfig({ DATABASE_URL: url, SEED_DEMO: '1', LOG_LEVEL: 'silent' });
  const database = openDatabase(url);
  const db = database.db;
  try {
    await migrateToLatest(db);
    await prepareDatabase(db, config);
    const pgEngine = database.kind === 'postgres';
    const started = Date.now();
    // Building the secondary indexes once after the rows is several times faster than keeping
    // them up to date row by row; they are recreated from their own stored definitions.
    const indexes = await secondaryIndexes(db, pgEngine);
    for (const ix of indexes) await sql`drop index ${sql.id(ix.name)}`.execute(db);
    await sql`create table bench_store as
      select row_number() over (order by agent_id, id) - 1 as k, id, agent_id from store`.execute(db);
    const stores = Number(
      (await sql<{ n: number }>`select count(*) as n from bench_store`.execute(db)).rows[0]?.n ?? 0,
    );
    if (stores === 0) throw new Error('演示数据里没有门店');
    for (let from = 1; from <= rows; from += CHUNK) {
      const to = Math.min(rows, from + CHUNK - 1);
      await insertGateways(db, pgEngine, from, to, stores);
      log(`  ${to.toLocaleString()} / ${rows.toLocaleString()} 行，${((Date.now() - started) / 1000).toFixed(0)} 秒`);
    }
    await sql`drop table bench_store`.execute(db);
    for (const ix of indexes) {
      await sql.raw(ix.definition).execute(db);
      log(`  索引 ${ix.name}，${((Date.now() - started) / 1000).toFixed(0)} 秒`);
    }
    if (pgEngine) await sql`vacuum analyze gateway_device`.execute(db);
    else await sql`analyze`.execute(db);
    log(`  完成，${((Date.now() - started) / 1000).toFixed(0)} 秒`);
  } finally {
    await database.close();
  }
}

async function secondaryIndexes(db: Kysely<Database>, pgEngine: boolean) {
  const found = pgEngine
    ? await sql<{ name: string; definition: string }>`
        select indexname as name, indexdef as definition from pg_indexes
        where schemaname = 'public' and tablename = 'gateway_device' and indexname not in (select conname from pg_constraint)`.execute(
        db,
      )
    : await sql<{ name: string; definition: string }>`
        select name, sql as definition from sqlite_master
        where type = 'index' and tbl_name = 'gateway_device' and sql is not null`.execute(db);
  return found.rows;
}

/** Rows `from`…`to` in one INSERT … SELECT over a generated series (no row crosses into JavaScript). */
async function insertGateways(db: Kysely<Database>, pgEngine: boolean, from: number, to: number, stores: number) {
  const created = pgEngine
    ? sql`to_char(to_timestamp(${sql.lit(ANCHOR_S)} - (n * 7919) % ${sql.lit(SPREAD_S)}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
    : sql`strftime('%Y-%m-%dT%H:%M:%fZ', ${sql.lit(ANCHOR_S)} - (n * 7919) % ${sql.lit(SPREAD_S)}, 'unixepoch')`;
  const name = pgEngine ? sql`'BG' || lpad(n::text, 10, '0')` : sql`printf('BG%010d', n)`;
  const ip = sql`'10.' || (n / 65536 % 256) || '.' || (n / 256 % 256) || '.' || (n % 256)`;
  const select = sql`
    select ${name}, s.agent_id, s.id, ${ip},
      case n % 4 when 0 then 'V2.0.8' when 1 then 'V2.1.0' when 2 then 'V2.1.3' else 'V2.2.0' end,
      case when n % 10 < 6 then 1 else 0 end,
      ${created}, ${created}, '', 0, '', ${created}, ${created}, 1
    from seq join bench_store s on s.k = n % ${sql.lit(stores)}`;
  const columns = sql`(device_name, agent_id, store_id, ip, firmware_version, communication_status,
    last_seen_at, bound_at, device_code, restarting, remark, created_at, updated_at, version)`;
  await db.transaction().execute(async (trx) => {
    if (pgEngine) {
      await sql`with seq as (select generate_series(${sql.lit(from)}::bigint, ${sql.lit(to)}::bigint) as n)
        insert into gateway_device ${columns} ${select}`.execute(trx);
    } else {
      await sql`with recursive seq(n) as (select ${sql.lit(from)} union all select n + 1 from seq where n < ${sql.lit(to)})
        insert into gateway_device ${columns} ${select}`.execute(trx);
    }
  });
}
