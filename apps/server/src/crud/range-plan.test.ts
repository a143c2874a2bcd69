import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAgent, createTestOperator } from '../../test/operators.js';
import type { TestApp } from '../../test/test-app.js';
import { WIDE_RANGE_MATCHES } from './range-plan.js';
import { createFixtureApp, gadgetPermissions } from '../../test/crud-fixture.js';
import { resourceDb } from './types.js';

type Row = { id: string; price: number; createdAt: string };

/**
 * A wide range (more than WIDE_RANGE_MATCHES matches) is tested row by row while the page walks
 * the sort's index on SQLite; a narrow one seeks its own index. Either way the page must be the
 * same rows in the same order as filtering the whole list by hand.
 */
describe('range filters: wide and narrow ranges page the same rows', () => {
  let t: TestApp;
  const ROWS = WIDE_RANGE_MATCHES + 1_000;

  beforeAll(async () => {
    t = await createFixtureApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers the first, a middle and the last page in the list order for both kinds of range', async () => {
    const agentId = await createTestAgent(t.database.db);
    const day = (i: number) => new Date(Date.UTC(2026, 0, 1) + (i % 400) * 3_600_000 + i).toISOString();
    for (let start = 0; start < ROWS; start += 500) {
      const rows = [];
      for (let i = start; i < Math.min(ROWS, start + 500); i += 1) {
        rows.push({
          agentId,
          name: `区间${i}`,
          code: `R${i}`,
          status: 1,
          price: i % 10,
          createdAt: day(i),
          updatedAt: day(i),
        });
      }
      await resourceDb(t.database.db).insertInto('fixtureGadget').values(rows).execute();
    }
    const op = await createTestOperator(t, { adminType: 1, agentId, permissions: gadgetPermissions });
    const all = await t.database.db
      .selectFrom('fixtureGadget' as never)
      .select(['id', 'price', 'createdAt'] as never[])
      .where('agentId' as never, '=', agentId as never)
      .execute();
    const byNewest = (all as unknown as Row[]).sort((a, b) =>
      a.createdAt === b.createdAt ? Number(b.id) - Number(a.id) : b.createdAt < a.createdAt ? -1 : 1,
    );
    for (const price of [
      { from: 0, to: 8 }, // ~2 700 matches: wide
      { from: 3, to: 3 }, // ~300 matches: narrow
    ]) {
      const expected = byNewest.filter((r) => r.price >= price.from && r.price <= price.to).map((r) => String(r.id));
      expect(expected.length > WIDE_RANGE_MATCHES).toBe(price.to === 8);
      const lastPage = Math.ceil(expected.length / 50);
      for (const offset of [1, Math.ceil(lastPage / 2), lastPage]) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/gadget/page',
          headers: op.headers,
          payload: { offset, size: 50, price },
        });
        const body = res.json<{ data: { total: number; list: Row[] } }>();
        expect(body.data.total).toBe(expected.length);
        expect(body.data.list.map((r) => r.id)).toEqual(expected.slice((offset - 1) * 50, offset * 50));
      }
    }
  });
});
