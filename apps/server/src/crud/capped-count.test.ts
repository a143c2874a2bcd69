import { COUNT_CAP } from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAgent, createTestOperator } from '../../test/operators.js';
import type { TestApp } from '../../test/test-app.js';
import { nowIso } from '../lib/clock.js';
import { createFixtureApp, gadgetPermissions } from '../../test/crud-fixture.js';
import { resourceDb } from './types.js';

/** The capped total at its edge: the probe past the cap and the exact count below it. */
describe('capped list totals at the cap', () => {
  let t: TestApp;
  let serial = 0;
  beforeAll(async () => {
    t = await createFixtureApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const operatorWith = async (n: number) => {
    const agentId = await createTestAgent(t.database.db);
    const now = nowIso();
    for (let start = 0; start < n; start += 500) {
      const rows = [];
      for (let i = start; i < Math.min(n, start + 500); i += 1) {
        serial += 1;
        rows.push({ agentId, name: `件${i}`, code: `C${serial}`, status: 1, price: 1, createdAt: now, updatedAt: now });
      }
      await resourceDb(t.database.db).insertInto('fixtureGadget').values(rows).execute();
    }
    return createTestOperator(t, { adminType: 1, agentId, permissions: gadgetPermissions });
  };
  const total = async (rows: number) => {
    const op = await operatorWith(rows);
    // Page 2, so the total is not read off a short first page.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/gadget/page',
      headers: op.headers,
      payload: { offset: 2, size: 10 },
    });
    const { data } = res.json<{ data: { total: number; totalCapped: boolean } }>();
    return { total: data.total, totalCapped: data.totalCapped };
  };

  it('counts exactly up to the cap and caps one row past it', async () => {
    expect(await total(COUNT_CAP)).toEqual({ total: COUNT_CAP, totalCapped: false });
    expect(await total(COUNT_CAP + 1)).toEqual({ total: COUNT_CAP + 1, totalCapped: true });
    expect(await total(25)).toEqual({ total: 25, totalCapped: false });
  });
});
