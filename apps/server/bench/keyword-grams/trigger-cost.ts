// What the gram triggers (migrations 0180, 0185, 0205) add to one write, on the engine of
// BENCH_DATABASE_URL (default a scratch SQLite file): single-row statements, each its own
// transaction as an endpoint's write is, timed in rounds with the table's trigger as migrated
// (bigrams and digit windows), with bigrams only (as before 0205) and removed, in turn, over a
// table already holding PREFILL rows.
//
//   npx tsx apps/server/bench/keyword-grams/trigger-cost.ts
//   BENCH_DATABASE_URL='postgres://postgres@127.0.0.1:5432/postgres?schema=grams_bench' npx tsx …
//   (the schema must exist and be empty)
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Kysely, sql } from 'kysely';
import { migrateToLatest } from '../../src/db/migrate.js';
import { createGramTriggers } from '../../src/db/migrations/keyword-gram-index.js';
import { openDatabase } from '../../src/db/open.js';
import type { Database } from '../../src/db/types.js';

const PREFILL = Number(process.env.PREFILL ?? 100_000);
const PER_ROUND = 1_000;
const ROUNDS = 6;

const file = join(tmpdir(), 'keyword-gram-trigger-cost.sqlite');
const url = process.env.BENCH_DATABASE_URL ?? `sqlite:${file}`;
if (!process.env.BENCH_DATABASE_URL) for (const f of [file, `${file}-wal`, `${file}-shm`]) rmSync(f, { force: true });
const database = openDatabase(url, { poolSize: 1 });
const db = database.db;
const pg = database.kind === 'postgres';

// Operation-log actions as the endpoints write them (summaries, a few with a name in them).
const ACTIONS = ['新增门店', '修改门店', '删除门店', '登录', '导出门店员工', '修改店主账号到期日（原因：续费）'];
const at = () => new Date().toISOString();
const opLog = (i: number) => ({
  operatorId: null,
  operatorName: '管理员(admin)',
  adminType: 0,
  agentId: null,
  module: '门店管理',
  action: i % 50 === 0 ? `彻底删除门店：门店${i}（S${i}）` : ACTIONS[i % ACTIONS.length]!,
  method: 'POST',
  path: '/api/store/update',
  params: '{"id":"1","name":"门店"}',
  changes: '[]',
  targetId: String(i),
  result: 1,
  errMsg: '',
  ip: '10.0.0.1',
  userAgent: 'Mozilla/5.0',
  durationMs: 3,
  at: at(),
});
const sms = (i: number) => ({
  agentId: null,
  channelId: null,
  phone: `138${String(i).padStart(8, '0')}`,
  purpose: 1,
  content: `【云泊】您的验证码为 ******，5 分钟内有效。门店 杭州西湖${i % 997} 号店，请勿泄露。`,
  plainContent: '',
  status: 1,
  sentAt: at(),
  createdAt: at(),
  updatedAt: at(),
});

interface Case {
  name: string;
  table: string;
  /** The table's indexed columns (as migrated), to recreate its triggers without digit windows. */
  columns: string[];
  /** Triggers to switch off for the "without" rounds (SQLite names; PostgreSQL has one per table). */
  triggers: string[];
  prefill: (from: number, n: number) => Promise<void>;
  write: (i: number) => Promise<void>;
}

const cases: Case[] = [
  {
    name: 'operation_log insert (action)',
    table: 'operation_log',
    columns: ['action'],
    triggers: ['search_gram_operation_log_ai'],
    prefill: async (from, n) => {
      await db
        .insertInto('operationLog')
        .values(Array.from({ length: n }, (_, i) => opLog(from + i)))
        .execute();
    },
    write: async (i) => {
      await db.insertInto('operationLog').values(opLog(i)).execute();
    },
  },
  {
    name: 'sms_log insert (phone, content)',
    table: 'sms_log',
    columns: ['phone', 'content'],
    triggers: ['search_gram_sms_log_ai'],
    prefill: async (from, n) => {
      await db
        .insertInto('smsLog')
        .values(Array.from({ length: n }, (_, i) => sms(from + i)))
        .execute();
    },
    write: async (i) => {
      await db.insertInto('smsLog').values(sms(i)).execute();
    },
  },
  {
    name: 'sms_log update of content',
    table: 'sms_log',
    columns: ['phone', 'content'],
    triggers: ['search_gram_sms_log_au'],
    prefill: async () => {},
    write: async (i) => {
      await db
        .updateTable('smsLog')
        .set({ content: `${sms(i).content}（重发 ${i}）` })
        .where('id', '=', 1 + ((i * 7919) % PREFILL))
        .execute();
    },
  },
];

async function withoutTriggers(c: Case, run: () => Promise<number>): Promise<number> {
  if (pg) {
    await sql.raw(`alter table ${c.table} disable trigger search_gram_${c.table}`).execute(db);
    try {
      return await run();
    } finally {
      await sql.raw(`alter table ${c.table} enable trigger search_gram_${c.table}`).execute(db);
    }
  }
  const saved: string[] = [];
  for (const name of c.triggers) {
    const { rows } = await sql<{ sql: string }>`select sql from sqlite_master where name = ${name}`.execute(db);
    saved.push(rows[0]!.sql);
    await sql.raw(`drop trigger ${name}`).execute(db);
  }
  try {
    return await run();
  } finally {
    for (const text of saved) await sql.raw(text).execute(db);
  }
}

/** Runs with the table's triggers keeping bigrams only, then puts the migrated ones back. */
async function bigramsOnly(c: Case, run: () => Promise<number>): Promise<number> {
  const unknownDb = db as unknown as Kysely<unknown>;
  await createGramTriggers(unknownDb, pg, c.table, c.columns, { digitWindows: false });
  try {
    return await run();
  } finally {
    await createGramTriggers(unknownDb, pg, c.table, c.columns);
  }
}

async function round(c: Case, start: number): Promise<number> {
  const t0 = performance.now();
  for (let i = 0; i < PER_ROUND; i += 1) await c.write(start + i);
  return ((performance.now() - t0) / PER_ROUND) * 1000;
}

async function main(db: Kysely<Database>): Promise<void> {
  await migrateToLatest(db);
  console.log(`${database.kind}, ${PREFILL} rows in each table first, ${ROUNDS} rounds of ${PER_ROUND} writes`);
  let next = 1;
  for (const c of cases) {
    const t0 = performance.now();
    for (let done = 0; done < PREFILL && c.name.includes('insert'); done += 500) {
      await c.prefill(next, Math.min(500, PREFILL - done));
      next += 500;
    }
    const filled = performance.now() - t0;
    const withUs: number[] = [];
    const bigramUs: number[] = [];
    const withoutUs: number[] = [];
    for (let r = 0; r < ROUNDS; r += 1) {
      withUs.push(await round(c, next));
      next += PER_ROUND;
      bigramUs.push(await bigramsOnly(c, () => round(c, next)));
      next += PER_ROUND;
      withoutUs.push(await withoutTriggers(c, () => round(c, next)));
      next += PER_ROUND;
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const w = median(withUs);
    const b = median(bigramUs);
    const wo = median(withoutUs);
    console.log(
      `${c.name}: ${w.toFixed(0)} µs with the trigger, ${b.toFixed(0)} µs with bigrams only, ${wo.toFixed(0)} µs without` +
        ` (median of rounds; trigger +${(w - wo).toFixed(0)} µs, of which digit windows +${(w - b).toFixed(0)} µs)` +
        (filled > 1 ? `; prefill ${(filled / 1000).toFixed(1)} s` : ''),
    );
  }
}

main(db)
  .finally(() => database.close())
  .catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  });
