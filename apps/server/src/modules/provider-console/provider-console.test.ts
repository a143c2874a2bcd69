import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithOperator, type TestApp } from '../../../test/app-with-operator.js';
import { createTestOperator, type TestOperator } from '../../../test/operators.js';
import { sampleStore } from '../../db/sample-rows.js';
import { directAgentId } from '../../http/direct-run.js';
import { declareProviderParam } from '../system-config/parameters.js';
import { monthDataReport } from '../reports/reports.js';
import { checkRollups } from '../reports/rollup-check.js';
import { checkListSums } from '../finance/list-sum-rebuild.js';
import { renewedPeriod } from './renewal.js';

type Envelope<T = unknown> = { errCode: number; errMsg: string; data: T };
type Row = { id: string; version: number; agentId: string; webExpireAt: string | null };

const agentPerms = [
  'store.page',
  'store.get',
  'store.renew',
  'enterprise.page',
  'enterprise.create',
  'store.create',
  'accountRecord.page',
  'contract.page',
  'parameter.page',
];
const directPerms = [
  'directStore.page',
  'directStore.get',
  'directStore.renew',
  'directEnterprise.page',
  'directEnterprise.create',
  'directAccountRecord.page',
  'agent.page',
  'agent.get',
  'directParameter.page',
  'directParameter.create',
];

describe('provider console: renewals, scope and direct-run', () => {
  let t: TestApp;
  let agentA: TestOperator;
  let agentB: TestOperator;
  let admin: TestOperator;
  let reserved: number;

  const call = async <T = unknown>(op: TestOperator, method: 'GET' | 'POST', url: string, payload?: object) => {
    const res = await t.app.inject({ method, url: `/api${url}`, headers: op.headers, ...(payload ? { payload } : {}) });
    return res.json<Envelope<T>>();
  };
  /** Money into a provider's account, as the platform's adjustment writes it. */
  const fund = async (agentId: number, amount: number) => {
    const now = new Date().toISOString();
    const last = await t.database.db
      .selectFrom('accountRecord')
      .where('agentId', '=', agentId)
      .orderBy('id', 'desc')
      .select('balanceAfter')
      .executeTakeFirst();
    await t.database.db
      .insertInto('accountRecord')
      .values({
        agentId,
        recordNo: `ZH${Date.now()}${Math.random()}`,
        direction: 1,
        kind: 1,
        amount,
        balanceAfter: (last?.balanceAfter ?? 0) + amount,
        relatedNo: '',
        remark: '测试充值',
        createdAt: now,
        updatedAt: now,
      })
      .execute();
  };
  const charges = (agentId: number) =>
    t.database.db
      .selectFrom('accountRecord')
      .where('agentId', '=', agentId)
      .where('direction', '=', 2)
      .selectAll()
      .execute();

  const paymentsOf = (storeId: number) =>
    t.database.db.selectFrom('providerPayment').where('storeId', '=', storeId).selectAll().execute();

  beforeAll(async () => {
    ({ t, operator: agentA } = await appWithOperator({ adminType: 1, permissions: agentPerms }));
    agentB = await createTestOperator(t, { adminType: 1, permissions: agentPerms });
    admin = await createTestOperator(t, { adminType: 0, permissions: directPerms });
    reserved = await directAgentId(t.database.db);
  });
  afterAll(() => t.close());

  it('extends a period from its expiry, or from today once lapsed', () => {
    expect(renewedPeriod('2027-03-01', 1, '2026-11-26')).toEqual({ from: '2027-03-01', to: '2028-03-01' });
    expect(renewedPeriod('2026-01-01', 2, '2026-11-26')).toEqual({ from: '2026-11-26', to: '2028-11-26' });
    expect(renewedPeriod(null, 1, '2028-02-29').to).toBe('2029-02-28');
  });

  it('charges a renewal once however many clicks race, with one ledger row in the same write', async () => {
    const storeId = await sampleStore(t.database.db, agentA.agentId!);
    await fund(agentA.agentId!, 1_000_000);
    const quote = await call<{ amount: number; balance: number }>(
      agentA,
      'GET',
      `/store/renewQuote?id=${storeId}&kind=1&years=1`,
    );
    expect(quote.errCode).toBe(0);
    expect(quote.data.balance).toBe(1_000_000);
    const body = { id: String(storeId), version: 1, kind: 1, years: 1, expectedAmount: quote.data.amount };
    const answers = await Promise.all(Array.from({ length: 5 }, () => call<Row>(agentA, 'POST', '/store/renew', body)));
    expect(answers.filter((a) => a.errCode === 0)).toHaveLength(1);
    expect(answers.filter((a) => a.errCode === 409001)).toHaveLength(4);
    const rows = await charges(agentA.agentId!);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 3, amount: quote.data.amount, balanceAfter: 1_000_000 - quote.data.amount });
    const store = await call<Row>(agentA, 'GET', `/store/get?id=${storeId}`);
    expect(store.data.webExpireAt).not.toBeNull();
    // The renewal is also the provider's payment to the platform, counted by the reports.
    const payments = await paymentsOf(storeId);
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({
      agentId: agentA.agentId,
      item: 2,
      quantity: 1,
      amount: quote.data.amount,
      channel: 5,
      status: 1,
      periodEnd: store.data.webExpireAt,
    });
    expect(await checkRollups(t.database.db)).toEqual([]);
    // And by the sums above 服务商缴费记录.
    expect(await checkListSums(t.database.db)).toEqual([]);
    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    const month = await monthDataReport(t.database.db, { from: today, to: today });
    expect(month.rows[0]).toMatchObject({ renewedStores: 1, total: quote.data.amount });
  });

  it('refuses a renewal the balance cannot pay, with the amounts, and charges nothing', async () => {
    const storeId = await sampleStore(t.database.db, agentB.agentId!);
    await fund(agentB.agentId!, 100);
    const quote = await call<{ amount: number }>(agentB, 'GET', `/store/renewQuote?id=${storeId}&kind=2&years=2`);
    const answer = await call(agentB, 'POST', '/store/renew', {
      id: String(storeId),
      version: 1,
      kind: 2,
      years: 2,
      expectedAmount: quote.data.amount,
    });
    expect(answer.errCode).toBe(409003);
    expect(answer.errMsg).toContain('账户余额不足');
    expect(answer.errMsg).toContain('当前余额 ¥1.00');
    expect(await charges(agentB.agentId!)).toHaveLength(0);
    expect(await paymentsOf(storeId)).toHaveLength(0);
  });

  it('refuses a price that changed since the quote', async () => {
    const storeId = await sampleStore(t.database.db, agentA.agentId!);
    const answer = await call(agentA, 'POST', '/store/renew', {
      id: String(storeId),
      version: 1,
      kind: 1,
      years: 1,
      expectedAmount: 1,
    });
    expect([answer.errCode, answer.errMsg]).toEqual([409003, expect.stringContaining('续费价格已变更')]);
  });

  it("answers another provider's store as missing, on every renewal call", async () => {
    const storeOfB = await sampleStore(t.database.db, agentB.agentId!);
    const missing = 999_999_999;
    for (const id of [storeOfB, missing]) {
      expect((await call(agentA, 'GET', `/store/renewQuote?id=${id}&kind=1&years=1`)).errCode).toBe(404001);
      const body = { id: String(id), version: 1, kind: 1, years: 1, expectedAmount: 98_000 };
      expect((await call(agentA, 'POST', '/store/renew', body)).errCode).toBe(404001);
      expect((await call(agentA, 'GET', `/store/get?id=${id}`)).errCode).toBe(404001);
    }
  });

  it('keeps a provider from typing its own expiry dates', async () => {
    const enterprise = await call<{ id: string }>(agentA, 'POST', '/enterprise/create', {
      name: '测试企业有限公司',
      status: 1,
    });
    expect(enterprise.errCode).toBe(0);
    const store = await call<Row & { status: number }>(agentA, 'POST', '/store/create', {
      name: '测试门店',
      enterpriseId: enterprise.data.id,
      storeType: 1,
      webExpireAt: '2099-12-31',
      appletExpireAt: '2099-12-31',
    });
    expect(store.errCode).toBe(0);
    // An application waiting for the platform, with no period until one is bought.
    expect([store.data.status, store.data.webExpireAt]).toEqual([0, null]);
  });

  it('a platform operator on /saasDirect acts only on the reserved provider, in its name', async () => {
    const created = await call<{ id: string; agentId: string }>(admin, 'POST', '/saasDirect/enterprise/create', {
      name: '直营企业',
      status: 1,
      agentId: String(agentA.agentId),
    });
    expect(created.errCode).toBe(0);
    expect(created.data.agentId).toBe(String(reserved));
    const page = await call<{ list: { agentId: string }[] }>(admin, 'POST', '/saasDirect/enterprise/page', {});
    expect(page.data.list.length).toBeGreaterThan(0);
    expect(new Set(page.data.list.map((r) => r.agentId))).toEqual(new Set([String(reserved)]));
    // A provider's store is out of reach from the direct-run routes.
    const storeOfA = await sampleStore(t.database.db, agentA.agentId!);
    expect((await call(admin, 'GET', `/saasDirect/store/get?id=${storeOfA}`)).errCode).toBe(404001);
    // The log names the platform operator who did it.
    const log = await t.database.db
      .selectFrom('operationLog')
      .where('path', '=', '/api/saasDirect/enterprise/create')
      .select(['operatorId', 'operatorName'])
      .executeTakeFirstOrThrow();
    expect(log.operatorId).toBe(admin.adminId);
  });

  it('直营 参数管理 sets the reserved provider’s own value of a provider-level parameter', async () => {
    await declareProviderParam(t.database.db, 'direct.alarmMinutes');
    const created = await call<{ agentId: string }>(admin, 'POST', '/saasDirect/parameter/create', {
      paramKey: 'direct.alarmMinutes',
      name: '未结账报警分钟数',
      paramValue: '45',
      valueType: 2,
      remark: '',
    });
    expect(created.errCode).toBe(0);
    expect(created.data.agentId).toBe(String(reserved));
    const page = await call<{ list: { agentId: string }[] }>(admin, 'POST', '/saasDirect/parameter/page', {});
    expect(new Set(page.data.list.map((r) => r.agentId))).toEqual(new Set([String(reserved)]));
    // A provider's own parameter list does not see it.
    const ofA = await call<{ list: { agentId: string }[] }>(agentA, 'POST', '/parameter/page', {});
    expect(ofA.data.list.every((r) => r.agentId === String(agentA.agentId))).toBe(true);
  });

  it('direct-run stores open at once and renew from the reserved balance', async () => {
    const storeId = await sampleStore(t.database.db, reserved);
    await fund(reserved, 500_000);
    const quote = await call<{ amount: number }>(
      admin,
      'GET',
      `/saasDirect/store/renewQuote?id=${storeId}&kind=1&years=1`,
    );
    const renewed = await call<Row>(admin, 'POST', '/saasDirect/store/renew', {
      id: String(storeId),
      version: 1,
      kind: 1,
      years: 1,
      expectedAmount: quote.data.amount,
    });
    expect(renewed.errCode).toBe(0);
    expect(await charges(reserved)).toHaveLength(1);
  });

  it('refuses the direct-run routes to providers, and to platform operators without the direct permission', async () => {
    expect((await call(agentA, 'POST', '/saasDirect/enterprise/page', {})).errCode).toBe(403001);
    const plain = await createTestOperator(t, { adminType: 0, permissions: ['enterprise.page'] });
    expect((await call(plain, 'POST', '/saasDirect/enterprise/page', {})).errCode).toBe(403001);
    // The platform's own enterprise list (企业查看) still spans every provider.
    expect((await call(plain, 'POST', '/enterprise/page', {})).errCode).toBe(0);
  });

  it('never lists the reserved provider as an ordinary provider', async () => {
    const page = await call<{ list: { id: string }[]; total: number }>(admin, 'POST', '/agent/page', { size: 500 });
    expect(page.errCode).toBe(0);
    expect(page.data.list.map((r) => r.id)).not.toContain(String(reserved));
    expect((await call(admin, 'GET', `/agent/get?id=${reserved}`)).errCode).toBe(404001);
  });

  it('sums the ledger over the list filter, with the balance beside it', async () => {
    const totals = await call<{ income: number; expense: number; balance: number; count: number }>(
      agentA,
      'POST',
      '/accountRecord/totals',
      { direction: 2 },
    );
    expect(totals.errCode).toBe(0);
    expect(totals.data.income).toBe(0);
    expect(totals.data.expense).toBeGreaterThan(0);
    expect(totals.data.balance).toBe(1_000_000 - totals.data.expense);
  });
});
