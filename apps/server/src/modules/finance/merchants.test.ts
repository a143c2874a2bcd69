import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PaymentsSimulator, makeLicenseNo } from '../../adapters/payments/index.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createTestOperator, type TestOperator } from '../../../test/operators.js';
import { sampleStore } from '../../db/sample-rows.js';
import { sampleMerchantImages } from './merchant-documents.js';

type Envelope<T = unknown> = { errCode: number; errMsg: string; data: T; fieldErrors?: Record<string, string> };
interface Merchant {
  id: string;
  version: number;
  status: number;
  applyNo: string;
  merchantNo: string;
  rejectReason: string;
  settleAccountMasked: string;
  activatedAt: string | null;
}

describe('payment merchants: the provider’s states, resubmission, the masked account', () => {
  let t: TestApp;
  let platform: TestOperator;
  let agentA: TestOperator;
  let agentB: TestOperator;
  let sim: PaymentsSimulator;

  const call = async <T = unknown>(op: TestOperator, method: 'GET' | 'POST', url: string, payload?: object) => {
    const res = await t.app.inject({ method, url: `/api${url}`, headers: op.headers, ...(payload ? { payload } : {}) });
    return res.json<Envelope<T>>();
  };
  const get = (op: TestOperator, id: string) => call<Merchant>(op, 'GET', `/sweepShop/get?id=${id}`);
  const application = async (licenseNo: string) => ({
    storeId: String(await sampleStore(t.database.db, agentA.agentId!)),
    merchantName: '杭州西溪汤泉休闲有限公司',
    shortName: '西溪汤泉',
    licenseNo,
    legalPerson: '陈晓东',
    contactPhone: '13757100001',
    settleBank: '中国工商银行杭州文三路支行',
    settleAccount: '6222021202001234567',
    ...(await sampleMerchantImages(t.database.db, agentA.agentId!)),
  });
  /** Waits until the application went to the provider (it is sent after the create commits). */
  const sent = async (id: string) => {
    for (let i = 0; i < 100; i += 1) {
      if ((await get(agentA, id)).data.applyNo) return;
      await new Promise((r) => setTimeout(r, 30));
    }
    throw new Error('application never sent');
  };

  beforeAll(async () => {
    t = await createTestApp();
    sim = t.app.payments as PaymentsSimulator;
    // Steps far in the future: the test moves them on with settleAll().
    sim.configure({ answerMs: [0, 5], pickupMs: [60_000, 60_000], unavailableRate: 0, rejectRate: 0 });
    const perms = (p: string) => ['page', 'get', 'create', 'update', 'delete', 'export'].map((a) => `${p}.${a}`);
    platform = await createTestOperator(t, { adminType: 0, permissions: [...perms('sweepShop'), ...perms('wsShop')] });
    agentA = await createTestOperator(t, { adminType: 1, permissions: perms('sweepShop') });
    agentB = await createTestOperator(t, { adminType: 1, permissions: perms('sweepShop') });
  });
  afterAll(async () => {
    await t.close();
  });

  it('moves submitted → reviewing → approved → active; only the platform and its provider see it', async () => {
    const created = await call<Merchant>(agentA, 'POST', '/sweepShop/create', await application(makeLicenseNo(42)));
    expect(created.errCode).toBe(0);
    expect(created.data).toMatchObject({ status: 0, settleAccountMasked: '6222 **** **** 4567' });
    expect(JSON.stringify(created.data)).not.toContain('6222021202001234567');
    await sent(created.data.id);
    expect((await get(agentA, created.data.id)).data.status).toBe(0);

    await sim.settleAll();
    const active = (await get(agentA, created.data.id)).data;
    expect(active).toMatchObject({ status: 4, rejectReason: '' });
    expect(active.merchantNo).toMatch(/^1688\d{10}$/);
    expect(active.activatedAt).not.toBeNull();

    const edit = await call(agentA, 'POST', '/sweepShop/update', {
      id: active.id,
      version: active.version,
      shortName: '西溪',
    });
    expect(edit.errCode).toBe(409003);
    expect((await call(agentA, 'GET', `/sweepShop/delete?id=${active.id}`)).errCode).toBe(409003);

    expect((await get(agentB, active.id)).errCode).toBe(404001);
    expect((await call(agentB, 'POST', '/sweepShop/update', { id: active.id, version: 1 })).errCode).toBe(404001);
    expect((await call<Merchant>(platform, 'GET', `/sweepShop/get?id=${active.id}`)).data.status).toBe(4);
    // One table, two screens: the 微信服务商 screen does not list a 扫码支付 application.
    expect((await call(platform, 'GET', `/wsShop/get?id=${active.id}`)).errCode).toBe(404001);
  });

  it('needs the licence and ID images, uploaded for merchant documents by this provider or the platform', async () => {
    const base = await application(makeLicenseNo(45));
    const missing = await call<unknown>(agentA, 'POST', '/sweepShop/create', { ...base, licenseImage: '' });
    expect(missing.errCode).not.toBe(0);
    expect(missing.fieldErrors).toEqual({ licenseImage: '请上传营业执照' });
    const foreign = await sampleMerchantImages(t.database.db, agentB.agentId!);
    const borrowed = await call(agentA, 'POST', '/sweepShop/create', {
      ...base,
      idCardBackImage: foreign.idCardBackImage,
    });
    expect(borrowed.fieldErrors).toEqual({ idCardBackImage: '文件不存在，请重新上传' });
    const unknown = await call(agentA, 'POST', '/sweepShop/create', {
      ...base,
      storefrontImage: `${'a'.repeat(32)}.png`,
    });
    expect(unknown.fieldErrors).toEqual({ storefrontImage: '文件不存在，请重新上传' });
    expect((await call(agentA, 'POST', '/sweepShop/create', base)).errCode).toBe(0);
  });

  it('is resubmitted only after a rejection, keeping the stored account unless a new one is given', async () => {
    const good = makeLicenseNo(43);
    const badLicense = `${good.slice(0, 17)}${good.endsWith('0') ? '1' : '0'}`;
    const created = await call<Merchant>(agentA, 'POST', '/sweepShop/create', await application(badLicense));
    await sent(created.data.id);
    const submitted = (await get(agentA, created.data.id)).data;
    const early = await call(agentA, 'POST', '/sweepShop/update', {
      id: submitted.id,
      version: submitted.version,
      licenseNo: good,
    });
    expect(early.errCode).toBe(409003);
    expect(early.errMsg).toBe('只有已驳回的申请可以修改后重新提交');

    await sim.settleAll();
    const rejected = (await get(agentA, created.data.id)).data;
    expect(rejected).toMatchObject({ status: 2, rejectReason: '统一社会信用代码校验失败', merchantNo: '' });

    const resubmitted = await call<Merchant>(agentA, 'POST', '/sweepShop/update', {
      id: rejected.id,
      version: rejected.version,
      licenseNo: good,
      settleAccount: '',
    });
    expect(resubmitted.errCode).toBe(0);
    expect(resubmitted.data).toMatchObject({ status: 0, rejectReason: '', applyNo: '' });
    expect(resubmitted.data.settleAccountMasked).toBe('6222 **** **** 4567');
    const stored = await t.database.db
      .selectFrom('paymentMerchant')
      .where('id', '=', Number(rejected.id))
      .select('settleAccount')
      .executeTakeFirstOrThrow();
    expect(stored.settleAccount).toBe('6222021202001234567');

    await sent(rejected.id);
    await sim.settleAll();
    expect((await get(agentA, rejected.id)).data.status).toBe(4);

    // The operation log never holds the account digits.
    const logs = await t.database.db.selectFrom('operationLog').selectAll().execute();
    expect(JSON.stringify(logs)).not.toContain('6222021202001234567');
  });

  it('ignores a provider notification that does not follow from the state (late or repeated)', async () => {
    const created = await call<Merchant>(agentA, 'POST', '/sweepShop/create', await application(makeLicenseNo(44)));
    await sent(created.data.id);
    const { applyNo } = (await get(agentA, created.data.id)).data;
    const listeners = (sim as unknown as { listeners: Set<(u: object) => Promise<void>> }).listeners;
    for (const l of listeners) await l({ applyNo, step: 'activated', at: new Date().toISOString() });
    expect((await get(agentA, created.data.id)).data.status).toBe(0);
    for (const l of listeners) await l({ applyNo, step: 'reviewing', at: new Date().toISOString() });
    expect((await get(agentA, created.data.id)).data.status).toBe(3);
    await sim.settleAll();
    expect((await get(agentA, created.data.id)).data.status).toBe(4);
  });
});
