import type { CurrentScope } from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithOperator, type TestApp } from '../../../test/app-with-operator.js';
import { type TestOperator, createTestAgent, createTestOperator } from '../../../test/operators.js';
import { insertStore } from '../stores/test-fixtures.js';

describe('GET /api/scope/current (the 当前范围 line)', () => {
  let t: TestApp;
  let admin: TestOperator;
  let providerAdmin: TestOperator;
  let staff: TestOperator;
  let otherProvider: TestOperator;

  const ask = async (op: TestOperator | null) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/scope/current', headers: op?.headers ?? {} });
    return { status: res.statusCode, ...res.json<{ errCode: number; data: CurrentScope }>() };
  };

  beforeAll(async () => {
    ({ t, operator: admin } = await appWithOperator({ permissions: [] }));
    const agentId = await createTestAgent(t.database.db, { name: '成都蜀联' });
    providerAdmin = await createTestOperator(t, { adminType: 1, agentId, permissions: [] });
    staff = await createTestOperator(t, { adminType: 2, agentId, permissions: ['store.page', 'store.get'] });
    otherProvider = await createTestOperator(t, { adminType: 1, permissions: [] });
    await insertStore(t.database.db, agentId);
    await insertStore(t.database.db, agentId);
    // A store in the recycle bin is outside every list, so outside the count.
    await insertStore(t.database.db, agentId, { status: 4 });
    await insertStore(t.database.db, otherProvider.agentId!);
  });
  afterAll(() => t.close());

  it('tells a provider admin its provider and its stores outside the recycle bin', async () => {
    const { status, errCode, data } = await ask(providerAdmin);
    expect({ status, errCode }).toEqual({ status: 200, errCode: 0 });
    expect(data).toEqual({
      agentId: String(providerAdmin.agentId),
      agentName: '成都蜀联',
      storeCount: 2,
      storeCountCapped: false,
      staff: false,
      grantCount: null,
    });
  });

  it('tells staff the same provider and how much their grant holds', async () => {
    const { data } = await ask(staff);
    expect(data).toMatchObject({ agentName: '成都蜀联', storeCount: 2, staff: true });
    expect(data.grantCount).toBeGreaterThanOrEqual(2);
  });

  it('counts only the caller’s own provider', async () => {
    const { data } = await ask(otherProvider);
    expect(data.agentId).toBe(String(otherProvider.agentId));
    expect(data.storeCount).toBe(1);
  });

  it('answers the platform with no provider limit', async () => {
    const { data } = await ask(admin);
    expect(data).toEqual({
      agentId: null,
      agentName: null,
      storeCount: null,
      storeCountCapped: false,
      staff: false,
      grantCount: null,
    });
  });

  it('refuses a request without a session', async () => {
    const { status, errCode } = await ask(null);
    expect(status).toBe(401);
    expect(errCode).not.toBe(0);
  });
});
