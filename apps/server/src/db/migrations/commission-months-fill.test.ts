import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAgent } from '../../../test/operators.js';
import { type TestDatabase, createTestDatabase } from '../../../test/test-app.js';
import { compareCommissionMonths } from '../../modules/reports/commission-months.js';
import { migrateUpTo } from '../migrate.js';
import { migrations } from './index.js';

// 0215 fills 佣金监控's table from the rollups, rates and checks already there, with its own copy
// of the rules (a migration reads no module code): what it writes is what the module computes.

const MIGRATION = '0215-commission-months';
const previous = Object.keys(migrations)
  .sort()
  .filter((name) => name < MIGRATION)
  .at(-1)!;

describe('0215: the commission months of the payments before it', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(previous);
    const db = database.db;
    const [a, b] = [await createTestAgent(db), await createTestAgent(db)];
    const figures = (amount: number, refundAmount = 0) => ({
      amount,
      refundAmount,
      paidCount: 1,
      quantity: 1,
      refundCount: refundAmount > 0 ? 1 : 0,
    });
    // Provider a: seven quiet months, then a spike; a refund larger than a month's payments; a
    // rate that starts on the 16th, so its month is weighed day by day. Provider b: one month.
    const months = ['2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06', '2026-07'];
    await db
      .insertInto('paymentRollupProviderMonth')
      .values([
        ...months.map((month) => ({ month, agentId: a, source: 1, ...figures(100_000) })),
        { month: '2026-08', agentId: a, source: 1, ...figures(900_000) },
        { month: '2026-09', agentId: a, source: 1, ...figures(10_000, 50_000) },
        { month: '2026-10', agentId: a, source: 1, ...figures(200_000) },
        // Another source (a provider's own payment) earns no commission.
        { month: '2026-10', agentId: a, source: 2, ...figures(777_000) },
        { month: '2026-03', agentId: b, source: 1, ...figures(50_000) },
      ])
      .execute();
    await db
      .insertInto('paymentRollupProviderDay')
      .values([
        { day: '2026-10-02', agentId: a, source: 1, ...figures(120_000) },
        { day: '2026-10-20', agentId: a, source: 1, ...figures(80_000) },
      ])
      .execute();
    const createdAt = '2025-12-01T00:00:00.000Z';
    await db
      .insertInto('agentCommissionRate')
      .values([
        { agentId: a, rateBp: 500, effectiveFrom: '2026-01-01', createdAt },
        { agentId: a, rateBp: 800, effectiveFrom: '2026-10-16', createdAt },
        { agentId: b, rateBp: 300, effectiveFrom: '2026-03-01', createdAt },
      ])
      .execute();
    await db
      .insertInto('commissionCheck')
      .values({ agentId: a, month: '2026-08', note: '已核对', checkedBy: 'admin', checkedAt: createdAt })
      .execute();
    await migrateUpTo(db, MIGRATION);
  });

  afterAll(async () => {
    await database?.close();
  });

  it('writes every provider-month the module computes, anomalies and checks included', async () => {
    const db = database.db;
    const rows = await db.selectFrom('commissionMonth').selectAll().orderBy('agentId').orderBy('month').execute();
    expect(rows).toHaveLength(11);
    const flagsOf = (month: string) => rows.find((r) => r.month === month && Number(r.rateBp) !== 300)?.flags;
    expect(flagsOf('2026-08')).toBe(2);
    expect(flagsOf('2026-09')).toBe(1);
    expect(flagsOf('2026-10')).toBe(4);
    expect(rows.find((r) => r.month === '2026-08')).toMatchObject({ checked: 1, rank: 1 });
    expect(await compareCommissionMonths(db)).toEqual({ differences: [], total: 0 });
  });
});
