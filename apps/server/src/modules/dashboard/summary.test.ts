import { type DashboardCard, chinaDay, dashboardCardPermissions } from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAgent, createTestOperator } from '../../../test/operators.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { seedDevices, seedOperation, seedStores, seedUsers } from './dashboard-fixtures.js';
import { loadDashboardSummary } from './summary.js';

const every = new Set(Object.keys(dashboardCardPermissions) as DashboardCard[]);
every.delete('recentOperations');

describe('dashboard summary', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('counts a provider scope exactly and the platform across providers', async () => {
    const db = t.database.db;
    const now = new Date('2026-11-22T02:00:00Z');
    const before = await loadDashboardSummary(db, { agentId: null, cards: every, now });
    const mine = await createTestAgent(db);
    const other = await createTestAgent(db, { status: 2 });
    const [store] = await seedStores(db, mine, [0, 0, 1, 2, 3, 4]);
    const [otherStore] = await seedStores(db, other, [1]);
    await seedDevices(db, mine, store!, [1, 0, 0]);
    await seedDevices(db, other, otherStore!, [1]);
    // Today in China is 2026-11-22: expired, today, within 30 days, the 30th day, beyond.
    await seedUsers(db, mine, store!, ['2026-11-21', '2026-11-22', '2026-12-01', '2026-12-22', '2026-12-23']);
    await seedUsers(db, other, otherStore!, ['2026-11-23']);

    const scoped = await loadDashboardSummary(db, { agentId: mine, cards: every, now });
    expect(scoped.scope).toBe('agent');
    expect(scoped.providers).toBeNull();
    expect(scoped.enterprises?.total).toBe(1);
    expect(scoped.stores).toEqual({
      total: 5,
      pending: 2,
      normal: 1,
      disabled: 1,
      expired: 1,
      recycled: 1,
      expiringSoon: 0,
    });
    expect(scoped.expiryWindow).toEqual({ from: '2026-11-22', to: '2026-12-22' });
    expect(scoped.gateways).toEqual({ total: 3, online: 1, offline: 2 });
    expect(scoped.androidDevices).toEqual({ total: 3, online: 1, offline: 2 });
    expect(scoped.homeUsers).toEqual({ total: 5, expired: 1, expiringSoon: 3 });
    expect(scoped.staffUsers).toEqual({ total: 5, expired: 1, expiringSoon: 3 });
    expect(scoped.recentOperations).toBeNull();

    // Normal stores whose web edition lapses within the window; a disabled one is not a reminder.
    await db.updateTable('store').set({ webExpireAt: '2026-12-22' }).where('agentId', '=', mine).execute();
    const soon = await loadDashboardSummary(db, { agentId: mine, cards: every, now });
    expect(soon.stores!.expiringSoon).toBe(1);
    await db.updateTable('store').set({ webExpireAt: '2026-12-23' }).where('agentId', '=', mine).execute();
    expect((await loadDashboardSummary(db, { agentId: mine, cards: every, now })).stores!.expiringSoon).toBe(0);

    // A rejected application is not a provider; provider operators are not platform accounts.
    await createTestAgent(db, { status: 4 });
    await createTestOperator(t, { adminType: 1, agentId: mine, permissions: [] });
    const all = await loadDashboardSummary(db, { agentId: null, cards: every, now });
    expect(all.scope).toBe('platform');
    expect(all.providers!.total - before.providers!.total).toBe(2);
    expect(all.providers!.frozen - before.providers!.frozen).toBe(1);
    expect(all.accounts!.total).toBe(before.accounts!.total);
    expect(all.stores!.total - before.stores!.total).toBe(6);
    expect(all.gateways!.online - before.gateways!.online).toBe(2);
    expect(all.homeUsers!.expiringSoon - before.homeUsers!.expiringSoon).toBe(4);
  });

  it('uses the date in China, not the server zone', () => {
    expect(chinaDay(new Date('2026-11-21T16:30:00Z'))).toBe('2026-11-22');
    expect(chinaDay(new Date('2026-11-21T15:59:00Z'))).toBe('2026-11-21');
  });

  it('answers the signed-in scope only, each card only with its screen permission', async () => {
    const db = t.database.db;
    const plain = await createTestOperator(t, { adminType: 1, permissions: [] });
    const stores = await createTestOperator(t, { adminType: 1, permissions: ['store.page', 'agentOperationLog'] });
    await seedStores(db, plain.agentId!, [1, 1]);
    await seedStores(db, stores.agentId!, [1]);
    await seedOperation(db, stores.agentId, '修改门店');
    await seedOperation(db, plain.agentId, '别家的操作');
    const summaryOf = async (headers: Record<string, string>) => {
      const res = await t.app.inject({ method: 'GET', url: '/api/dashboard/summary', headers });
      return res.json<{ errCode: number; data: Record<string, unknown> & { scope: string } }>();
    };
    const nothing = {
      providers: null,
      accounts: null,
      enterprises: null,
      stores: null,
      gateways: null,
      androidDevices: null,
      homeUsers: null,
      staffUsers: null,
      recentOperations: null,
    };

    expect(await summaryOf(plain.headers)).toMatchObject({ errCode: 0, data: { scope: 'agent', ...nothing } });
    const own = await summaryOf(stores.headers);
    expect(own.data).toMatchObject({
      ...nothing,
      stores: { total: 1, normal: 1 },
      recentOperations: expect.any(Array) as unknown,
    });
    expect((own.data.recentOperations as { action: string }[]).map((op) => op.action)).toEqual(['修改门店']);

    // A platform admin whose role grants only the enterprise list reads no platform-wide figure
    // of another area (the attack of issue 15, item 5).
    const enterprises = await createTestOperator(t, { adminType: 0, permissions: ['enterprise.page'] });
    const platform = await summaryOf(enterprises.headers);
    expect(platform.data).toMatchObject({
      ...nothing,
      scope: 'platform',
      enterprises: { total: expect.any(Number) as unknown },
    });
    const none = await createTestOperator(t, { adminType: 0, permissions: [] });
    expect((await summaryOf(none.headers)).data).toMatchObject({ scope: 'platform', ...nothing });
  });

  it('refuses a request without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/dashboard/summary' });
    expect(res.json()).toMatchObject({ errCode: 5000 });
  });
});
