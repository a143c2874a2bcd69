import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAgent } from '../../../test/operators.js';
import { createTestDatabase, type TestDatabase } from '../../../test/test-app.js';
import { migrateToLatest } from '../../db/migrate.js';
import { nowIso } from '../../lib/clock.js';
import { insertStore } from '../stores/test-fixtures.js';
import { chinaDates, userStatistics } from './statistics.js';

// 门店员工's cards come from counts its triggers keep (migration 0210). They must equal the
// aggregate over the rows through every kind of write, per provider and platform-wide, including
// the rows that were there before the migration (its backfill).

const day = (offset: number) => {
  const d = new Date(`${chinaDates().today}T00:00:00.000Z`);
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
};

/** A small seeded generator, so a failure repeats. */
function random(seed: number) {
  let x = seed;
  return (n: number) => {
    x = (x * 1_103_515_245 + 12_345) % 2_147_483_648;
    return x % n;
  };
}

describe('门店员工 statistics from the due-date counts', () => {
  let database: TestDatabase;
  const agents: number[] = [];
  const stores = new Map<number, number>();

  const insertStaff = async (agentId: number, dueDate: string, status: number) => {
    const now = nowIso();
    const row = await database.db
      .insertInto('staffAppletUser')
      .values({
        nickname: '员工',
        phone: '13900001111',
        openId: null,
        deviceType: '',
        appVersion: '',
        lastLoginAt: null,
        dueDate,
        status,
        serviceType: 1,
        agentId,
        storeId: stores.get(agentId)!,
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };

  /** The figures straight from the rows. */
  const fromRows = async (agentId?: number) => {
    const { today, horizon } = chinaDates();
    let q = database.db.selectFrom('staffAppletUser').select(['dueDate', 'status']);
    if (agentId !== undefined) q = q.where('agentId', '=', agentId);
    const rows = await q.execute();
    return {
      total: rows.length,
      active: rows.filter((r) => r.status === 1 && r.dueDate >= today).length,
      expired: rows.filter((r) => r.dueDate < today).length,
      expiringSoon: rows.filter((r) => r.dueDate >= today && r.dueDate <= horizon).length,
    };
  };
  const fromCounts = (agentId?: number) =>
    userStatistics(database.db, 'staffAppletUser', 'dueDate', { agentId: null }, { agentId });

  beforeAll(async () => {
    database = await createTestDatabase('0205-keyword-digit-windows');
    for (let i = 0; i < 3; i += 1) {
      const agentId = await createTestAgent(database.db);
      agents.push(agentId);
      stores.set(agentId, (await insertStore(database.db, agentId)).storeId);
    }
    // Rows from before the migration: its backfill counts them.
    for (const [i, offset] of [-40, -1, 0, 5, 29, 30, 31, 200].entries())
      await insertStaff(agents[i % 3]!, day(offset), i % 4 === 0 ? 2 : 1);
    await migrateToLatest(database.db);
  });
  afterAll(async () => {
    await database.drop();
  });

  it('equal the rows after the backfill and through random inserts, updates and deletes', async () => {
    const next = random(16);
    const ids: number[] = (await database.db.selectFrom('staffAppletUser').select('id').execute()).map((r) => r.id);
    const check = async () => {
      expect(await fromCounts()).toEqual(await fromRows());
      for (const a of agents) expect(await fromCounts(a)).toEqual(await fromRows(a));
    };
    await check();
    for (let step = 0; step < 60; step += 1) {
      const op = next(4);
      const id = ids[next(ids.length)];
      if (op === 0 || id === undefined) {
        ids.push(await insertStaff(agents[next(3)]!, day(next(80) - 40), 1 + next(2)));
      } else if (op === 1) {
        await database.db
          .updateTable('staffAppletUser')
          .set({ dueDate: day(next(80) - 40) })
          .where('id', '=', id)
          .execute();
      } else if (op === 2) {
        // A move to another provider with a status change, or a write naming the columns unchanged.
        const agentId = agents[next(3)]!;
        await database.db
          .updateTable('staffAppletUser')
          .set({ agentId, storeId: stores.get(agentId)!, status: 1 + next(2), nickname: `员工${step}` })
          .where('id', '=', id)
          .execute();
      } else {
        await database.db.deleteFrom('staffAppletUser').where('id', '=', id).execute();
        ids.splice(ids.indexOf(id), 1);
      }
      if (step % 10 === 9) await check();
    }
    await check();
  });
});
