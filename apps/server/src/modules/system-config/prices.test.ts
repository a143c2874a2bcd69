import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithOperator, type TestApp } from '../../../test/app-with-operator.js';
import { createTestOperator, type TestOperator } from '../../../test/operators.js';
import { callApi } from '../../../test/ops-helpers.js';
import { priceFor } from './prices.js';

describe('prices: base per product × edition × period, provider overrides', () => {
  let t: TestApp;
  let admin: TestOperator;
  let agentA: TestOperator;
  let agentB: TestOperator;
  let editionId: string;

  beforeAll(async () => {
    ({ t, operator: admin } = await appWithOperator({
      permissions: ['webPrice.create', 'webPrice.page', 'staffAppletPrice.create', 'edition.create'],
    }));
    agentA = await createTestOperator(t, { adminType: 1, permissions: [] });
    agentB = await createTestOperator(t, { adminType: 1, permissions: [] });
    const edition = await callApi<{ id: string }>(t, admin, 'POST', '/edition/create', {
      name: '标准版',
      code: 'std_test',
      webPrice: 0,
      staffAppletPrice: 0,
      maxRooms: 0,
      features: ['前台收银'],
      sort: 1,
      status: 1,
      remark: '',
    });
    editionId = edition.data.id;
  });
  afterAll(() => t.close());

  const create = (path: string, body: object) =>
    callApi<{ id: string; agentName: string; editionName: string }>(t, admin, 'POST', path, {
      editionId,
      period: 3,
      providerId: null,
      remark: '',
      ...body,
    });

  it('answers the override for its provider, the base for others, and nothing when unpriced', async () => {
    expect((await create('/webPrice/create', { amount: 198_000 })).errCode).toBe(0);
    const override = await create('/webPrice/create', { amount: 158_000, providerId: String(agentA.agentId) });
    expect(override.errCode).toBe(0);
    expect((await create('/staffAppletPrice/create', { amount: 50_000 })).errCode).toBe(0);
    // One base price per product, edition and period.
    expect((await create('/webPrice/create', { amount: 1 })).errCode).not.toBe(0);
    const ask = (agentId: number | null, product: 1 | 2 = 1, period: 1 | 2 | 3 = 3) =>
      priceFor(t.database.db, { product, editionId: Number(editionId), period, agentId });
    expect(await ask(agentA.agentId)).toMatchObject({ amount: 158_000, source: 'override' });
    expect(await ask(agentB.agentId)).toMatchObject({ amount: 198_000, source: 'base' });
    expect(await ask(null)).toMatchObject({ amount: 198_000, source: 'base' });
    expect(await ask(agentA.agentId, 2)).toMatchObject({ amount: 50_000, source: 'base' });
    expect(await ask(agentA.agentId, 1, 1)).toBeNull();
    // Each screen lists only its product.
    const web = await callApi<{ list: { amount: number }[] }>(t, admin, 'POST', '/webPrice/page', {});
    expect(web.data.list.map((r) => r.amount).sort()).toEqual([158_000, 198_000]);
  });
});
