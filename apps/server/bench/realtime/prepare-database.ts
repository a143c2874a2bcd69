import { rmSync } from 'node:fs';
import { loadConfig } from '../../src/config.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { openDatabase } from '../../src/db/open.js';
import { prepareDatabase } from '../../src/scripts/seed/index.js';
import { nowIso } from '../../src/lib/clock.js';
import { SessionStore } from '../../src/credentials/sessions.js';

/** A signed-in operator the benchmark opens a socket for. */
export interface BenchSession {
  adminId: number;
  token: string;
}

export interface RealtimeDatabase {
  url: string;
  /** The platform admin who sends the system messages. */
  sender: BenchSession;
  /** Provider operators, every one with its own session. */
  operators: BenchSession[];
}

const ROWS_PER_INSERT = 500;

/**
 * A fresh SQLite database with the demo accounts and `count` provider operators (admins and
 * staff of the two demo providers), each signed in. Sessions are opened with the server's own
 * SessionStore instead of `count` argon2 sign-ins; tokens exist only in memory, so the file is
 * rebuilt every run.
 */
export async function prepareRealtimeDatabase(file: string, count: number): Promise<RealtimeDatabase> {
  for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
  const url = `sqlite:${file}`;
  const config = loadConfig({ DATABASE_URL: url, SEED_DEMO: '1' });
  const database = openDatabase(url);
  try {
    const db = database.db;
    await migrateToLatest(db);
    await prepareDatabase(db, config);
    const agent1 = await db
      .selectFrom('admin')
      .where('loginName', '=', 'agent1')
      .select(['agentId', 'passwordHash'])
      .executeTakeFirstOrThrow();
    const agent2 = await db
      .selectFrom('admin')
      .where('loginName', '=', 'agent2')
      .select('agentId')
      .executeTakeFirstOrThrow();
    const admin = await db.selectFrom('admin').where('loginName', '=', 'admin').select('id').executeTakeFirstOrThrow();
    const sessions = new SessionStore(db, config);
    const meta = { ip: '127.0.0.1', userAgent: 'bench-realtime' };

    return await db.transaction().execute(async (trx) => {
      const now = nowIso();
      const ids: number[] = [];
      for (let start = 0; start < count; start += ROWS_PER_INSERT) {
        const rows = Array.from({ length: Math.min(ROWS_PER_INSERT, count - start) }, (_, k) => {
          const n = start + k;
          return {
            loginName: `bench_op_${n}`,
            name: `压测操作员${n}`,
            phone: '',
            email: '',
            // One in ten is a provider admin, the rest staff; alternating between the two providers.
            adminType: n % 10 === 0 ? 1 : 2,
            agentId: n % 2 === 0 ? agent1.agentId : agent2.agentId,
            // Never used to sign in; the same format as a real account's.
            passwordHash: agent1.passwordHash,
            open: 1,
            headImg: '',
            changePsw: 0,
            failedCount: 0,
            createdAt: now,
            updatedAt: now,
          };
        });
        const inserted = await trx.insertInto('admin').values(rows).returning('id').execute();
        ids.push(...inserted.map((r) => r.id));
      }
      const operators: BenchSession[] = [];
      for (const adminId of ids) operators.push({ adminId, token: await sessions.create(trx, adminId, meta) });
      const sender = { adminId: admin.id, token: await sessions.create(trx, admin.id, meta) };
      return { url, sender, operators };
    });
  } finally {
    await database.close();
  }
}
