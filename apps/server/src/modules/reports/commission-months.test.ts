import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAgent } from '../../../test/operators.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { addCommissionRates, compareCommissionMonths, markCommissionMonthChecked } from './commission-months.js';
import { providerCommissionMonths } from './commission-rules.js';
import { applyPaymentToRollups, storePaymentFact } from './rollups.js';

// 佣金监控's provider-months (migration 0215): the rules on one provider's figures, and the table
// kept right when two transactions pay one provider's stores at once (PostgreSQL: the provider's
// advisory lock; SQLite: one writer). This file writes rollups
// without payment rows (the months are computed from the rollups), so it has its own database.

/** A transaction that writes, then stays open until released: what a second writer meets meanwhile. */
function heldOpen(db: TestApp['database']['db'], write: (trx: TestApp['database']['db']) => Promise<void>) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let wrote!: () => void;
  const written = new Promise<void>((resolve) => (wrote = resolve));
  const done = db.transaction().execute(async (trx) => {
    await write(trx);
    wrote();
    await held;
  });
  return { written, release, done };
}

describe('commission months', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('computes a month for each month with payments or a rate change, its usual from the six before', () => {
    const nets = new Map([
      ['2025-10', 10_000],
      ['2025-12', 20_000],
      ['2026-01', 0],
      ['2026-03', 500_000],
    ]);
    const rates = [
      { rateBp: 1000, effectiveFrom: '2025-01-01' },
      { rateBp: 2000, effectiveFrom: '2026-05-01' },
    ];
    const months = providerCommissionMonths({ rates, nets, splitDays: [] }, '2025-12', '2026-06');
    expect(months.map((m) => [m.month, m.commission, m.usual, m.flags, m.rateBp])).toEqual([
      // One month of history: no usual.
      ['2025-12', 2_000, null, 0, 1000],
      ['2026-01', 0, 1_500, 0, 1000],
      // Far above (1 000 + 2 000 + 0) / 3 = 1 000.
      ['2026-03', 50_000, 1_000, 2, 1000],
      // No payment, but the rate changed on the 1st: a row, not flagged.
      ['2026-05', 0, 17_333, 0, 2000],
    ]);
  });

  it('weighs a split month day by day and flags it', () => {
    const months = providerCommissionMonths(
      {
        rates: [
          { rateBp: 1000, effectiveFrom: '2026-01-01' },
          { rateBp: 3000, effectiveFrom: '2026-02-15' },
        ],
        nets: new Map([['2026-02', 30_000]]),
        splitDays: [
          { day: '2026-02-10', net: 10_000 },
          { day: '2026-02-20', net: 20_000 },
        ],
      },
      '2026-01',
      '2026-02',
    );
    expect(months).toEqual([
      { month: '2026-01', base: 0, commission: 0, rateBp: 1000, usual: null, flags: 0 },
      { month: '2026-02', base: 30_000, commission: 7_000, rateBp: 3000, usual: null, flags: 4 },
    ]);
  });

  it('makes a second payment transaction of the same provider wait for the first, so its months count both', async () => {
    const db = t.database.db;
    const agentId = await createTestAgent(db);
    await addCommissionRates(db, [
      { agentId, rateBp: 1000, effectiveFrom: '2025-01-01', createdAt: '2025-01-01T00:00:00Z' },
    ]);
    const pay = (amount: number, paidAt: string) => storePaymentFact({ agentId, item: 1, amount, paidAt });
    await applyPaymentToRollups(db, pay(10_000, '2025-10-10T02:00:00.000Z'));
    await applyPaymentToRollups(db, pay(20_000, '2025-11-10T02:00:00.000Z'));
    // The first stays open after paying December; the second pays January meanwhile. They share
    // no rollup row (another year, another month), so only the provider's lock orders them.
    const first = heldOpen(db, async (trx) => {
      await applyPaymentToRollups(trx, pay(90_000, '2025-12-10T02:00:00.000Z'));
    });
    await first.written;
    let secondDone = false;
    const second = db
      .transaction()
      .execute((trx) => applyPaymentToRollups(trx, pay(10_000, '2026-01-10T02:00:00.000Z')))
      .then(() => (secondDone = true));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(secondDone).toBe(false);
    first.release();
    await Promise.all([first.done, second]);
    expect(await compareCommissionMonths(db)).toEqual({ differences: [], total: 0 });
    const january = await db
      .selectFrom('commissionMonth')
      .selectAll()
      .where('agentId', '=', agentId)
      .where('month', '=', '2026-01')
      .executeTakeFirstOrThrow();
    // January's usual counts December: (1 000 + 2 000 + 9 000) / 3.
    expect(Number(january.usual)).toBe(4_000);
  });

  it('keeps a check made while a payment of the same provider is recomputing its months', async () => {
    const db = t.database.db;
    const agentId = await createTestAgent(db);
    await addCommissionRates(db, [
      { agentId, rateBp: 1000, effectiveFrom: '2025-01-01', createdAt: '2025-01-01T00:00:00Z' },
    ]);
    const pay = (amount: number, paidAt: string) => storePaymentFact({ agentId, item: 1, amount, paidAt });
    await applyPaymentToRollups(db, pay(10_000, '2026-03-10T02:00:00.000Z'));
    // A payment in February rewrites March (its usual) and stays open; March is checked meanwhile.
    const payment = heldOpen(db, async (trx) => {
      await applyPaymentToRollups(trx, pay(20_000, '2026-02-10T02:00:00.000Z'));
    });
    await payment.written;
    const check = db.transaction().execute(async (trx) => {
      await trx
        .insertInto('commissionCheck')
        .values({ agentId, month: '2026-03', note: '已核对', checkedBy: '测试', checkedAt: '2026-04-01T00:00:00Z' })
        .execute();
      await markCommissionMonthChecked(trx, agentId, '2026-03');
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    payment.release();
    await Promise.all([payment.done, check]);
    const march = await db
      .selectFrom('commissionMonth')
      .select(['checked', 'rank'])
      .where('agentId', '=', agentId)
      .where('month', '=', '2026-03')
      .executeTakeFirstOrThrow();
    expect(march.checked).toBe(1);
    expect(await compareCommissionMonths(db)).toEqual({ differences: [], total: 0 });
  });
});
