import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { loadConfig } from '../../src/config.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { openDatabase } from '../../src/db/open.js';
import { prepareDatabase } from '../../src/scripts/seed/index.js';
import { DATA_DIR } from './data.js';

/** Generated creation times spread over two years before this instant (seconds), not in id order. */
const ANCHOR_S = Date.UTC(2026, 10, 1) / 1000;
const SPREAD_S = 2 * 365 * 86_400;

/**
 * The demo database plus `rows` platform accounts (admin_type 0, 80 % enabled) and `rows` stores
 * spread round-robin over the demo enterprises (so over every provider), with the statuses,
 * types and expiry dates the store list filters on. Reused between runs like ./data.ts's files.
 */
export async function listsDatabase(rows: number, log: (line: string) => void): Promise<string> {
  const file = join(DATA_DIR, `api-lists-${rows}.sqlite`);
  if (existsSync(file)) return `sqlite:${file}`;
  mkdirSync(DATA_DIR, { recursive: true });
  const building = `${file}.building`;
  rmSync(building, { force: true });
  log(`生成 SQLite 数据：${rows.toLocaleString()} 个平台账号与门店 → ${file}`);
  const url = `sqlite:${building}`;
  const database = openDatabase(url);
  const db = database.db;
  try {
    await migrateToLatest(db);
    await prepareDatabase(db, loadConfig({ DATABASE_URL: url, SEED_DEMO: '1', LOG_LEVEL: 'silent' }));
    const seq = sql`with recursive seq(n) as (select 1 union all select n + 1 from seq where n < ${sql.lit(rows)})`;
    const created = sql`strftime('%Y-%m-%dT%H:%M:%fZ', ${sql.lit(ANCHOR_S)} - (n * 7919) % ${sql.lit(SPREAD_S)}, 'unixepoch')`;
    await sql`${seq} insert into admin (login_name, name, phone, email, admin_type, password_hash, open,
        created_at, updated_at, version)
      select printf('bench%06d', n), printf('平台账号%06d', n), printf('138%08d', n), '', 0, '-',
        case when n % 10 < 8 then 1 else 0 end, ${created}, ${created}, 1 from seq`.execute(db);
    await sql`create temp table bench_enterprise as
      select row_number() over (order by id) - 1 as k, id, agent_id from enterprise`.execute(db);
    await sql`${seq} insert into store (store_no, name, agent_id, enterprise_id, store_type, contact_phone,
        status, web_expire_at, created_at, updated_at, version)
      select printf('BS%08d', n), printf('压测门店%06d', n), e.agent_id, e.id, 1 + n % 2, printf('139%08d', n),
        case when n % 20 = 0 then 0 when n % 20 = 1 then 4 when n % 10 < 8 then 1 else 2 end,
        date(${sql.lit(ANCHOR_S)} + (n * 104729) % ${sql.lit(SPREAD_S)}, 'unixepoch'), ${created}, ${created}, 1
      from seq join bench_enterprise e on e.k = n % (select count(*) from bench_enterprise)`.execute(db);
    await sql`analyze`.execute(db);
  } finally {
    await database.close();
  }
  for (const suffix of ['-wal', '-shm']) rmSync(building + suffix, { force: true });
  renameSync(building, file);
  return `sqlite:${file}`;
}
