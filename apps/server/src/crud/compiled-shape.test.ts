import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAgent, createTestOperator, type TestOperator } from '../../test/operators.js';
import type { TestApp } from '../../test/test-app.js';
import { nowIso } from '../lib/clock.js';
import { ANCHOR_STRIDE } from './anchors.js';
import { compileShape, runShape } from './compiled-shape.js';
import { createFixtureApp, gadgetPermissions } from '../../test/crud-fixture.js';
import { type ResourceDb, resourceDb } from './types.js';

type Row = { id: string; price: number; status: number; name: string };
type PageData = { total: number; list: Row[]; nextCursor?: string | null };

/** Queries compiled once with placeholders answer as if built with the real values. */
describe('compiled query shapes', () => {
  let t: TestApp;
  let db: ResourceDb;
  let mine: TestOperator;
  let theirs: TestOperator;
  const ROWS = 2 * ANCHOR_STRIDE + 75;

  const addRows = async (agentId: number, tag: string) => {
    const now = nowIso();
    for (let start = 0; start < ROWS; start += 500) {
      const rows = [];
      for (let i = start; i < Math.min(ROWS, start + 500); i += 1) {
        rows.push({ agentId, name: `${tag}${i}`, code: `${tag}${i}`, status: i % 3 ? 1 : 0, price: i % 5 });
      }
      await resourceDb(t.database.db)
        .insertInto('fixtureGadget')
        .values(rows.map((r) => ({ ...r, createdAt: now, updatedAt: now })))
        .execute();
    }
  };
  const list = async (op: TestOperator, body: object) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/gadget/page', headers: op.headers, payload: body });
    const parsed = res.json<{ errCode: number; data: PageData }>();
    expect(parsed.errCode, res.body).toBe(0);
    return parsed.data;
  };

  beforeAll(async () => {
    t = await createFixtureApp();
    db = resourceDb(t.database.db);
    const a = await createTestAgent(t.database.db);
    const b = await createTestAgent(t.database.db);
    await addRows(a, 'SA');
    await addRows(b, 'SB');
    mine = await createTestOperator(t, { adminType: 1, agentId: a, permissions: gadgetPermissions });
    theirs = await createTestOperator(t, { adminType: 1, agentId: b, permissions: gadgetPermissions });
  });
  afterAll(async () => {
    await t.close();
  });

  const byPrice = (values: unknown[]) =>
    db
      .selectFrom('fixture_gadget as t')
      .select(['t.name'])
      .where('t.price', '=', values[0])
      .where('t.name', 'like', values[1])
      .where('t.status', '=', 1)
      .orderBy('t.id')
      .limit(values[2] as number);

  it('binds each value where its placeholder was, keeping the constants', async () => {
    const shape = compileShape([3, 'SA%', 4], (v) => byPrice(v).compile());
    expect(shape).not.toBeNull();
    for (const values of [
      [3, 'SA%', 4],
      [1, 'SB1%', 7],
    ]) {
      expect(await runShape(db, shape!, values)).toEqual(await byPrice(values).execute());
    }
  });

  it('refuses values it cannot bind afterwards: transformed, repeated or not a number or string', () => {
    const transformed = compileShape(['SA'], (v) => byPrice([1, `${String(v[0])}%`, 5]).compile());
    expect(transformed).toBeNull();
    const twice = compileShape([2], (v) => byPrice([v[0], 'S%', v[0]]).compile());
    expect(twice).toBeNull();
    expect(compileShape([[1, 2]], () => byPrice([1, 'S%', 1]).compile())).toBeNull();
    expect(
      compileShape([1], () => {
        throw new Error('not buildable');
      }),
    ).toBeNull();
    // A value the query never binds cannot be swapped in either.
    expect(compileShape([1, 9], (v) => byPrice([v[0], 'S%', 3]).where(sql.lit(1), '=', 1).compile())).toBeNull();
  });

  it('answers filtered OFFSET pages at every depth as the keyset walk does, per provider', async () => {
    for (const op of [mine, theirs]) {
      for (const sort of [
        { field: 'price', order: 'ascend' },
        { field: 'createdAt', order: 'descend' },
        { field: 'id', order: 'descend' },
      ] as const) {
        const filter = { status: 1 };
        const all: Row[] = [];
        let after: string | null | undefined;
        do {
          const data = await list(op, { size: 500, sort, ...filter, ...(after ? { after } : {}) });
          all.push(...data.list);
          after = data.nextCursor;
        } while (after);
        expect(all.every((r) => r.status === 1)).toBe(true);
        const tag = op === mine ? 'SA' : 'SB';
        expect(all.every((r) => r.name.startsWith(tag))).toBe(true);
        const last = Math.ceil(all.length / 20);
        const stride = ANCHOR_STRIDE / 20;
        for (const offset of [last, stride + 1, 2 * stride + 3, 1, stride]) {
          const page = await list(op, { offset, size: 20, sort, ...filter });
          const expected = all.slice((offset - 1) * 20, offset * 20).map((r) => r.id);
          expect(
            page.list.map((r) => r.id),
            `${tag} ${sort.field} page ${offset}`,
          ).toEqual(expected);
        }
      }
    }
  });
});
