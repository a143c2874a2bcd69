import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BillingSyncJob } from '@console/contract';
import type { PaymentsSimulator } from '../../adapters/payments/index.js';
import { createTestAgent, createTestOperator, type TestOperator } from '../../../test/operators.js';
import { callApi } from '../../../test/ops-helpers.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { testEngine } from '../../../test/test-database.js';
import { nowIso } from '../../lib/clock.js';
import { failInterruptedSyncs } from './billing-sync.js';
import { exportFile } from '../../../test/export-task.js';

describe('同步账单: a background job per range, idempotent', () => {
  let t: TestApp;
  let admin: TestOperator;
  const range = { rangeStart: '2026-10-01', rangeEnd: '2026-10-05' };

  beforeAll(async () => {
    // On PostgreSQL the queued sync goes through pg-boss, as in production.
    t = await createTestApp(testEngine === 'postgres' ? { JOBS_ENGINE: 'pgboss' } : {});
    (t.app.payments as PaymentsSimulator).configure({ statementMs: [30, 30], unavailableRate: 0 });
    admin = await createTestOperator(t, {
      adminType: 0,
      permissions: ['billingSync.start', 'billingSync.get', 'billingRecord.page', 'billingRecord.export'],
    });
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

  it('lists the billing records the sync wrote, by provider, status and payment time, and exports them', async () => {
    type Page = {
      total: number;
      list: {
        billNo: string;
        agentNo: string;
        agentId: string | null;
        agentName: string | null;
        status: number;
        paidAt: string;
      }[];
    };
    // The statements name providers by number: one of them is a provider of this installation.
    const agentId = await createTestAgent(t.database.db, { name: '账单服务商' });
    await t.database.db.updateTable('agent').set({ agentNo: 'A0001' }).where('id', '=', agentId).execute();
    const stored = await t.database.db.selectFrom('billingRecord').selectAll().execute();
    expect(stored.length).toBeGreaterThan(10);

    const all = await callApi<Page>(t, admin, 'POST', '/billingRecord/page', { size: 200 });
    expect(all.errCode, all.errMsg).toBe(0);
    expect(all.data.total).toBe(stored.length);
    const ofA = await callApi<Page>(t, admin, 'POST', '/billingRecord/page', { agentId: String(agentId), size: 200 });
    const expectedA = stored.filter((r) => r.agentNo === 'A0001');
    expect(expectedA.length).toBeGreaterThan(0);
    expect(ofA.data.list.map((r) => r.billNo).sort()).toEqual(expectedA.map((r) => r.billNo).sort());
    expect(ofA.data.list[0]).toMatchObject({ agentId: String(agentId), agentName: '账单服务商' });
    // A number no provider has reads as no provider.
    expect(all.data.list.find((r) => r.agentNo !== 'A0001')?.agentName).toBeNull();

    const refunded = await callApi<Page>(t, admin, 'POST', '/billingRecord/page', { status: 2, size: 200 });
    expect(refunded.data.total).toBe(stored.filter((r) => r.status === 2).length);
    const day = stored[0]!.paidAt.slice(0, 10);
    const onDay = await callApi<Page>(t, admin, 'POST', '/billingRecord/page', {
      paidAt: { from: `${day}T00:00:00.000Z`, to: `${day}T23:59:59.999Z` },
      size: 200,
    });
    expect(onDay.data.total).toBe(stored.filter((r) => r.paidAt.startsWith(day)).length);

    const file = await exportFile(t, admin, '/billingRecord/export', { agentId: String(agentId) });
    expect(file.statusCode).toBe(200);
    expect(file.headers['x-export-rows']).toBe(String(expectedA.length));

    // Its own permission: the sync's is not enough, and a provider is refused.
    const syncOnly = await createTestOperator(t, { adminType: 0, permissions: ['billingSync.page'] });
    expect((await callApi(t, syncOnly, 'POST', '/billingRecord/page', {})).errCode).toBe(403001);
    const provider = await createTestOperator(t, { adminType: 1, agentId, permissions: ['billingRecord.page'] });
    expect((await callApi(t, provider, 'POST', '/billingRecord/page', {})).errCode).toBe(403001);
  });

  it("records the queued job's run in 操作日志 under the operator who started it", async () => {
    const started = await callApi<BillingSyncJob>(t, admin, 'POST', '/billingSync/start', {
      rangeStart: '2026-07-01',
      rangeEnd: '2026-07-02',
    });
    expect(started.errCode, started.errMsg).toBe(0);
    const done = await finished(started.data.id);
    expect(done.status).toBe(2);
    const run = async () =>
      t.database.db
        .selectFrom('operationLog')
        .selectAll()
        .where('method', '=', 'JOB')
        .where('targetId', '=', started.data.id)
        .execute();
    // The row is written once the run has returned, a moment after its job row says done.
    for (let i = 0; i < 100 && (await run()).length === 0; i += 1) await new Promise((r) => setTimeout(r, 20));
    const rows = await run();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      operatorId: admin.adminId,
      module: '系统配置',
      action: '同步账单（后台任务）',
      path: 'billing-sync',
      result: 1,
    });
    // Beside the row of the request that queued it, by the same operator.
    const request = await t.database.db
      .selectFrom('operationLog')
      .select(['operatorId', 'method'])
      .where('targetId', '=', started.data.id)
      .where('method', '=', 'POST')
      .executeTakeFirst();
    expect(request).toEqual({ operatorId: admin.adminId, method: 'POST' });
    expect(t.app.jobs.engine).toBe(t.config.databaseKind === 'postgres' ? 'pgboss' : 'local');
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

  it('at start-up, closes jobs a previous process left running, with the reason and how far they got', async () => {
    const now = nowIso();
    const left = await t.database.db
      .insertInto('billingSyncJob')
      .values({
        rangeStart: '2026-08-01',
        rangeEnd: '2026-08-10',
        status: 1,
        totalDays: 10,
        doneDays: 4,
        startedAt: now,
        finishedAt: null,
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const before = await t.database.db
      .selectFrom('billingSyncJob')
      .select(['id', 'status', 'error'])
      .where('id', '!=', left.id)
      .orderBy('id')
      .execute();
    expect(await failInterruptedSyncs(t.app)).toEqual([left.id]);
    const job = await callApi<BillingSyncJob>(t, admin, 'GET', `/billingSync/get?id=${left.id}`);
    expect(job.data).toMatchObject({ status: 3, doneDays: 4 });
    expect(job.data.error).toContain('服务重启');
    expect(job.data.error).toContain('4/10');
    expect(job.data.finishedAt).not.toBeNull();
    // Finished jobs are not touched; the same range can be started again at once.
    const after = await t.database.db
      .selectFrom('billingSyncJob')
      .select(['id', 'status', 'error'])
      .where('id', '!=', left.id)
      .orderBy('id')
      .execute();
    expect(after).toEqual(before);
    const again = await callApi<BillingSyncJob>(t, admin, 'POST', '/billingSync/start', {
      rangeStart: '2026-08-01',
      rangeEnd: '2026-08-10',
    });
    expect(again.errCode).toBe(0);
    expect((await finished(again.data.id)).status).toBe(2);
  });
});
