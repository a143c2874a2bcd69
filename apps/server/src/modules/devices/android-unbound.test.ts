import { EXPORT_ROWS_HEADER } from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAgent, createTestOperator, type TestOperator } from '../../../test/operators.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { DeviceSimulator } from '../../adapters/devices/index.js';
import { callApi, insertAndroid, insertShippedOrder, insertStore } from '../stores/test-fixtures.js';
import { exportFile } from '../../../test/export-task.js';

type Terminal = { id: string; version: number; storeId: string | null; storeName: string | null; deviceNo: string };
type Page = { total: number; list: Terminal[] };

const MAC = '02:AA:BB:CC:71:02';

/**
 * A shipped terminal registers without a store (shipped-claim.test.ts); here it is a terminal like
 * any other on every read, and its provider binds it to one of its own stores.
 */
describe('android terminals without a store', () => {
  let t: TestApp;
  let platform: TestOperator;
  let opA: TestOperator;
  let opB: TestOperator;
  let agentA: number;
  let storeA: number;
  let storeB: number;
  let bound: number;
  let unbound: Terminal;

  const page = async (op: TestOperator, path: string, body: object = {}) => {
    const answer = await callApi<Page>(t, op, 'POST', path, { offset: 1, size: 100, ...body });
    expect(answer.errCode).toBe(0);
    return answer.data;
  };
  const ids = (p: Page) => p.list.map((r) => r.id);
  const agentPage = (op: TestOperator, body: object = {}) => page(op, '/aic/androidManage/getPage', body);
  const update = (op: TestOperator, path: string, body: object) => callApi<Terminal>(t, op, 'POST', path, body);
  const current = async () =>
    (await callApi<Terminal>(t, opA, 'GET', `/aic/androidManage/getAndroid?id=${unbound.id}`)).data;

  beforeAll(async () => {
    t = await createTestApp();
    const sim = new DeviceSimulator({ seed: 11, sleep: () => Promise.resolve(), timeoutRate: 0, driftRate: 0 });
    t.app.devices.setAdapter(sim);
    const db = t.database.db;
    agentA = await createTestAgent(db);
    const agentB = await createTestAgent(db);
    ({ storeId: storeA } = await insertStore(db, agentA, { name: '西湖店' }));
    ({ storeId: storeB } = await insertStore(db, agentB, { name: '别家店' }));
    bound = await insertAndroid(db, agentA, storeA);
    // The terminal arrives the way a shipped one does: its MAC on an order, then on line.
    await insertShippedOrder(db, agentA, [{ deviceNo: MAC, deviceKind: 2 }]);
    sim.setOnline({ serial: MAC, kind: 'android' }, true);
    await t.app.devices.settled();

    const agentPermissions = ['agentAndroid.page', 'agentAndroid.get', 'agentAndroid.update', 'agentAndroid.export'];
    opA = await createTestOperator(t, {
      adminType: 1,
      agentId: agentA,
      permissions: [...agentPermissions, 'agentAndroid.voiceCode', 'store.get'],
    });
    opB = await createTestOperator(t, { adminType: 1, agentId: agentB, permissions: agentPermissions });
    platform = await createTestOperator(t, {
      adminType: 0,
      permissions: ['android.page', 'android.get', 'android.update', 'android.export', 'android.voiceCode'],
    });
    const found = (await agentPage(opA)).list.find((r) => r.deviceNo === MAC);
    expect(found).toBeDefined();
    unbound = found!;
  });
  afterAll(async () => {
    await t.app.devices.settled();
    await t.close();
  });

  it('lists the store-less terminal to its provider and the platform, not to another provider', async () => {
    expect(unbound).toMatchObject({ storeId: null, storeName: null });
    expect(ids(await agentPage(opA))).toEqual(expect.arrayContaining([unbound.id, String(bound)]));
    expect(ids(await agentPage(opB))).not.toContain(unbound.id);
    const all = await page(platform, '/saasicAndroidController/getPage', { agentId: String(agentA) });
    expect(ids(all)).toEqual(expect.arrayContaining([unbound.id, String(bound)]));
    expect((await callApi(t, opB, 'GET', `/aic/androidManage/getAndroid?id=${unbound.id}`)).res.statusCode).toBe(404);
  });

  it('filters 未绑定门店 and 已绑定门店, and finds it by keyword', async () => {
    expect(ids(await agentPage(opA, { storeBound: 0 }))).toEqual([unbound.id]);
    const boundOnly = ids(await agentPage(opA, { storeBound: 1 }));
    expect(boundOnly).toContain(String(bound));
    expect(boundOnly).not.toContain(unbound.id);
    // The keyword index (0180/0185) serves the rebuilt table: by MAC digits and by name.
    expect(ids(await agentPage(opA, { keyword: 'CC:71' }))).toEqual([unbound.id]);
    expect(ids(await agentPage(opA, { keyword: '02AABBCC7102' }))).toEqual([unbound.id]);
    expect(ids(await agentPage(opB, { keyword: 'CC:71' }))).toEqual([]);
  });

  it('exports the store-less terminal with the others', async () => {
    const res = await exportFile(t, opA, '/aic/androidManage/exportAndroid', { storeBound: 0 });
    expect(res.statusCode).toBe(200);
    expect(res.headers[EXPORT_ROWS_HEADER.toLowerCase()]).toBe('1');
    const everything = await exportFile(t, opA, '/aic/androidManage/exportAndroid', {});
    expect(everything.headers[EXPORT_ROWS_HEADER.toLowerCase()]).toBe('2');
  });

  it("counts it in the provider's statistics, in no store's counts", async () => {
    const summary = await callApi<{ androidDevices: { total: number; online: number } }>(
      t,
      opA,
      'GET',
      '/dashboard/summary',
    );
    expect(summary.data.androidDevices).toMatchObject({ total: 2, online: 2 });
    const counts = await callApi<{ androidDevices: number }>(t, opA, 'GET', `/store/getCounts?id=${storeA}`);
    expect(counts.data.androidDevices).toBe(1);
  });

  it('refuses room settings and a voice code until the terminal has a store', async () => {
    const row = await current();
    const moved = await update(opA, '/aic/androidManage/updateAndroid', { id: row.id, version: row.version, floor: 3 });
    expect(moved.res.statusCode).toBe(409);
    expect(moved.errMsg).toContain('未绑定门店');
    const voice = await callApi(t, opA, 'GET', `/aic/androidManage/obtainVoiceCode?deviceId=${row.id}`);
    expect(voice.res.statusCode).toBe(409);
    expect(voice.errMsg).toContain('未绑定门店');
    // A rename needs no store.
    const renamed = await update(opA, '/aic/androidManage/updateAndroid', {
      id: row.id,
      version: row.version,
      name: '三楼包间终端',
      floor: 1,
    });
    expect(renamed.errCode).toBe(0);
  });

  it("refuses another provider's store, as the provider and as the platform", async () => {
    const row = await current();
    const asProvider = await update(opA, '/aic/androidManage/updateAndroid', {
      id: row.id,
      version: row.version,
      storeId: String(storeB),
    });
    expect(asProvider.res.statusCode).toBe(400);
    expect(asProvider.fieldErrors?.storeId).toBe('关联的记录不存在');
    // Another provider's store answers exactly like a store that does not exist.
    const missing = await update(opA, '/aic/androidManage/updateAndroid', {
      id: row.id,
      version: row.version,
      storeId: '987654321',
    });
    expect([missing.res.statusCode, missing.errMsg]).toEqual([asProvider.res.statusCode, asProvider.errMsg]);
    const asPlatform = await update(platform, '/saasicAndroidController/updateAndroid', {
      id: row.id,
      version: row.version,
      storeId: String(storeB),
    });
    expect(asPlatform.fieldErrors?.storeId).toBe('关联的记录不存在');
    expect((await current()).storeId).toBeNull();
  });

  it('binds to an own store with the current version only, then keeps a store', async () => {
    const row = await current();
    const stale = await update(opA, '/aic/androidManage/updateAndroid', {
      id: row.id,
      version: row.version - 1,
      storeId: String(storeA),
    });
    expect(stale.res.statusCode).toBe(409);
    expect((await current()).storeId).toBeNull();
    const ok = await update(opA, '/aic/androidManage/updateAndroid', {
      id: row.id,
      version: row.version,
      storeId: String(storeA),
      roomType: 2,
      floor: 2,
    });
    expect(ok.errCode).toBe(0);
    expect(ok.data).toMatchObject({ storeId: String(storeA), storeName: '西湖店', roomType: 2, floor: 2 });
    expect(ids(await agentPage(opA, { storeBound: 0 }))).toEqual([]);
    const counts = await callApi<{ androidDevices: number }>(t, opA, 'GET', `/store/getCounts?id=${storeA}`);
    expect(counts.data.androidDevices).toBe(2);
    // A bound terminal moves between stores but is not left without one.
    const unbind = await update(opA, '/aic/androidManage/updateAndroid', {
      id: row.id,
      version: ok.data.version,
      storeId: null,
    });
    expect(unbind.fieldErrors?.storeId).toBe('请选择门店');
  });
});
