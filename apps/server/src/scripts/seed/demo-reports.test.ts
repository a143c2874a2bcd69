import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-app.js';
import { commissionReport } from '../../modules/reports/commission.js';
import { checkRollups } from '../../modules/reports/rollup-check.js';
import { checkListSums } from '../../modules/finance/list-sum-rebuild.js';
import { paymentMoneyFault } from '../../modules/finance/payment-money.js';
import { monthDataReport, salesReport } from '../../modules/reports/reports.js';
import { prepareDatabase } from './index.js';

// The demo year of payments (issue 18): its rollups equal its records, and every report has a shape.

describe('demo data of the reports', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
    await prepareDatabase(db.db, { seedDemo: true });
  });
  afterAll(async () => {
    await db.drop();
  });

  it('rolls up every demo payment and fills a year of every report', async () => {
    expect(await checkRollups(db.db)).toEqual([]);
    expect(await checkListSums(db.db)).toEqual([]);
    const paymentRows = await db.db
      .selectFrom('storePayment')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const summed = await sql<{
      n: number;
    }>`select sum(row_count) as n from payment_list_sum_platform_month where source = 1`.execute(db.db);
    expect(Number(summed.rows[0]?.n)).toBe(Number(paymentRows.n));
    const today = new Date(Date.now() + 8 * 3600_000);
    const yearAgo = new Date(today.getTime() - 330 * 86_400_000);
    const range = { from: yearAgo.toISOString().slice(0, 10), to: today.toISOString().slice(0, 10) };
    const months = (await monthDataReport(db.db, range)).rows;
    expect(months.length).toBeGreaterThanOrEqual(11);
    for (const m of months) expect(m.total).toBeGreaterThan(0);
    const sales = await salesReport(db.db, range);
    expect(sales.byMonth.filter((m) => m.amount > 0).length).toBeGreaterThanOrEqual(11);
    const anomalies = new Set((await commissionReport(db.db, range)).rows.flatMap((r) => r.anomalies));
    expect([...anomalies].sort()).toEqual(['negative', 'rateChanged', 'spike']);
  });

  // Issue 26: the list sums read refund_amount and the reports' rollups what the refund returned;
  // the seed once wrote 已退款 rows with refund_amount 0, and the two were ¥52 000 apart.
  it('keeps the money rule on every demo payment, so the lists and the reports refund the same', async () => {
    for (const table of ['storePayment', 'providerPayment'] as const) {
      const rows = await db.db
        .selectFrom(table)
        .select(['id', 'status', 'amount', 'refundAmount', 'paidAt', 'refundedAt'])
        .execute();
      expect(rows.filter((r) => paymentMoneyFault(r) !== null)).toEqual([]);
    }
    const refunds = await sql<{ list: number; reports: number }>`
      select (select sum(refund_amount) from payment_list_sum_platform_month) as list,
        (select sum(refund_amount) from payment_rollup_month where source in (1, 2)) as reports`.execute(db.db);
    const [row] = refunds.rows;
    expect(Number(row?.list)).toBeGreaterThan(0);
    expect(Number(row?.list)).toBe(Number(row?.reports));
  });
});
