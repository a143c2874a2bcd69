import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BillingSyncJob } from '@console/contract';
import type { PaymentsSimulator } from '../../adapters/payments/index.js';
import { createTestOperator, type TestOperator } from '../../../test/operators.js';
import { callApi } from '../../../test/ops-helpers.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

describe('同步账单: a background job per range, idempotent', () => {
  let t: TestApp;
  let admin: TestOperator;
  const range = { rangeStart: '2026-10-01', rangeEnd: '2026-10-05' };

  beforeAll(async () => {
    t = await createTestApp();
    (t.app.payments as PaymentsSimulator).configure({ statementMs: [30, 30], unavailableRate: 0 });
    admin = await createTestOperator(t, { adminType: 0, permissions: ['billingSync.start', 'billingSync.get'] });
  });
  afterAll(() => t.close());

  async function finished(id: string): Promise<BillingSyncJob> {
    for (let i = 0; i < 200; i += 1) {
      const job = await callApi<BillingSyncJob>(t, admin, 'GET', `/billingSync/get?id=${id}`);
      if (job.data.status >= 2) return job.data;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error('sync never finished');
  }

  it('one job at a time per range; running it again changes nothing', async () => {
    const first = await callApi<BillingSyncJob>(t, admin, 'POST', '/billingSync/start', range);
    expect(first.data).toMatchObject({ status: 0, totalDays: 5 });
    const busy = await callApi(t, admin, 'POST', '/billingSync/start', range);
    expect(busy.errCode).toBe(409003);
    // Another range runs beside it.
    const other = await callApi<BillingSyncJob>(t, admin, 'POST', '/billingSync/start', {
      rangeStart: '2026-09-01',
      rangeEnd: '2026-09-01',
    });
    expect(other.errCode).toBe(0);
    const done = await finished(first.data.id);
    expect(done).toMatchObject({ status: 2, doneDays: 5 });
    expect(done.createdCount).toBeGreaterThan(10);
    expect(done.failures.length).toBe(done.failedCount);
    const stored = await t.database.db
      .selectFrom('billingRecord')
      .select(['billNo', 'status', 'amount', 'version'])
      .orderBy('billNo')
      .execute();

    const again = await callApi<BillingSyncJob>(t, admin, 'POST', '/billingSync/start', range);
    const second = await finished(again.data.id);
    expect(second).toMatchObject({ status: 2, createdCount: 0, updatedCount: 0, failedCount: done.failedCount });
    expect(second.unchangedCount).toBe(done.createdCount + done.updatedCount + done.unchangedCount);
    const after = await t.database.db
      .selectFrom('billingRecord')
      .select(['billNo', 'status', 'amount', 'version'])
      .orderBy('billNo')
      .execute();
    expect(after).toEqual(stored);
    await finished(other.data.id);
  });

  it('refuses a range past today or longer than a quarter', async () => {
    const future = await callApi(t, admin, 'POST', '/billingSync/start', {
      rangeStart: '2026-10-01',
      rangeEnd: '2099-01-01',
    });
    expect(future.errCode).not.toBe(0);
    const long = await callApi(t, admin, 'POST', '/billingSync/start', {
      rangeStart: '2026-01-01',
      rangeEnd: '2026-10-01',
    });
    expect(long.fieldErrors).toHaveProperty('rangeEnd');
  });
});
