import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestAgent, createTestOperator, type TestOperator } from '../../test/operators.js';
import type { TestApp } from '../../test/test-app.js';
import { nowIso } from '../lib/clock.js';
import { sql } from 'kysely';
import { ANCHOR_STRIDE, type AnchorList, type ListOrder, type PageIds, seekAnchor } from './anchors.js';
import { CountCache } from './list.js';
import { createFixtureApp, gadgetPermissions } from '../../test/crud-fixture.js';
import { resourceDb } from './types.js';

type Row = { id: string; price: number; agentName: string };
type PageBody = { errCode: number; data: { total: number; list: Row[]; nextCursor?: string | null } };
type Sort = { field: string; order: 'ascend' | 'descend' };

/** Deep OFFSET pages start from remembered anchors; they must equal a plain walk of the list. */
describe('list anchors: deep OFFSET pages', () => {
  let t: TestApp;
  let op: TestOperator;
  let serial = 0;
  const ROWS = 2 * ANCHOR_STRIDE + 345;
  const PAGE = 20;
  /** Pages per stride: page STRIDE_PAGES + 1 is the first to start from an anchor. */
  const STRIDE_PAGES = ANCHOR_STRIDE / PAGE;
  const LAST_PAGE = Math.ceil(ROWS / PAGE);

  const list = async (body: object) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/gadget/page', headers: op.headers, payload: body });
    const parsed = res.json<PageBody>();
    expect(parsed.errCode, res.body).toBe(0);
    return parsed.data;
  };
  /** The whole list in order, by the keyset cursor (which never uses anchors). */
  const walk = async (sort: Sort) => {
    const ids: string[] = [];
    let after: string | null | undefined;
    do {
      const data = await list({ size: 500, sort, ...(after ? { after } : {}) });
      ids.push(...data.list.map((r) => r.id));
      after = data.nextCursor;
    } while (after);
    return ids;
  };
  const pageIds = async (offset: number, sort: Sort) =>
    (await list({ offset, size: PAGE, sort })).list.map((r) => r.id);

  beforeAll(async () => {
    t = await createFixtureApp();
    const agentId = await createTestAgent(t.database.db);
    const now = nowIso();
    for (let start = 0; start < ROWS; start += 500) {
      const rows = [];
      for (let i = start; i < Math.min(ROWS, start + 500); i += 1) {
        serial += 1;
        // Few distinct prices and one creation time: most order comes from the id tie-break.
        rows.push({
          agentId,
          name: `件${i}`,
          code: `A${serial}`,
          status: 1,
          price: i % 7,
          createdAt: now,
          updatedAt: now,
        });
      }
      await resourceDb(t.database.db).insertInto('fixtureGadget').values(rows).execute();
    }
    op = await createTestOperator(t, { adminType: 1, agentId, permissions: gadgetPermissions });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers every depth as a plain walk would, deepest first and again from the anchors', async () => {
    for (const sort of [
      { field: 'price', order: 'ascend' },
      { field: 'createdAt', order: 'descend' },
      { field: 'id', order: 'ascend' },
      // A joined column: the id walk keeps the join.
      { field: 'agentName', order: 'descend' },
    ] as const) {
      const all = await walk(sort);
      expect(all).toHaveLength(ROWS);
      // Deepest first, so the anchors are found stride by stride on the first request; each
      // stride boundary from both sides, and a page past the end.
      const s = STRIDE_PAGES;
      const offsets = [LAST_PAGE, LAST_PAGE - 1, 2 * s + 1, 2 * s, s + 2, s + 1, s, 2, 1, 3 * s + 1];
      for (const round of [1, 2]) {
        for (const offset of offsets) {
          const expected = all.slice((offset - 1) * PAGE, offset * PAGE);
          expect(await pageIds(offset, sort), `${sort.field} page ${offset} round ${round}`).toEqual(expected);
        }
      }
    }
  });

  it('still answers right once the anchors expire, from the old ones and then their replacement', async () => {
    const sort = { field: 'price', order: 'ascend' } as const;
    const all = await walk(sort);
    const deep = 2 * STRIDE_PAGES;
    const expected = all.slice((deep - 1) * PAGE, deep * PAGE);
    expect(await pageIds(deep, sort)).toEqual(expected);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 6_000);
      for (let i = 0; i < 3; i += 1) expect(await pageIds(deep, sort)).toEqual(expected);
    } finally {
      vi.useRealTimers();
    }
  });

  it('drops the anchors when the list is written, so positions follow the new row', async () => {
    const sort = { field: 'price', order: 'ascend' } as const;
    const deep = STRIDE_PAGES + 10;
    const before = await pageIds(deep, sort);
    expect(before).toEqual((await walk(sort)).slice((deep - 1) * PAGE, deep * PAGE));
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/gadget/create',
      headers: op.headers,
      payload: { name: '新件', code: `NEW${Date.now()}`, status: 1, price: 0 },
    });
    expect(created.json<{ errCode: number }>().errCode).toBe(0);
    const after = await pageIds(deep, sort);
    expect(after).toEqual((await walk(sort)).slice((deep - 1) * PAGE, deep * PAGE));
    // The new row sorts among the first prices, so every later row moved one place on.
    expect(after.slice(1)).toEqual(before.slice(0, 19));
  });
});

describe('CountCache anchors: expiry without a cold walk', () => {
  it('keeps serving expired anchors until their replacement is complete, and drops them on a write', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const cache = new CountCache();
      const first = cache.anchors('gadget|gadget|1||[]|price|ascend');
      first.anchors.push({ value: 3, id: 10 });
      expect(cache.anchors('gadget|gadget|1||[]|price|ascend')).toBe(first);
      expect(first.replacement).toBeUndefined();
      vi.setSystemTime(Date.now() + 6_000);
      // Expired: the same anchors answer, and a replacement waits to be walked.
      expect(cache.anchors('gadget|gadget|1||[]|price|ascend')).toBe(first);
      const next = first.replacement;
      expect(next?.anchors).toEqual([]);
      next?.anchors.push({ value: 4, id: 11 });
      next?.promote();
      const promoted = cache.anchors('gadget|gadget|1||[]|price|ascend');
      expect(promoted.anchors).toEqual([{ value: 4, id: 11 }]);
      cache.invalidate('gadget');
      expect(cache.anchors('gadget|gadget|1||[]|price|ascend').anchors).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('anchor refresh in the background', () => {
  it('walks a replacement one stride per turn of the event loop, then promotes it', async () => {
    // A list of 30 000 rows whose sort key and id are their position (1, 2, …).
    const rows = 30_000;
    const old = Array.from({ length: 120 }, (_, i) => ({
      value: (i + 1) * ANCHOR_STRIDE,
      id: (i + 1) * ANCHOR_STRIDE,
    }));
    const promote = vi.fn();
    const list: AnchorList = { anchors: old, walking: null, replacement: { anchors: [], walking: null, promote } };
    let calls = 0;
    const ids: PageIds = (at, size) => {
      calls += 1;
      const from = (at.anchor?.id ?? 0) + at.rest;
      const n = Math.max(0, Math.min(size, rows - from));
      return Promise.resolve(
        Array.from({ length: n }, (_, i) => ({ cursorId: from + i + 1, cursorSort: from + i + 1 })),
      );
    };
    const o: ListOrder = { field: 'price', sortExpr: sql.ref('t.price'), dir: 'asc' };
    // The request is answered from the old anchors at once.
    expect(await seekAnchor(ids, o, 3 * ANCHOR_STRIDE + 7, list)).toEqual({ anchor: old[2], rest: 7 });
    await new Promise<void>((resolve) => setImmediate(resolve));
    // Resolved promises alone would have run every read by now.
    expect(calls).toBeLessThan(120);
    await list.replacement?.walking;
    expect(calls).toBe(120);
    expect(promote).toHaveBeenCalledTimes(1);
    expect(list.replacement?.anchors).toEqual(old);
    // Promoted with no walk pending: a deeper page walks on from it (a settled walk left in
    // place made such a request await it forever, the server spinning in microtasks).
    const promoted = list.replacement!;
    expect(promoted.walking).toBeNull();
    // A request waiting for anchors reads them 50 strides a query: 10 more in one read.
    calls = 0;
    expect(await seekAnchor(ids, o, 130 * ANCHOR_STRIDE, promoted)).toEqual({
      anchor: { value: 130 * ANCHOR_STRIDE, id: 130 * ANCHOR_STRIDE },
      rest: 0,
    });
    expect(calls).toBe(1);
    // Past the list's end the walk stops at its last full stride.
    expect(await seekAnchor(ids, o, 400 * ANCHOR_STRIDE, promoted)).toEqual({
      anchor: { value: 150 * ANCHOR_STRIDE, id: 150 * ANCHOR_STRIDE },
      rest: 250 * ANCHOR_STRIDE,
    });
  });
});
