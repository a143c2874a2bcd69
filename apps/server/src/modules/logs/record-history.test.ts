import type { HistoryEntry } from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAgent, createTestOperator, type TestOperator } from '../../../test/operators.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { callApi, insertStore } from '../stores/test-fixtures.js';

interface HistoryPage {
  total: number;
  list: HistoryEntry[];
}

describe('GET /operationLog/history: a record’s 操作历史, its read permission and scope', () => {
  let t: TestApp;
  let agentA: number;
  let providerA: TestOperator;
  let providerB: TestOperator;
  let staffWithout: TestOperator;
  let binKeeper: TestOperator;
  let storeId: string;
  const history = (op: TestOperator, resource: string, id: string, paging = '') =>
    callApi<HistoryPage>(t, op, 'GET', `/operationLog/history?resource=${resource}&id=${id}${paging}`);

  beforeAll(async () => {
    t = await createTestApp();
    agentA = await createTestAgent(t.database.db);
    providerA = await createTestOperator(t, {
      adminType: 1,
      agentId: agentA,
      permissions: ['store.page', 'store.get', 'store.update', 'store.delete'],
      loginName: `historyA${Date.now()}`,
    });
    providerB = await createTestOperator(t, { adminType: 1, permissions: ['store.page', 'store.get'] });
    // Staff of the same provider whose grant does not include the store list.
    staffWithout = await createTestOperator(t, { adminType: 2, agentId: agentA, permissions: ['enterprise.page'] });
    binKeeper = await createTestOperator(t, { adminType: 0, permissions: ['recycleStore.page', 'recycleStore.get'] });
    storeId = String((await insertStore(t.database.db, agentA, { name: '旧名门店' })).storeId);
    const store = await callApi<{ version: number }>(t, providerA, 'GET', `/store/get?id=${storeId}`);
    expect(store.errCode).toBe(0);
    const upd = await callApi(t, providerA, 'POST', '/store/update', {
      id: storeId,
      version: store.data.version,
      name: '新名门店',
    });
    expect(upd.errCode).toBe(0);
  });
  afterAll(async () => t.close());

  it('shows who changed which field from what to what, with the operator’s account and address', async () => {
    const res = await history(providerA, 'store', storeId);
    expect(res.errCode).toBe(0);
    expect(res.data.total).toBe(1);
    const [entry] = res.data.list;
    expect(entry).toMatchObject({ kind: 'updated', ip: '127.0.0.1' });
    expect(entry?.operatorAccount).toMatch(/^historyA\d+$/);
    expect(entry?.agentName).not.toBeNull();
    expect(entry?.changes).toContainEqual({ field: 'name', before: '旧名门店', after: '新名门店' });
  });

  it('answers another provider as the record read does, and refuses staff without the grant', async () => {
    const read = await callApi(t, providerB, 'GET', `/store/get?id=${storeId}`);
    const foreign = await history(providerB, 'store', storeId);
    expect(foreign.errCode).toBe(404001);
    expect(foreign.errCode).toBe(read.errCode);
    expect((await history(staffWithout, 'store', storeId)).errCode).toBe(403001);
    expect((await history(providerA, 'noSuchThing', storeId)).errCode).toBe(404001);
    expect((await history(providerA, 'store', '99999999')).errCode).toBe(404001);
  });

  it('keeps a recycled store’s history readable through the recycle bin, newest first and paged', async () => {
    expect((await callApi(t, providerA, 'GET', `/store/delete?id=${storeId}`)).errCode).toBe(0);
    // The bin keeper has no store permission: asked as a store it is refused, as a binned one it is shown.
    expect((await history(binKeeper, 'store', storeId)).errCode).toBe(403001);
    const all = await history(binKeeper, 'recycleStore', storeId);
    expect(all.errCode).toBe(0);
    expect(all.data.total).toBe(2);
    expect(all.data.list.map((e) => e.kind)).toEqual(['deleted', 'updated']);
    const second = await history(binKeeper, 'recycleStore', storeId, '&offset=2&size=1');
    expect(second.data.list.map((e) => e.kind)).toEqual(['updated']);
  });
});
