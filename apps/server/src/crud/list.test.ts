import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAgent, createTestOperator, type TestOperator } from '../../test/operators.js';
import type { TestApp } from '../../test/test-app.js';
import { nowIso } from '../lib/clock.js';
import { createFixtureApp, gadgetPermissions } from '../../test/crud-fixture.js';
import { resourceDb } from './types.js';

type Row = { id: string; name: string; code: string; price: number; status: number; agentName: string };
type PageBody = {
  errCode: number;
  fieldErrors?: Record<string, string>;
  data: { total: number; totalCapped?: boolean; list: Row[]; nextCursor?: string | null };
};
const page = (res: LightMyRequestResponse) => res.json<PageBody>();

describe('registerResource lists: capped counts, keyset paging, sort whitelist, filters', () => {
  let t: TestApp;
  let serial = 0;

  /** Fast bulk rows straight into the table, as the scale generator would write them. */
  async function bulk(
    agentId: number,
    n: number,
    make: (i: number) => Partial<Row> & { createdAt?: string } = () => ({}),
  ) {
    const now = nowIso();
    for (let start = 0; start < n; start += 500) {
      const rows = [];
      for (let i = start; i < Math.min(n, start + 500); i += 1) {
        serial += 1;
        rows.push({
          agentId,
          name: `物件${i}`,
          code: `B${serial}`,
          status: 1,
          price: i % 7,
          createdAt: now,
          updatedAt: now,
          ...make(i),
        });
      }
      await resourceDb(t.database.db).insertInto('fixtureGadget').values(rows).execute();
    }
  }
  const list = (op: TestOperator, body: object) =>
    t.app.inject({ method: 'POST', url: '/api/gadget/page', headers: op.headers, payload: body });
  const operatorWith = async (rows: number, make?: Parameters<typeof bulk>[2]) => {
    const agentId = await createTestAgent(t.database.db);
    await bulk(agentId, rows, make);
    return createTestOperator(t, { adminType: 1, agentId, permissions: gadgetPermissions });
  };

  beforeAll(async () => {
    t = await createFixtureApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('never counts past the cap: 10 050 rows answer total 10 001 with totalCapped', async () => {
    const op = await operatorWith(10_050);
    const res = page(await list(op, { offset: 3, size: 20 }));
    expect(res.errCode).toBe(0);
    expect(res.data).toMatchObject({ total: 10_001, totalCapped: true });
    expect(res.data.list).toHaveLength(20);
    const small = await operatorWith(30);
    expect(page(await list(small, { size: 20 })).data).toMatchObject({ total: 30, totalCapped: false });
  });

  it('caches a count for a few seconds and drops it when the resource is written', async () => {
    const op = await operatorWith(25);
    expect(page(await list(op, { size: 10 })).data.total).toBe(25);
    await bulk(op.agentId ?? 0, 1);
    expect(page(await list(op, { size: 10 })).data.total).toBe(25);
    // A different filter is a different count.
    expect(page(await list(op, { size: 10, status: 1 })).data.total).toBe(26);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/gadget/create',
      headers: op.headers,
      payload: { name: '新', code: `N${Date.now()}`, status: 1, price: 1 },
    });
    expect(created.json<{ errCode: number }>().errCode).toBe(0);
    expect(page(await list(op, { size: 10 })).data.total).toBe(27);
    // A write through another resource over the same table drops this count too.
    await bulk(op.agentId ?? 0, 1);
    const leakyOp = await createTestOperator(t, {
      adminType: 1,
      agentId: op.agentId ?? 0,
      permissions: ['leakyGadget.create'],
    });
    const viaOther = await t.app.inject({
      method: 'POST',
      url: '/api/leakyGadget/create',
      headers: leakyOp.headers,
      payload: { name: '旁路', code: `L${Date.now()}`, status: 1, price: 1 },
    });
    expect(viaOther.json<{ errCode: number }>().errCode).toBe(0);
    expect(page(await list(op, { size: 10 })).data.total).toBe(29);
  });

  it('pages with the keyset cursor: every row exactly once, in order, ties broken by id', async () => {
    const op = await operatorWith(57);
    for (const sort of [
      { field: 'price', order: 'ascend' },
      { field: 'name', order: 'descend' },
      { field: 'createdAt', order: 'descend' },
      { field: 'id', order: 'ascend' },
    ] as const) {
      const seen: Row[] = [];
      let after: string | null | undefined;
      for (let i = 0; i < 20; i += 1) {
        const raw = await list(op, { size: 10, sort, ...(after ? { after } : {}) });
        const res = page(raw);
        expect(res.errCode, raw.body).toBe(0);
        seen.push(...res.data.list);
        after = res.data.nextCursor;
        if (!after) break;
      }
      expect(seen).toHaveLength(57);
      expect(new Set(seen.map((r) => r.id)).size).toBe(57);
      const byOffset: Row[] = [];
      for (let offset = 1; offset <= 6; offset += 1)
        byOffset.push(...page(await list(op, { offset, size: 10, sort })).data.list);
      expect(seen.map((r) => r.id)).toEqual(byOffset.map((r) => r.id));
      if (sort.field === 'price') {
        const prices = seen.map((r) => r.price);
        expect(prices).toEqual([...prices].sort((a, b) => a - b));
      }
    }
  });

  it('refuses a sort outside the whitelist and a cursor from another sort', async () => {
    const op = await operatorWith(12);
    const bad = page(await list(op, { sort: { field: 'secretHash', order: 'ascend' } }));
    expect(bad.errCode).toBe(400100);
    expect(bad.fieldErrors).toHaveProperty(['sort.field']);
    const first = page(await list(op, { size: 5, sort: { field: 'price', order: 'ascend' } }));
    const wrong = page(
      await list(op, { size: 5, after: first.data.nextCursor, sort: { field: 'name', order: 'ascend' } }),
    );
    expect(wrong.fieldErrors).toHaveProperty('after');
    expect(page(await list(op, { after: 'not-a-cursor' })).fieldErrors).toHaveProperty('after');
  });

  it('sorts by a joined display column', async () => {
    const platform = await createTestOperator(t, { adminType: 0, permissions: gadgetPermissions });
    const res = page(await list(platform, { size: 50, sort: { field: 'agentName', order: 'ascend' } }));
    const names = res.data.list.map((r) => r.agentName);
    expect(names).toEqual([...names].sort());
  });

  it('applies each declared filter: contains (escaped), in, range, id eq, custom', async () => {
    const op = await operatorWith(0);
    const agentId = op.agentId ?? 0;
    await bulk(agentId, 6, (i) => ({
      name: ['打折100%', '打折1000', '普通', '特价_a', '特价ba', '其他Pro'][i],
      status: i % 2,
      price: i * 50,
      createdAt: `2026-0${i + 1}-15T10:00:00.000Z`,
    }));
    const names = async (body: object) =>
      page(await list(op, { size: 50, ...body }))
        .data.list.map((r) => r.name)
        .sort();
    expect(await names({ keyword: '100%' })).toEqual(['打折100%']);
    expect(await names({ keyword: 'pRO' })).toEqual(['其他Pro']);
    expect(await names({ keyword: '特价_' })).toEqual(['特价_a']);
    expect(await names({ keyword: '' })).toHaveLength(6);
    expect(await names({ statusIn: [0] })).toEqual(['打折100%', '普通', '特价ba']);
    expect(await names({ price: { from: 50, to: 150 } })).toEqual(['打折1000', '普通', '特价_a']);
    expect(await names({ createdAt: { from: '2026-02-01', to: '2026-03-15' } })).toEqual(['打折1000', '普通']);
    expect(await names({ cheap: 1 })).toEqual(['打折100%', '打折1000']);
    const parent = page(await list(op, { keyword: '其他' })).data.list[0];
    expect(parent?.name).toBe('其他Pro');
    await bulk(agentId, 1, () => ({ name: '子项', parentId: Number(parent?.id) }) as Partial<Row>);
    expect(await names({ parentId: parent?.id })).toEqual(['子项']);
  });
});
