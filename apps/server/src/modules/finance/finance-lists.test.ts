import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithOperator, type TestApp } from '../../../test/app-with-operator.js';
import { createTestOperator, type TestOperator } from '../../../test/operators.js';
import { callApi } from '../../../test/ops-helpers.js';
import { sampleEnterprise, sampleStore } from '../../db/sample-rows.js';

describe('payment records, collections and merchant mini-programs', () => {
  let t: TestApp;
  let platform: TestOperator;
  let agentA: TestOperator;
  let agentB: TestOperator;
  let storeA: number;

  beforeAll(async () => {
    ({ t, operator: platform } = await appWithOperator({ permissions: ['saasPayment.page', 'saasRecord.page'] }));
    const perms = ['saasPayment.page', 'collection.create', 'contract.create', 'appletAuth.create'];
    agentA = await createTestOperator(t, { adminType: 1, permissions: perms });
    agentB = await createTestOperator(t, { adminType: 1, permissions: perms });
    const db = t.database.db;
    storeA = await sampleStore(db, agentA.agentId!);
    const storeB = await sampleStore(db, agentB.agentId!);
    const now = new Date().toISOString();
    const pay = (agentId: number, storeId: number, n: number, status: number) => ({
      agentId,
      storeId,
      paymentNo: `JF${n}`,
      item: 1,
      months: 12,
      amount: 298_000 + n,
      channel: 1,
      status,
      paidAt: status === 1 ? `2026-0${n}-10T08:00:00.000Z` : null,
      remark: '',
      createdAt: now,
      updatedAt: now,
    });
    await db
      .insertInto('storePayment')
      .values([
        pay(agentA.agentId!, storeA, 1, 1),
        pay(agentA.agentId!, storeA, 2, 0),
        pay(agentB.agentId!, storeB, 3, 1),
      ])
      .execute();
  });
  afterAll(async () => {
    await t.close();
  });

  it('store payments: a platform list with store and provider names, filters and amount sort', async () => {
    type Page = { total: number; list: { paymentNo: string; storeName: string; agentName: string; amount: number }[] };
    const all = await callApi<Page>(t, platform, 'POST', '/saasPayment/page', {
      sort: { field: 'amount', order: 'descend' },
    });
    expect(all.data.list.map((r) => r.paymentNo)).toEqual(['JF3', 'JF2', 'JF1']);
    expect(all.data.list[0]?.storeName).toMatch(/^样例门店/);
    expect(all.data.list[0]?.agentName).toMatch(/^测试服务商/);
    const paidOfA = await callApi<Page>(t, platform, 'POST', '/saasPayment/page', {
      agentId: String(agentA.agentId),
      status: 1,
    });
    expect(paidOfA.data.list.map((r) => r.paymentNo)).toEqual(['JF1']);
    const inMarch = await callApi<Page>(t, platform, 'POST', '/saasPayment/page', {
      paidAt: { from: '2026-03-01T00:00:00.000Z', to: '2026-03-31T23:59:59.999Z' },
    });
    expect(inMarch.data.list.map((r) => r.paymentNo)).toEqual(['JF3']);
    // A platform screen: providers are refused even with the permission code.
    expect((await callApi(t, agentA, 'POST', '/saasPayment/page', {})).errCode).toBe(403001);
  });

  it('collections point only at the provider’s own contracts', async () => {
    const foreign = await callApi<{ id: string }>(t, agentB, 'POST', '/contract/create', {
      contractNo: 'HT-B-0001',
      partyType: 1,
      enterpriseId: null,
      title: '服务商年度合作协议',
      amount: 100_000,
      signedDate: '2026-01-01',
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      status: 1,
      attachmentUrl: '',
      remark: '',
    });
    const collection = (contractId: string | null) => ({
      collectionNo: `SK-A-${contractId ?? 'none'}`,
      contractId,
      enterpriseId: null,
      payer: '杭州样例科技有限公司',
      amount: 50_000,
      method: 1,
      collectedAt: '2026-02-01T02:00:00.000Z',
      status: 1,
      remark: '',
    });
    const refused = await callApi(t, agentA, 'POST', '/collection/create', collection(foreign.data.id));
    expect(refused.fieldErrors).toHaveProperty('contractId');
    const zero = await callApi(t, agentA, 'POST', '/collection/create', { ...collection(null), amount: 0 });
    expect(zero.fieldErrors).toHaveProperty('amount');
    expect((await callApi(t, agentA, 'POST', '/collection/create', collection(null))).errCode).toBe(0);
  });

  it('merchant mini-programs start unauthorised and belong to the provider’s own enterprise', async () => {
    const own = await sampleEnterprise(t.database.db, agentA.agentId!);
    const other = await sampleEnterprise(t.database.db, agentB.agentId!);
    const applet = (enterpriseId: number, appId: string) => ({
      enterpriseId: String(enterpriseId),
      appId,
      appletName: '汤泉会员中心',
      principalName: '杭州样例休闲服务有限公司',
      codeVersion: '',
      remark: '',
    });
    const refused = await callApi(t, agentA, 'POST', '/appletAuth/create', applet(other, 'wx00000000000000a1'));
    expect(refused.fieldErrors).toHaveProperty('enterpriseId');
    const badAppId = await callApi(t, agentA, 'POST', '/appletAuth/create', applet(own, 'wxNOTHEX'));
    expect(badAppId.fieldErrors).toHaveProperty('appId');
    const created = await callApi<{ authStatus: number; releaseStatus: number; enterpriseName: string }>(
      t,
      agentA,
      'POST',
      '/appletAuth/create',
      { ...applet(own, 'wx00000000000000a2'), authStatus: 1 },
    );
    expect(created.data).toMatchObject({ authStatus: 0, releaseStatus: 0 });
    expect(created.data.enterpriseName).toMatch(/^样例企业/);
  });
});
