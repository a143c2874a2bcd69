import type { SearchGroup } from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAgent, createTestOperator, type TestOperator } from '../../../test/operators.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { callApi, insertGateway, insertStore } from '../stores/test-fixtures.js';

describe('GET /search: Ctrl+K over the lists the caller may read, in their scope', () => {
  let t: TestApp;
  let platform: TestOperator;
  let platformStoresOnly: TestOperator;
  let providerA: TestOperator;
  let providerB: TestOperator;
  let staffWithout: TestOperator;
  let storeId: string;
  let binnedId: string;
  let gatewaySerial: string;
  // Unique per run: the PostgreSQL test schema may hold other tests' rows.
  const tag = String(Date.now()).slice(-6);
  const phone = `139${tag}77`;
  const search = (op: TestOperator, params: string) =>
    callApi<{ groups: SearchGroup[] }>(t, op, 'GET', `/search?${params}`);
  const found = async (op: TestOperator, q: string, kinds = '') => {
    const res = await search(op, `q=${encodeURIComponent(q)}${kinds ? `&kinds=${kinds}` : ''}`);
    expect(res.errCode).toBe(0);
    return res.data.groups;
  };

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    const agentA = await createTestAgent(db);
    const agentB = await createTestAgent(db);
    platform = await createTestOperator(t, {
      adminType: 0,
      permissions: ['store.page', 'enterprise.page', 'gatewayDevice.page', 'recycleStore.page'],
    });
    platformStoresOnly = await createTestOperator(t, { adminType: 0, permissions: ['store.page'] });
    providerA = await createTestOperator(t, {
      adminType: 1,
      agentId: agentA,
      permissions: ['store.page', 'enterprise.page', 'agentGateway.page'],
    });
    providerB = await createTestOperator(t, {
      adminType: 1,
      agentId: agentB,
      permissions: ['store.page', 'enterprise.page', 'agentGateway.page'],
    });
    // Staff of provider A whose grant holds the enterprise list but not the store list.
    staffWithout = await createTestOperator(t, { adminType: 2, agentId: agentA, permissions: ['enterprise.page'] });

    const store = await insertStore(db, agentA, { name: `星河${tag}门店` });
    storeId = String(store.storeId);
    await db.updateTable('store').set({ contactPhone: phone }).where('id', '=', store.storeId).execute();
    await insertStore(db, agentB, { name: `星河${tag}对手店` });
    binnedId = String((await insertStore(db, agentA, { name: `星河${tag}旧店`, status: 4 })).storeId);
    for (let i = 0; i < 7; i += 1) await insertStore(db, agentA, { name: `连锁${tag}分店${i}` });
    gatewaySerial = (await insertGateway(db, agentA, store.storeId)).deviceName;
  });
  afterAll(async () => t.close());

  it('finds a store by its phone, titled by its name, with the list to open', async () => {
    const groups = await found(providerA, phone);
    expect(groups).toHaveLength(1);
    expect(groups[0]).toMatchObject({
      kind: 'store',
      resource: 'store',
      title: '门店',
      filter: 'keyword',
      more: false,
    });
    expect(groups[0]?.hits.map((h) => [h.id, h.title])).toEqual([[storeId, `星河${tag}门店`]]);
    expect(groups[0]?.hits[0]?.detail).toContain(phone);
  });

  it('shows at most 5 per list and says there are more', async () => {
    const [group] = await found(platform, `连锁${tag}`);
    expect(group?.hits).toHaveLength(5);
    expect(group?.more).toBe(true);
  });

  it('keeps a provider to its own records: another provider finds nothing of them', async () => {
    expect(await found(providerB, phone)).toEqual([]);
    expect(await found(providerB, gatewaySerial)).toEqual([]);
    const theirs = await found(providerB, `星河${tag}`);
    expect(theirs.flatMap((g) => g.hits.map((h) => h.title))).toEqual([`星河${tag}对手店`]);
    // The platform sees both providers' stores.
    const all = await found(platform, `星河${tag}`, 'store');
    expect(all[0]?.hits.map((h) => h.title).sort()).toEqual([`星河${tag}对手店`, `星河${tag}门店`].sort());
  });

  it('searches only the lists the caller may read, through its own screen of them', async () => {
    expect(await found(staffWithout, phone)).toEqual([]);
    expect(await found(platformStoresOnly, gatewaySerial)).toEqual([]);
    const mine = await found(providerA, gatewaySerial);
    expect(mine.map((g) => [g.kind, g.resource])).toEqual([['gateway', 'agentGateway']]);
    const platformWide = await found(platform, gatewaySerial);
    expect(platformWide.map((g) => [g.kind, g.resource])).toEqual([['gateway', 'gatewayDevice']]);
  });

  it('does not find records in the recycle bin', async () => {
    const ids = (await found(platform, `星河${tag}`)).flatMap((g) => g.hits.map((h) => h.id));
    expect(ids).toContain(storeId);
    expect(ids).not.toContain(binnedId);
  });

  it('searches only the kinds asked for', async () => {
    expect(await found(providerA, `星河${tag}`, 'enterprise,gateway')).toEqual([]);
    expect((await found(providerA, `星河${tag}`, 'store')).map((g) => g.kind)).toEqual(['store']);
  });

  it('searches platform accounts by login name, name and phone alike (three filters, merged)', async () => {
    const keeper = await createTestOperator(t, {
      adminType: 0,
      permissions: ['saasAdmin.page'],
      loginName: `finder${tag}`,
    });
    const [byLogin] = await found(keeper, `finder${tag}`);
    expect(byLogin).toMatchObject({ kind: 'account', resource: 'saasAdmin', filter: 'loginName' });
    expect(byLogin?.hits[0]?.detail).toContain(`finder${tag}`);
    const byName = await found(keeper, '测试账号', 'account');
    expect(byName[0]?.hits.length).toBeGreaterThan(0);
  });

  it('refuses an empty, blank or too long keyword and an unknown kind', async () => {
    for (const params of ['q=', 'q=%20%20', `q=${'店'.repeat(51)}`, 'kinds=store', 'q=abc&kinds=store,nothing']) {
      const res = await search(providerA, params);
      expect(res.errCode, params).toBe(400100);
    }
    // Fifty characters, trimmed, is still a search.
    expect((await search(providerA, `q=%20${'店'.repeat(50)}%20`)).errCode).toBe(0);
  });
});
