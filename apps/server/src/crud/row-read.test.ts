import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAgent, createTestOperator, type TestOperator } from '../../test/operators.js';
import type { TestApp } from '../../test/test-app.js';
import { nowIso } from '../lib/clock.js';
import { createFixtureApp, gadgetPermissions } from '../../test/crud-fixture.js';

type Row = Record<string, unknown> & { id: string };
type Envelope<T> = { errCode: number; data: T };

/**
 * A list page's rows are read by a query compiled once per shape and run again with each page's
 * ids and provider: every row must be what the record's own get (built afresh) answers, for
 * provider and platform operators, page lengths and pages that reuse a compiled shape.
 */
describe('list rows read by a compiled query', () => {
  let t: TestApp;
  let provider: TestOperator;
  let otherProvider: TestOperator;
  let platform: TestOperator;

  const call = async <T>(op: TestOperator, method: 'GET' | 'POST', url: string, payload?: object) => {
    const res = await t.app.inject({ method, url: `/api${url}`, headers: op.headers, payload });
    const body = res.json<Envelope<T>>();
    expect(body.errCode, res.body).toBe(0);
    return body.data;
  };
  const page = (op: TestOperator, offset: number, size: number) =>
    call<{ list: Row[] }>(op, 'POST', '/gadget/page', { offset, size, sort: { field: 'price', order: 'ascend' } });
  const expectRowsAsGot = async (op: TestOperator, rows: Row[]) => {
    for (const row of rows) expect(await call<Row>(op, 'GET', `/gadget/get?id=${row.id}`)).toEqual(row);
  };

  const addRows = async (agentId: number, n: number, tag: string) => {
    const now = nowIso();
    const rows = Array.from({ length: n }, (_, i) => ({
      agentId,
      name: `${tag}${i}`,
      code: `${tag}${i}`,
      status: i % 2,
      price: i,
      createdAt: now,
      updatedAt: now,
    }));
    await t.database.db
      .insertInto('fixtureGadget' as never)
      .values(rows)
      .execute();
  };

  beforeAll(async () => {
    t = await createFixtureApp();
    const a = await createTestAgent(t.database.db, { name: '甲服务商' });
    const b = await createTestAgent(t.database.db, { name: '乙服务商' });
    await addRows(a, 45, 'RA');
    await addRows(b, 30, 'RB');
    provider = await createTestOperator(t, { adminType: 1, agentId: a, permissions: gadgetPermissions });
    otherProvider = await createTestOperator(t, { adminType: 1, agentId: b, permissions: gadgetPermissions });
    platform = await createTestOperator(t, { adminType: 0, permissions: gadgetPermissions });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers each page with the rows a get answers, provider by provider and for the platform', async () => {
    const first = await page(provider, 1, 20);
    const second = await page(provider, 2, 20);
    // The last page is shorter: another compiled shape.
    const last = await page(provider, 3, 20);
    expect(first.list.map((r) => r.price)).toEqual([...Array(20).keys()]);
    expect(second.list.map((r) => r.price)).toEqual([...Array(20).keys()].map((i) => i + 20));
    expect(last.list).toHaveLength(5);
    for (const rows of [first.list, second.list, last.list]) await expectRowsAsGot(provider, rows);

    // The same shape (20 ids, provider scope) for another provider: its own rows only.
    const theirs = await page(otherProvider, 1, 20);
    expect(theirs.list.every((r) => String(r.name).startsWith('RB'))).toBe(true);
    await expectRowsAsGot(otherProvider, theirs.list);

    // No provider scope: the platform sees both providers' rows.
    const all = await page(platform, 1, 50);
    expect(new Set(all.list.map((r) => String(r.name).slice(0, 2)))).toEqual(new Set(['RA', 'RB']));
    await expectRowsAsGot(platform, all.list);
  });
});
