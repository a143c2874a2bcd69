import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAgent } from '../../../test/operators.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { commissionReport } from './commission.js';
import { addCommissionRates, compareCommissionMonths, markCommissionMonthChecked } from './commission-months.js';
import { rawCommission, rawEvents, rawMonthData, rawRevenueByAgent, rawSales } from './raw-reports.js';
import { paymentArb, writePayments } from './report-fixtures.js';
import { agentDataReport, monthDataReport, salesReport } from './reports.js';
import { ROLLUP_LEVELS } from './rollup-levels.js';
import { signedParts, splitRange } from './rollup-reads.js';
import { checkRollups, compareRollups } from './rollup-check.js';
import { rebuildRollups } from './rollup-rebuild.js';

// Issue 18: every report figure read from the rollups equals the same figure summed from the raw
// records, to the fen, for random payments, refunds and cancelled orders around day and month ends.

const range = { from: '2025-12-01', to: '2026-07-31' };
const narrow = { from: '2026-01-15', to: '2026-03-10' };
// No whole month: only the daily levels are read.
const straddling = { from: '2026-01-20', to: '2026-02-05' };
const inside = { from: '2026-02-03', to: '2026-02-27' };
// A whole year (2025, with the payments of its last day) and the months after it.
const yearAndMonths = { from: '2025-01-01', to: '2026-05-20' };

describe('payment rollups', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  async function compareAll() {
    const db = t.database.db;
    const events = await rawEvents(db);
    for (const r of [range, narrow, straddling, inside, yearAndMonths]) {
      const month = await monthDataReport(db, r);
      const raw = rawMonthData(events, r);
      expect(
        month.rows
          .filter((x) => x.total !== 0 || x.refunds !== 0 || x.newStores !== 0 || x.renewedStores !== 0)
          .map(({ newProviders: _, ...x }) => x),
      ).toEqual(raw.filter((x) => x.total !== 0 || x.refunds !== 0 || x.newStores !== 0 || x.renewedStores !== 0));
      const agents = await agentDataReport(db, r);
      const rawAgents = rawRevenueByAgent(events, r);
      for (const row of agents.rows) expect(row.revenue).toBe(rawAgents.get(Number(row.agentId)) ?? 0);
      const sales = await salesReport(db, r);
      const rawS = rawSales(events, r);
      expect(sales.byMonth.filter((m) => m.amount !== 0 || m.quantity !== 0)).toEqual(
        rawS.byMonth.filter((m) => m.amount !== 0 || m.quantity !== 0),
      );
      for (const a of sales.byAgent) expect(a.amount).toBe(rawS.byAgent.get(Number(a.agentId)));
      const rates = new Map<number, { rateBp: number; effectiveFrom: string }[]>();
      for (const x of await db.selectFrom('agentCommissionRate').selectAll().orderBy('effectiveFrom').execute()) {
        rates.set(Number(x.agentId), [...(rates.get(Number(x.agentId)) ?? []), x]);
      }
      const commission = await commissionReport(db, r);
      // Commission is per whole month, whatever days of it the range covers.
      const months = { from: `${r.from.slice(0, 7)}-01`, to: `${r.to.slice(0, 7)}-31` };
      const rawC = rawCommission(events, months, rates);
      for (const row of commission.rows) {
        const want = rawC.get(`${row.agentId}|${row.month}`) ?? { base: 0, commission: 0 };
        expect({ base: row.base, commission: row.commission }).toEqual(want);
      }
      expect(commission.rows.filter((x) => x.base !== 0).length).toBe(
        [...rawC.values()].filter((x) => x.base !== 0).length,
      );
    }
  }

  it('reports from rollups equal the raw sums, and rebuild and check agree', async () => {
    const db = t.database.db;
    await fc.assert(
      fc.asyncProperty(fc.array(paymentArb, { minLength: 5, maxLength: 40 }), async (cases) => {
        const agents = [await createTestAgent(db), await createTestAgent(db), await createTestAgent(db)];
        // A rate changed on the 10th of February, so the day each payment falls on matters.
        await addCommissionRates(db, [
          { agentId: agents[0]!, rateBp: 1500, effectiveFrom: '2025-01-01', createdAt: '2025-01-01T00:00:00Z' },
          { agentId: agents[0]!, rateBp: 1733, effectiveFrom: '2026-02-10', createdAt: '2025-01-01T00:00:00Z' },
          { agentId: agents[1]!, rateBp: 999, effectiveFrom: '2026-01-01', createdAt: '2025-01-01T00:00:00Z' },
        ]);
        await writePayments(db, agents, cases);
        expect(await checkRollups(db)).toEqual([]);
        await compareAll();
      }),
      { numRuns: 4, seed: 18 },
    );
    // A damaged rollup of any level is found by the check and repaired by the rebuild.
    await db.updateTable('paymentRollup').set({ amount: 1 }).where('source', '=', 1).execute();
    expect((await checkRollups(db)).length).toBeGreaterThan(0);
    await rebuildRollups(db);
    expect(await checkRollups(db)).toEqual([]);
    await compareAll();
    for (const table of ROLLUP_LEVELS.map((l) => l.table)) {
      await sql`update ${sql.table(table)} set refund_count = refund_count + 1 where source = 2`.execute(db);
      const differences = await checkRollups(db);
      expect(differences.length).toBeGreaterThan(0);
      expect(differences.every((d) => d.key.startsWith(`${table}|`))).toBe(true);
      await rebuildRollups(db);
    }
    expect(await checkRollups(db)).toEqual([]);

    // The check compares in SQL and returns only the first keys of each level, with the count of all;
    // a missing rollup row is named with no rollup figures.
    const gone = await db
      .selectFrom('paymentRollupProviderMonth')
      .selectAll()
      .orderBy('month')
      .executeTakeFirstOrThrow();
    await db
      .deleteFrom('paymentRollupProviderMonth')
      .where('month', '=', gone.month)
      .where('agentId', '=', gone.agentId)
      .where('source', '=', gone.source)
      .execute();
    await sql`update payment_rollup_platform_day set amount = amount + 1`.execute(db);
    const dayRows = (await db.selectFrom('paymentRollupPlatformDay').select('day').execute()).length;
    const check = await compareRollups(db, 1);
    expect(check.total).toBe(dayRows + 1);
    expect(check.differences.map((d) => d.key.split('|')[0])).toEqual([
      'payment_rollup_provider_month',
      'payment_rollup_platform_day',
    ]);
    expect(check.differences[0]).toEqual({
      key: `payment_rollup_provider_month|${gone.month}|${Number(gone.agentId)}|${gone.source}`,
      rollup: null,
      raw: {
        amount: gone.amount,
        paidCount: gone.paidCount,
        quantity: gone.quantity,
        refundAmount: gone.refundAmount,
        refundCount: gone.refundCount,
      },
    });
    await rebuildRollups(db);
    expect((await compareRollups(db)).total).toBe(0);
  });

  it("keeps 佣金监控's provider-months equal to a recomputation: concurrent and out-of-order payments, checks, a back-dated rate", async () => {
    const db = t.database.db;
    const storeCase = paymentArb.map((c) => ({ ...c, kind: 'store' as const }));
    await fc.assert(
      fc.asyncProperty(
        fc.array(storeCase, { minLength: 4, maxLength: 24 }),
        fc.array(storeCase, { minLength: 4, maxLength: 24 }),
        async (first, second) => {
          const agents = [await createTestAgent(db), await createTestAgent(db)];
          await addCommissionRates(db, [
            { agentId: agents[0]!, rateBp: 1200, effectiveFrom: '2025-06-01', createdAt: '2025-01-01T00:00:00Z' },
          ]);
          // Two writers at once (separate connections on PostgreSQL), each in its own order of months.
          await Promise.all([writePayments(db, agents, first), writePayments(db, agents, second)]);
          expect(await compareCommissionMonths(db)).toEqual({ differences: [], total: 0 });

          // A check survives the months being recomputed by later payments.
          const month = await db
            .selectFrom('commissionMonth')
            .select(['agentId', 'month'])
            .where('agentId', 'in', agents)
            .orderBy('month')
            .executeTakeFirst();
          if (month) {
            await db
              .insertInto('commissionCheck')
              .values({
                agentId: month.agentId,
                month: month.month,
                note: '已核对',
                checkedBy: '测试',
                checkedAt: '2026-01-01T00:00:00Z',
              })
              .execute();
            await markCommissionMonthChecked(db, month.agentId, month.month);
          }
          await writePayments(db, agents, first.slice(0, 3));
          expect(await compareCommissionMonths(db)).toEqual({ differences: [], total: 0 });

          // A rate back-dated into the middle of a month with payments: every month from it changes.
          await addCommissionRates(db, [
            { agentId: agents[1]!, rateBp: 2500, effectiveFrom: '2026-02-10', createdAt: '2026-03-01T00:00:00Z' },
          ]);
          expect(await compareCommissionMonths(db)).toEqual({ differences: [], total: 0 });
          const rates = new Map([
            [agents[0]!, [{ rateBp: 1200, effectiveFrom: '2025-06-01' }]],
            [agents[1]!, [{ rateBp: 2500, effectiveFrom: '2026-02-10' }]],
          ]);
          const rawC = rawCommission(await rawEvents(db), { from: '2025-12-01', to: '2026-07-31' }, rates);
          for (const agentId of agents) {
            const { rows } = await commissionReport(db, { ...range, agentId: String(agentId) });
            for (const row of rows) {
              const want = rawC.get(`${row.agentId}|${row.month}`) ?? { base: 0, commission: 0 };
              expect({ base: row.base, commission: row.commission }).toEqual(want);
            }
          }
        },
      ),
      { numRuns: 4, seed: 215 },
    );

    // A damaged provider-month is found by the rollup check and repaired by the rebuild.
    await db.updateTable('commissionMonth').set({ flags: 2, rank: 0 }).where('flags', '=', 0).execute();
    const damaged = await checkRollups(db);
    expect(damaged.length).toBeGreaterThan(0);
    expect(damaged.every((d) => d.key.startsWith('commission_month|'))).toBe(true);
    await rebuildRollups(db);
    expect(await checkRollups(db)).toEqual([]);
  });

  it('reads an edge that covers most of its month as the month minus the days left out', () => {
    expect(signedParts({ from: '2026-01-01', to: '2026-03-26' })).toEqual([
      { period: 'month', from: '2026-01', to: '2026-02', sign: 1 },
      { period: 'month', from: '2026-03', to: '2026-03', sign: 1 },
      { period: 'day', from: '2026-03-27', to: '2026-03-31', sign: -1 },
    ]);
    expect(signedParts({ from: '2024-03-01', to: '2026-11-26' })).toEqual([
      { period: 'year', from: '2025', to: '2025', sign: 1 },
      { period: 'month', from: '2024-03', to: '2024-12', sign: 1 },
      { period: 'month', from: '2026-01', to: '2026-10', sign: 1 },
      { period: 'month', from: '2026-11', to: '2026-11', sign: 1 },
      { period: 'day', from: '2026-11-27', to: '2026-11-30', sign: -1 },
    ]);
    // Inside one month: the days before and after it are left out; a short edge is read by day.
    expect(signedParts({ from: '2026-02-03', to: '2026-02-27' })).toEqual([
      { period: 'month', from: '2026-02', to: '2026-02', sign: 1 },
      { period: 'day', from: '2026-02-01', to: '2026-02-02', sign: -1 },
      { period: 'day', from: '2026-02-28', to: '2026-02-28', sign: -1 },
    ]);
    expect(signedParts({ from: '2026-01-20', to: '2026-03-10' })).toEqual([
      { period: 'month', from: '2026-02', to: '2026-02', sign: 1 },
      { period: 'day', from: '2026-01-20', to: '2026-01-31', sign: 1 },
      { period: 'day', from: '2026-03-01', to: '2026-03-10', sign: 1 },
    ]);
    // Across a month end with no whole month: read by day.
    expect(signedParts({ from: '2026-01-20', to: '2026-02-05' })).toEqual([
      { period: 'day', from: '2026-01-20', to: '2026-02-05', sign: 1 },
    ]);
  });

  it('splits a range into whole months and the days at its edges', () => {
    expect(splitRange({ from: '2026-01-01', to: '2026-03-31' })).toEqual({
      months: { from: '2026-01', to: '2026-03' },
      days: [],
    });
    expect(splitRange({ from: '2026-01-15', to: '2026-03-10' })).toEqual({
      months: { from: '2026-02', to: '2026-02' },
      days: [
        { from: '2026-01-15', to: '2026-01-31' },
        { from: '2026-03-01', to: '2026-03-10' },
      ],
    });
    expect(splitRange({ from: '2024-02-01', to: '2024-02-29' }).months).toEqual({ from: '2024-02', to: '2024-02' });
    expect(splitRange({ from: '2024-02-01', to: '2024-02-28' })).toEqual({
      months: null,
      days: [{ from: '2024-02-01', to: '2024-02-28' }],
    });
    expect(splitRange({ from: '2025-12-31', to: '2026-01-01' })).toEqual({
      months: null,
      days: [{ from: '2025-12-31', to: '2026-01-01' }],
    });
  });
});
