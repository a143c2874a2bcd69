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
import { rebuildListSums } from '../../src/modules/finance/list-sum-rebuild.js';
import { rebuildRollups } from '../../src/modules/reports/rollup-rebuild.js';
import { DATA_DIR } from '../api/data.js';

// The reports suite's database (issue 18): the scale generator's providers, stores and devices
// (1 000 providers, 6 000 stores) beside the demo accounts and data, then `payments` payment rows — nine in ten store payments, one
// in ten provider payments — over the three years before ANCHOR, generated inside the database by
// INSERT … SELECT over a number series in chunks of a million (one transaction each, no row
// crosses into JavaScript), with the payment tables' secondary indexes dropped during the load
// and built once after it; then the rollups (the reports' and the payment lists' sums) rebuilt.
// Cached: a SQLite file under .data/, or a kept PostgreSQL database bench_reports_<payments>
// marked finished.

const CHUNK = 1_000_000;
const STORES = 6_000;
const PROVIDERS = 1_000;
/** Payments end the day before this instant and start three years earlier (seconds). */
const ANCHOR_S = Date.UTC(2026, 10, 26) / 1000;
const SPAN_S = 3 * 365 * 86_400;
const PAYMENT_TABLES = ['store_payment', 'provider_payment'] as const;

type Log = (line: string) => void;

export async function reportsSqlite(payments: number, log: Log): Promise<string> {
  const file = join(DATA_DIR, `reports-payments-${payments}.sqlite`);
  if (existsSync(file)) return `sqlite:${file}`;
  mkdirSync(DATA_DIR, { recursive: true });
  const building = `${file}.building`;
  for (const suffix of ['', '-wal', '-shm']) rmSync(building + suffix, { force: true });
  log(`生成 SQLite 报表数据：${payments.toLocaleString()} 笔缴费 → ${file}`);
  await fill(`sqlite:${building}`, payments, log);
  for (const suffix of ['-wal', '-shm']) rmSync(building + suffix, { force: true });
  renameSync(building, file);
  return `sqlite:${file}`;
}

/** The kept PostgreSQL database (reused when a previous generation finished). */
export async function reportsPostgres(adminUrl: string, payments: number, log: Log): Promise<string> {
  const name = `bench_reports_${payments}`;
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount && (await finished(url.toString()))) {
      log(`沿用 PostgreSQL 数据库 ${name}`);
      return url.toString();
    }
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  log(`生成 PostgreSQL 报表数据：${payments.toLocaleString()} 笔缴费 → 数据库 ${name}`);
  await fill(url.toString(), payments, log);
  const c = new pg.Client({ connectionString: url.toString() });
  await c.connect();
  await c.query('create table bench_generated (at timestamptz not null default now())');
  await c.end();
  return url.toString();
}

async function finished(url: string): Promise<boolean> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const r = await c.query("select 1 from pg_tables where tablename = 'bench_generated'");
    return (r.rowCount ?? 0) > 0;
  } finally {
    await c.end();
  }
}

async function fill(url: string, payments: number, log: Log): Promise<void> {
  const config = loadConfig({ DATABASE_URL: url, SEED_DEMO: '1', LOG_LEVEL: 'silent' });
  const database = openDatabase(url);
  const db = database.db;
  const started = Date.now();
  const elapsed = () => `${((Date.now() - started) / 1000).toFixed(0)} 秒`;
  try {
    await migrateToLatest(db);
    await prepareDatabase(db, config);
    await seedScale(db, { stores: STORES, providers: PROVIDERS, seed: 18 });
    log(`  服务商、门店和设备，${elapsed()}`);
    const pgEngine = database.kind === 'postgres';
    if (!pgEngine) {
      // The load is rebuilt from scratch on failure: no journal fsyncs, a big page cache.
      await sql`pragma synchronous = off`.execute(db);
      await sql`pragma cache_size = -1000000`.execute(db);
    }
    for (const table of ['store_payment', 'provider_payment']) await leaveKeywordIndex(db, pgEngine, table);
    const indexes = await secondaryIndexes(db, pgEngine);
    for (const ix of indexes) await sql`drop index ${sql.id(ix.name)}`.execute(db);
    await sql`create table bench_store as
      select row_number() over (order by id) - 1 as k, id, agent_id from store`.execute(db);
    const stores = Number((await sql<{ n: number }>`select count(*) as n from bench_store`.execute(db)).rows[0]?.n);
    const providerRows = Math.round(payments / 10);
    const storeRows = payments - providerRows;
    for (const [table, rows] of [
      ['store_payment', storeRows],
      ['provider_payment', providerRows],
    ] as const) {
      for (let from = 1; from <= rows; from += CHUNK) {
        const to = Math.min(rows, from + CHUNK - 1);
        await db.transaction().execute((trx) => insertPayments(trx, pgEngine, table, { from, to, rows, stores }));
        log(`  ${table} ${to.toLocaleString()} / ${rows.toLocaleString()}，${elapsed()}`);
      }
    }
    await sql`drop table bench_store`.execute(db);
    for (const ix of indexes) {
      await sql.raw(ix.definition).execute(db);
      log(`  索引 ${ix.name}，${elapsed()}`);
    }
    log(`  报表汇总：${(await rebuildRollups(db)).toLocaleString()} 行日汇总，${elapsed()}`);
    log(`  缴费列表合计汇总：${(await rebuildListSums(db)).toLocaleString()} 行日汇总，${elapsed()}`);
    if (pgEngine) await sql`vacuum analyze`.execute(db);
    else await sql`analyze`.execute(db);
    log(`  完成，${elapsed()}`);
  } finally {
    await database.close();
  }
}

async function secondaryIndexes(db: Kysely<Database>, pgEngine: boolean) {
  const tables = sql.join(PAYMENT_TABLES.map((t) => sql.lit(t)));
  const found = pgEngine
    ? await sql<{ name: string; definition: string }>`
        select indexname as name, indexdef as definition from pg_indexes
        where schemaname = 'public' and tablename in (${tables})
          and indexname not in (select conname from pg_constraint)`.execute(db)
    : await sql<{ name: string; definition: string }>`
        select name, sql as definition from sqlite_master
        where type = 'index' and tbl_name in (${tables}) and sql is not null`.execute(db);
  return found.rows;
}

/**
 * Rows `from`…`to` of `rows`: paid times rise with n over the three years (as ids do in life),
 * stores spread by a multiplicative step; one in 50 pending (no paid time), one in 97 refunded
 * two days after payment, the rest paid.
 */
async function insertPayments(
  db: Kysely<Database>,
  pgEngine: boolean,
  table: (typeof PAYMENT_TABLES)[number],
  at: { from: number; to: number; rows: number; stores: number },
) {
  const iso = (seconds: ReturnType<typeof sql>) =>
    pgEngine
      ? sql`to_char(to_timestamp(${seconds}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
      : sql`strftime('%Y-%m-%dT%H:%M:%fZ', ${seconds}, 'unixepoch')`;
  const paidS = sql`(${sql.lit(ANCHOR_S - SPAN_S)} + (n * ${sql.lit(SPAN_S)}) / ${sql.lit(at.rows)})`;
  const paid = iso(paidS);
  const refunded = iso(sql`${paidS} + 172800`);
  const status = sql`case when n % 50 = 0 then 0 when n % 97 = 0 then 2 else 1 end`;
  const no = (prefix: string) =>
    pgEngine ? sql`${prefix} || lpad(n::text, 10, '0')` : sql`printf(${prefix} || '%010d', n)`;
  const common = sql`${status}, case when n % 50 = 0 then null else ${paid} end,
    case when n % 50 <> 0 and n % 97 = 0 then ${refunded} else null end, ${paid}, ${paid}, 1, ''`;
  const select =
    table === 'store_payment'
      ? sql`select s.agent_id, s.id, ${no('BSP')},
          case when n % 10 < 5 then 1 when n % 10 < 8 then 2 when n % 10 = 8 then 3 else 4 end, 12,
          10000 + (n * 7919 % 50) * 1000 as amount, 1 + n % 4, ${common},
          case when n % 50 <> 0 and n % 97 = 0 then 10000 + (n * 7919 % 50) * 1000 else 0 end
        from seq join bench_store s on s.k = (n * 7919) % ${sql.lit(at.stores)}`
      : sql`select s.agent_id, null, ${no('BPP')}, 1 + n % 5, 1 + n % 3,
          case n % 5 when 0 then 98000 when 1 then 68000 when 2 then 30000 when 3 then 5000 else 2000 end,
          (1 + n % 3) * case n % 5 when 0 then 98000 when 1 then 68000 when 2 then 30000 when 3 then 5000 else 2000 end,
          1 + n % 4, ${common},
          case when n % 50 <> 0 and n % 97 = 0
            then (1 + n % 3) * case n % 5 when 0 then 98000 when 1 then 68000 when 2 then 30000 when 3 then 5000 else 2000 end
            else 0 end
        from seq join bench_store s on s.k = (n * 7919) % ${sql.lit(at.stores)}`;
  const columns =
    table === 'store_payment'
      ? sql`(agent_id, store_id, payment_no, item, months, amount, channel, status, paid_at, refunded_at,
          created_at, updated_at, version, remark, refund_amount)`
      : sql`(agent_id, store_id, record_no, item, quantity, unit_price, amount, channel, status, paid_at, refunded_at,
          created_at, updated_at, version, remark, refund_amount)`;
  const series = pgEngine
    ? sql`with seq as (select generate_series(${sql.lit(at.from)}::bigint, ${sql.lit(at.to)}::bigint) as n)`
    : sql`with recursive seq(n) as (select ${sql.lit(at.from)} union all select n + 1 from seq where n < ${sql.lit(at.to)})`;
  await sql`${series} insert into ${sql.table(table)} ${columns} ${select}`.execute(db);
}

/**
 * Takes a payment table out of the bigram keyword index (migration 0185) for the bench data: its
 * triggers would write about ten grams per payment (SQLite's load went from 561 to 1 414 s, and
 * PostgreSQL's had done one million of ten in nine minutes). Without its `search_gram_source` rows
 * the list machinery answers these lists' keyword filter with a plain LIKE, so results stay exact;
 * the reports bench measures no payment keyword.
 */
async function leaveKeywordIndex(db: Kysely<Database>, pg: boolean, table: string): Promise<void> {
  if (pg) await sql.raw(`drop trigger if exists search_gram_${table} on ${table}`).execute(db);
  else
    for (const kind of ['ai', 'ad', 'au'])
      await sql.raw(`drop trigger if exists search_gram_${table}_${kind}`).execute(db);
  await sql`delete from search_gram where tbl = ${table}`.execute(db);
  await sql`delete from search_gram_source where tbl = ${table}`.execute(db);
}
