import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithOperator, type TestApp } from '../../../test/app-with-operator.js';
import { createTestOperator, type TestOperator } from '../../../test/operators.js';
import { sampleEnterprise } from '../../db/sample-rows.js';

type Envelope<T = unknown> = { errCode: number; errMsg: string; data: T; fieldErrors?: Record<string, string> };

describe('finance: contracts, ledgers, wallets', () => {
  let t: TestApp;
  let platform: TestOperator;
  let agentA: TestOperator;
  let agentB: TestOperator;

  const call = async <T = unknown>(op: TestOperator, method: 'GET' | 'POST', url: string, payload?: object) => {
    const res = await t.app.inject({ method, url: `/api${url}`, headers: op.headers, ...(payload ? { payload } : {}) });
    return res.json<Envelope<T>>();
  };

  beforeAll(async () => {
    ({ t, operator: platform } = await appWithOperator({
      permissions: [
        'accountRecord.adjust',
        'accountRecord.page',
        'enterpriseWallet.adjust',
        'enterpriseWallet.create',
        'enterpriseWallet.get',
        'enterpriseWallet.page',
        'sweepShop.page',
        'wsShop.page',
      ],
    }));
    const agentPerms = [
      'contract.create',
      'contract.get',
      'contract.update',
      'contract.page',
      'accountRecord.page',
      'sweepShop.create',
      'sweepShop.page',
      'sweepShop.get',
      'sweepShop.update',
      'sweepShop.delete',
      'wsShop.page',
      'accountRecord.adjust',
    ];
    agentA = await createTestOperator(t, { adminType: 1, permissions: agentPerms });
    agentB = await createTestOperator(t, { adminType: 1, permissions: agentPerms });
  });
  afterAll(async () => {
    await t.close();
  });

  const contract = (over: object = {}) => ({
    contractNo: `HT${Math.floor(Math.random() * 1e9)}`,
    partyType: 1,
    enterpriseId: null,
    title: '服务商年度合作协议',
    amount: 3_600_000,
    signedDate: '2026-02-01',
    startDate: '2026-02-01',
    endDate: '2027-01-31',
    status: 1,
    attachmentUrl: '',
    remark: '',
    ...over,
  });

  it('contracts: an enterprise contract names the provider’s own enterprise, dates run forward', async () => {
    const noEnterprise = await call(agentA, 'POST', '/contract/create', contract({ partyType: 2 }));
    expect(noEnterprise.errCode).toBe(400100);
    expect(noEnterprise.fieldErrors).toHaveProperty('enterpriseId');

    const backwards = await call(agentA, 'POST', '/contract/create', contract({ endDate: '2026-01-01' }));
    expect(backwards.fieldErrors).toHaveProperty('endDate');

    const foreignEnterprise = await sampleEnterprise(t.database.db, agentB.agentId!);
    const foreign = await call(
      agentA,
      'POST',
      '/contract/create',
      contract({ partyType: 2, enterpriseId: String(foreignEnterprise) }),
    );
    expect(foreign.fieldErrors).toHaveProperty('enterpriseId');

    const own = await sampleEnterprise(t.database.db, agentA.agentId!);
    const ok = await call<{ id: string; agentId: string; enterpriseName: string }>(
      agentA,
      'POST',
      '/contract/create',
      contract({ partyType: 2, enterpriseId: String(own), agentId: String(agentB.agentId) }),
    );
    expect(ok.errCode).toBe(0);
    expect(ok.data.agentId).toBe(String(agentA.agentId));
    expect(ok.data.enterpriseName).toMatch(/^样例企业/);

    const seenByB = await call(agentB, 'GET', `/contract/get?id=${ok.data.id}`);
    expect(seenByB.errCode).toBe(404001);
  });

  it('provider account: adjustments keep a running balance; only the platform adjusts', async () => {
    const adjust = (direction: number, amount: number) =>
      call<{ balanceAfter: number }>(platform, 'POST', '/accountRecord/adjust', {
        agentId: String(agentA.agentId),
        direction,
        kind: direction === 1 ? 1 : 8,
        amount,
        remark: '线下打款充值',
      });
    expect((await adjust(1, 100_000)).data.balanceAfter).toBe(100_000);
    expect((await adjust(2, 30_000)).data.balanceAfter).toBe(70_000);
    expect((await adjust(1, 5)).data.balanceAfter).toBe(70_005);

    const byAgent = await call(agentA, 'POST', '/accountRecord/adjust', {
      agentId: String(agentA.agentId),
      direction: 1,
      kind: 1,
      amount: 1,
      remark: '自己充值',
    });
    expect(byAgent.errCode).toBe(403001);

    const listA = await call<{ list: { agentId: string }[] }>(agentA, 'POST', '/accountRecord/page', {});
    expect(listA.data.list).toHaveLength(3);
    const listB = await call<{ list: unknown[] }>(agentB, 'POST', '/accountRecord/page', {});
    expect(listB.data.list).toHaveLength(0);
  });

  it('wallets: concurrent deductions never drive the balance below zero, each leaves a ledger row', async () => {
    const db = t.database.db;
    const enterpriseId = await sampleEnterprise(db, agentA.agentId!);
    const open = (agentId: number | null) =>
      call<{ id: string; balance: number }>(platform, 'POST', '/enterpriseWallet/create', {
        agentId: String(agentId),
        enterpriseId: String(enterpriseId),
        status: 1,
      });
    expect((await open(agentB.agentId)).fieldErrors).toHaveProperty('enterpriseId');
    const opened = await open(agentA.agentId);
    expect(opened.data.balance).toBe(0);
    expect((await open(agentA.agentId)).errCode).toBe(409002);
    const wallet = { id: Number(opened.data.id) };
    const topUp = await call(platform, 'POST', '/enterpriseWallet/adjust', {
      id: opened.data.id,
      direction: 1,
      kind: 1,
      amount: 100,
      remark: '线下充值',
    });
    expect(topUp.errCode).toBe(0);
    const deduct = () =>
      call(platform, 'POST', '/enterpriseWallet/adjust', {
        id: String(wallet.id),
        direction: 2,
        kind: 2,
        amount: 30,
        remark: '门店缴费扣款',
      });
    const results = await Promise.all(Array.from({ length: 8 }, deduct));
    expect(results.filter((r) => r.errCode === 0)).toHaveLength(3);
    expect(results.filter((r) => r.errCode === 409003)).toHaveLength(5);
    const ledger = await call<{ total: number; list: { balanceAfter: number }[] }>(
      platform,
      'POST',
      '/enterpriseWallet/ledger',
      { walletId: String(wallet.id) },
    );
    expect(ledger.data.total).toBe(4);
    expect(ledger.data.list.map((r) => r.balanceAfter)).toEqual([10, 40, 70, 100]);
    const got = await call<{ balance: number }>(platform, 'GET', `/enterpriseWallet/get?id=${wallet.id}`);
    expect(got.data.balance).toBe(10);
  });
});
