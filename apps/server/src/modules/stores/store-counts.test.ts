import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAgent, createTestOperator, type TestOperator } from '../../../test/operators.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { nowIso } from '../../lib/clock.js';
import { callApi, insertAndroid, insertGateway, insertStore } from './test-fixtures.js';
import { exportFile } from '../../../test/export-task.js';

const stamps = () => ({ createdAt: nowIso(), updatedAt: nowIso() });

describe('门店查看: store detail counts, store and enterprise filters and exports', () => {
  let t: TestApp;
  let agentA: number;
  let storeA: number;
  let enterpriseA: number;
  let storeB: number;
  let platform: TestOperator;
  let providerB: TestOperator;

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    agentA = await createTestAgent(db);
    const agentB = await createTestAgent(db);
    ({ storeId: storeA, enterpriseId: enterpriseA } = await insertStore(db, agentA, { name: '悦泉西湖店' }));
    storeB = (await insertStore(db, agentB, { name: '乙方门店' })).storeId;
    await insertGateway(db, agentA, storeA);
    await insertAndroid(db, agentA, storeA);
    await insertAndroid(db, agentA, storeA);
    await insertAndroid(db, agentB, storeB);
    await db
      .insertInto('homeUser')
      .values({
        agentId: agentA,
        storeId: storeA,
        name: '王建国',
        phone: '13812340001',
        expireDate: '2027-01-01',
        appVersion: '3.2.0',
        status: 1,
        ...stamps(),
      })
      .execute();
    for (const nickname of ['小刘', '阿芳', '老周']) {
      await db
        .insertInto('staffAppletUser')
        .values({
          agentId: agentA,
          storeId: storeA,
          nickname,
          phone: '13900001111',
          dueDate: '2027-01-01',
          openId: null,
          deviceType: '',
          appVersion: '',
          serviceType: 1,
          status: 1,
          ...stamps(),
        })
        .execute();
    }
    platform = await createTestOperator(t, {
      adminType: 0,
      permissions: ['store.page', 'store.get', 'store.export', 'enterprise.page', 'enterprise.export'],
    });
    providerB = await createTestOperator(t, {
      adminType: 1,
      agentId: agentB,
      permissions: ['store.page', 'store.get'],
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it("counts a store's devices and people", async () => {
    const res = await callApi(t, platform, 'GET', `/store/getCounts?id=${storeA}`);
    expect(res.errCode, res.errMsg).toBe(0);
    expect(res.data).toEqual({ gatewayDevices: 1, androidDevices: 2, homeUsers: 1, staffUsers: 3 });
  });

  it("answers another provider's store, a malformed id and a recycled store as a missing one", async () => {
    const foreign = await callApi(t, providerB, 'GET', `/store/getCounts?id=${storeA}`);
    const missing = await callApi(t, providerB, 'GET', '/store/getCounts?id=99999999');
    const malformed = await callApi(t, providerB, 'GET', '/store/getCounts?id=abc');
    for (const res of [foreign, missing, malformed]) {
      expect(res.errCode).toBe(404001);
      expect(res.errMsg).toBe(missing.errMsg);
      expect(res.res.statusCode).toBe(404);
    }
    expect((await callApi(t, providerB, 'GET', `/store/getCounts?id=${storeB}`)).data).toMatchObject({
      androidDevices: 1,
    });
    const recycled = (await insertStore(t.database.db, agentA, { status: 4 })).storeId;
    expect((await callApi(t, platform, 'GET', `/store/getCounts?id=${recycled}`)).errCode).toBe(404001);
  });

  it('filters stores by provider, enterprise and applet expiry, and exports the filtered list', async () => {
    await t.database.db.updateTable('store').set({ appletExpireAt: '2026-12-20' }).where('id', '=', storeA).execute();
    type Page = { total: number; list: { id: string; enterpriseName: string; agentName: string }[] };
    const byEnterprise = await callApi<Page>(t, platform, 'POST', '/store/page', { enterpriseId: String(enterpriseA) });
    expect(byEnterprise.data.list.map((s) => s.id)).toEqual([String(storeA)]);
    const byAgent = await callApi<Page>(t, platform, 'POST', '/store/page', { agentId: String(agentA) });
    expect(byAgent.data.list.map((s) => s.id)).toEqual([String(storeA)]);
    const byExpiry = await callApi<Page>(t, platform, 'POST', '/store/page', {
      appletExpireAt: { from: '2026-12-01', to: '2026-12-31' },
    });
    expect(byExpiry.data.list.map((s) => s.id)).toEqual([String(storeA)]);
    const file = await exportFile(t, platform, '/store/export', { agentId: String(agentA) });
    expect(file.statusCode).toBe(200);
    expect(file.headers['x-export-rows']).toBe('1');
    // The request is audited with the task it created.
    const log = await t.database.db
      .selectFrom('operationLog')
      .select('action')
      .where('path', '=', '/api/store/export')
      .executeTakeFirst();
    expect(log?.action).toBe('导出门店列表');
  });

  it('exports the enterprises of all providers for the platform', async () => {
    const file = await exportFile(t, platform, '/enterprise/export', { agentId: String(agentA) });
    expect(file.statusCode).toBe(200);
    expect(Number(file.headers['x-export-rows'])).toBeGreaterThanOrEqual(1);
  });
});
