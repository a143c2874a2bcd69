import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestAgent, createTestOperator, type TestOperator } from '../../../test/operators.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { callApi, insertEnterprise } from './test-fixtures.js';

type Store = { id: string; status: number; version: number; storeNo: string; enterpriseName: string; agentId: string };
type Page = { total: number; list: Store[] };

describe('stores: applications, recycle bin and tenancy', () => {
  let t: TestApp;
  let agentA: number;
  let agentB: number;
  let entA: number;
  let entB: number;
  let opA: TestOperator;
  let opB: TestOperator;
  let platform: TestOperator;
  const perms = [
    'store.page',
    'store.get',
    'store.create',
    'store.update',
    'store.delete',
    'enterprise.page',
    'enterprise.delete',
  ];

  const storeCount = async (id: number) =>
    (await t.database.db.selectFrom('enterprise').select('storeCount').where('id', '=', id).executeTakeFirstOrThrow())
      .storeCount;
  const apply = async (op: TestOperator, enterpriseId: number, name = '悦泉滨江店') => {
    const res = await callApi<Store>(t, op, 'POST', '/store/create', {
      name,
      enterpriseId: String(enterpriseId),
      storeType: 2,
      region: '浙江省/杭州市/滨江区',
      address: '江南大道 588 号',
      contactName: '陈静',
      contactPhone: '13712345678',
      remark: '',
    });
    expect(res.errCode, res.errMsg).toBe(0);
    return res.data;
  };

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    agentA = await createTestAgent(db);
    agentB = await createTestAgent(db);
    entA = await insertEnterprise(db, agentA, '杭州悦泉休闲');
    entB = await insertEnterprise(db, agentB, '宁波海曙足道');
    opA = await createTestOperator(t, { adminType: 1, agentId: agentA, permissions: perms });
    opB = await createTestOperator(t, { adminType: 1, agentId: agentB, permissions: perms });
    platform = await createTestOperator(t, {
      adminType: 0,
      permissions: [
        ...perms,
        'storeApplication',
        'storeApplication.page',
        'store.approve',
        'store.reject',
        'recycleStore.page',
        'store.restore',
      ],
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it("turns a provider's new store into an application the platform approves", async () => {
    const store = await apply(opA, entA);
    expect(store).toMatchObject({ status: 0, enterpriseName: '杭州悦泉休闲', agentId: String(agentA) });
    expect(store.storeNo).toMatch(/^MD\d{12}$/);
    expect(await storeCount(entA)).toBe(1);
    expect((await callApi<number>(t, platform, 'POST', '/saasRole/getPendingApplication')).data).toBe(1);
    const apps = await callApi<Page>(t, platform, 'POST', '/store/applicationPage', { offset: 1, size: 10 });
    expect(apps.data.list.map((s) => s.id)).toEqual([store.id]);

    const approved = await callApi<Store>(t, platform, 'POST', '/store/approve', {
      id: store.id,
      version: store.version,
    });
    expect(approved.data.status).toBe(1);
    const again = await callApi(t, platform, 'POST', '/store/approve', {
      id: store.id,
      version: approved.data.version,
    });
    expect(again.errCode).toBe(409003);
    const stale = await callApi(t, platform, 'POST', '/store/approve', { id: store.id, version: store.version });
    expect(stale.errCode).toBe(409001);
    expect((await callApi<number>(t, platform, 'POST', '/saasRole/getPendingApplication')).data).toBe(0);
  });

  it('rejects an application into the recycle bin with its reason; restoring re-submits it', async () => {
    const store = await apply(opA, entA, '悦泉临平店');
    const noReason = await callApi(t, platform, 'POST', '/store/reject', {
      id: store.id,
      version: store.version,
      reason: '',
    });
    expect(noReason.errCode).toBe(400100);
    const rejected = await callApi<Store & { rejectReason: string }>(t, platform, 'POST', '/store/reject', {
      id: store.id,
      version: store.version,
      reason: '营业执照照片不清晰',
    });
    expect(rejected.data).toMatchObject({ status: 4, rejectReason: '营业执照照片不清晰' });
    const restored = await callApi<Store>(t, platform, 'POST', '/store/restore', {
      id: store.id,
      version: rejected.data.version,
    });
    expect(restored.data.status).toBe(0);
    expect((await callApi<number>(t, platform, 'POST', '/saasRole/getPendingApplication')).data).toBe(1);
  });

  it('deletes into the recycle bin, hides the store from lists, and restores its status', async () => {
    const store = await apply(opA, entA, '悦泉萧山店');
    const approved = await callApi<Store>(t, platform, 'POST', '/store/approve', {
      id: store.id,
      version: store.version,
    });
    const before = await storeCount(entA);
    expect((await callApi(t, opA, 'GET', `/store/delete?id=${store.id}`)).errCode).toBe(0);
    expect(await storeCount(entA)).toBe(before - 1);
    expect((await callApi(t, opA, 'GET', `/store/get?id=${store.id}`)).errCode).toBe(404001);
    const list = await callApi<Page>(t, opA, 'POST', '/store/page', { offset: 1, size: 50 });
    expect(list.data.list.some((s) => s.id === store.id)).toBe(false);
    const bin = await callApi<Page>(t, platform, 'POST', '/store/recyclePage', { offset: 1, size: 50 });
    const binned = bin.data.list.find((s) => s.id === store.id);
    expect(binned).toBeTruthy();

    const stale = await callApi(t, platform, 'POST', '/store/restore', {
      id: store.id,
      version: approved.data.version,
    });
    expect(stale.errCode).toBe(409001);
    const restored = await callApi<Store>(t, platform, 'POST', '/store/restore', {
      id: store.id,
      version: binned!.version,
    });
    expect(restored.data.status).toBe(approved.data.status);
    expect(await storeCount(entA)).toBe(before);
    const again = await callApi(t, platform, 'POST', '/store/restore', {
      id: store.id,
      version: restored.data.version,
    });
    expect(again.errCode).toBe(409003);
  });

  it("never lets one provider see or touch another's stores", async () => {
    const store = await apply(opA, entA, '悦泉余杭店');
    const missing = await callApi(t, opB, 'GET', '/store/get?id=99999999');
    const foreign = await callApi(t, opB, 'GET', `/store/get?id=${store.id}`);
    expect(foreign.errCode).toBe(404001);
    expect(foreign.errMsg).toBe(missing.errMsg);
    const upd = await callApi(t, opB, 'POST', '/store/update', { id: store.id, version: store.version, name: '改名' });
    expect(upd.errCode).toBe(404001);
    expect((await callApi(t, opB, 'GET', `/store/delete?id=${store.id}`)).errCode).toBe(404001);
    const listB = await callApi<Page>(t, opB, 'POST', '/store/page', { offset: 1, size: 50 });
    expect(listB.data.list.every((s) => s.agentId === String(agentB))).toBe(true);
    // A store cannot be hung under another provider's enterprise.
    const res = await callApi(t, opA, 'POST', '/store/create', {
      name: '越界门店',
      enterpriseId: String(entB),
      storeType: 1,
      region: '',
      address: '',
      contactName: '',
      contactPhone: '',
      remark: '',
    });
    expect(res.errCode).toBe(400100);
    expect(res.fieldErrors?.enterpriseId).toBeTruthy();
  });

  it('keeps the review endpoints for the platform', async () => {
    expect((await callApi(t, opA, 'POST', '/saasRole/getPendingApplication')).errCode).toBe(403001);
    expect((await callApi(t, opA, 'POST', '/store/approve', { id: '1', version: 1 })).errCode).toBe(403001);
  });

  it('refuses to delete an enterprise that still has stores', async () => {
    const res = await callApi(t, opA, 'GET', `/enterprise/delete?id=${entA}`);
    expect(res).toMatchObject({ errCode: 409003, errMsg: '该企业还有门店（含回收站），无法删除' });
  });

  it('dates a store number by the China day: created at 00:30 on 2 December Beijing time, MD261202…', async () => {
    // Only Date is pinned (16:30 UTC on 1 December); the server's timers run as usual.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-12-01T16:30:00.000Z') });
    try {
      const store = await apply(opB, entB, '海曙零点店');
      expect(store.storeNo).toMatch(/^MD261202\d{6}$/);
    } finally {
      vi.useRealTimers();
    }
  });
});
