import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../../../test/ops-helpers.js';
import { createTestAgent, createTestOperator } from '../../../test/operators.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { sampleStore } from '../../db/sample-rows.js';

// Store options follow the permission of the screen asking and the caller's scope (issue 15,
// item 5: a platform admin granted only the enterprise list read every provider's stores).
describe('store options', () => {
  let t: TestApp;
  let agentA: number;
  let storeA: number;
  let storeB: number;
  beforeAll(async () => {
    t = await createTestApp();
    agentA = await createTestAgent(t.database.db);
    const agentB = await createTestAgent(t.database.db);
    storeA = await sampleStore(t.database.db, agentA);
    storeB = await sampleStore(t.database.db, agentB);
  });
  afterAll(() => t.close());

  const ids = (data: unknown) => (data as { id: string }[]).map((s) => s.id);

  it('refuses a screen the operator does not hold, or one that picks no store', async () => {
    const enterprises = await createTestOperator(t, { adminType: 0, permissions: ['enterprise.page'] });
    for (const screen of ['enterprise.page', 'store.page', 'sweepShop.create']) {
      const answer = await callApi(t, enterprises, 'GET', `/store/options?for=${screen}`);
      expect([answer.status, answer.errCode]).toEqual([403, 403001]);
    }
    const missing = await callApi(t, enterprises, 'GET', '/store/options');
    expect(missing.errCode).toBe(400100);
  });

  it('answers a screen that picks stores, within the caller’s scope', async () => {
    const platform = await createTestOperator(t, { adminType: 0, permissions: ['homeUser.page'] });
    const all = await callApi(t, platform, 'GET', '/store/options?for=homeUser.page');
    expect(ids(all.data)).toEqual(expect.arrayContaining([String(storeA), String(storeB)]));

    const provider = await createTestOperator(t, { adminType: 1, agentId: agentA, permissions: ['sweepShop.create'] });
    const own = await callApi(t, provider, 'GET', '/store/options?for=sweepShop.create');
    expect(own.errCode).toBe(0);
    expect(ids(own.data)).toEqual([String(storeA)]);
  });
});
