import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAgent } from '../../../test/operators.js';
import { type TestDatabase, createTestDatabase } from '../../../test/test-app.js';
import { seedStores } from '../../modules/dashboard/dashboard-fixtures.js';
import { checkListSums, fillListSums } from '../../modules/finance/list-sum-rebuild.js';
import { paymentMoneyFault } from '../../modules/finance/payment-money.js';
import { checkRollups } from '../../modules/reports/rollup-check.js';
import { applyPaymentToRollups, applyRefundToRollups, storePaymentFact } from '../../modules/reports/rollups.js';
import { migrateUpTo } from '../migrate.js';
import { migrations } from './index.js';

// 0225: 已退款 rows written with refund_amount 0 (as the demo seed wrote them) get their whole
// amount, a row refunding what it never refunded gets 0, and the payment-list sums move with them;
// the reports' rollups, which counted every 已退款 row refunded whole, already agree.

const MIGRATION = '0225-refund-whole-amount';
const previous = Object.keys(migrations)
  .sort()
  .filter((name) => name < MIGRATION)
  .at(-1)!;

describe('0225: a refund is the whole amount', () => {
  let database: TestDatabase;
  let sumsBefore: { refund: number; paid: number };

  const listRefunds = async () => {
    const r = await sql<{ refund: number; paid: number }>`select sum(refund_amount) as refund, sum(amount) as paid
      from payment_list_sum_platform_month where source = 1`.execute(database.db);
    return { refund: Number(r.rows[0]?.refund), paid: Number(r.rows[0]?.paid) };
  };

  beforeAll(async () => {
    database = await createTestDatabase(previous);
    const db = database.db;
    const agentId = await createTestAgent(db);
    const [storeId] = await seedStores(db, agentId, [1]);
    // Rows as the old seed wrote them, with their rollups as the old write path added them.
    const rows = [
      {
        status: 2,
        amount: 36_000,
        refundAmount: 0,
        paidAt: '2026-03-01T02:00:00.000Z',
        refundedAt: '2026-03-04T02:00:00.000Z',
      },
      {
        status: 2,
        amount: 98_000,
        refundAmount: 0,
        paidAt: '2026-03-31T17:00:00.000Z',
        refundedAt: '2026-04-02T02:00:00.000Z',
      },
      {
        status: 2,
        amount: 12_000,
        refundAmount: 12_000,
        paidAt: '2026-03-02T02:00:00.000Z',
        refundedAt: '2026-03-05T02:00:00.000Z',
      },
      { status: 1, amount: 50_000, refundAmount: 700, paidAt: '2026-03-03T02:00:00.000Z', refundedAt: null },
      { status: 1, amount: 20_000, refundAmount: 0, paidAt: '2026-03-03T05:00:00.000Z', refundedAt: null },
      { status: 0, amount: 9_000, refundAmount: 0, paidAt: null, refundedAt: null },
    ];
    for (const [i, r] of rows.entries()) {
      const row = {
        agentId,
        storeId: storeId!,
        paymentNo: `MIG${i}`,
        item: 1,
        months: 12,
        channel: 1,
        remark: '',
        ...r,
      };
      await db
        .insertInto('storePayment')
        .values({ ...row, createdAt: '2026-03-01T00:00:00.000Z', updatedAt: '2026-03-01T00:00:00.000Z' })
        .execute();
      if (!row.paidAt) continue;
      const fact = storePaymentFact({ ...row, paidAt: row.paidAt });
      await applyPaymentToRollups(db, fact);
      if (row.refundedAt) await applyRefundToRollups(db, fact, { at: row.refundedAt, amount: row.amount });
    }
    await db.transaction().execute(fillListSums);
    sumsBefore = await listRefunds();
    await migrateUpTo(db, MIGRATION);
  });
  afterAll(() => database?.drop());

  it('gives every 已退款 row its whole amount and every other row none', async () => {
    const rows = await database.db
      .selectFrom('storePayment')
      .select(['paymentNo', 'status', 'amount', 'refundAmount', 'paidAt', 'refundedAt'])
      .orderBy('paymentNo')
      .execute();
    expect(rows.map((r) => [r.paymentNo, r.refundAmount])).toEqual([
      ['MIG0', 36_000],
      ['MIG1', 98_000],
      ['MIG2', 12_000],
      ['MIG3', 0],
      ['MIG4', 0],
      ['MIG5', 0],
    ]);
    expect(rows.filter((r) => paymentMoneyFault(r) !== null)).toEqual([]);
  });

  it('moves the list sums with the rows, and leaves the reports’ rollups as they were', async () => {
    expect(sumsBefore).toEqual({ refund: 12_700, paid: 225_000 });
    expect(await listRefunds()).toEqual({ refund: 146_000, paid: 225_000 });
    expect(await checkListSums(database.db)).toEqual([]);
    expect(await checkRollups(database.db)).toEqual([]);
  });
});
