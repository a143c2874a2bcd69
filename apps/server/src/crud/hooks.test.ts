import { baseFields, defineResource, filter } from '@console/contract';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestOperator, type TestOperator } from '../../test/operators.js';
import type { TestApp } from '../../test/test-app.js';
import { registerResource } from './register-resource.js';
import { createFixtureApp, gadgetPermissions } from '../../test/crud-fixture.js';

type Body = { errCode: number; data: Record<string, unknown> | null };

describe('registerResource: computed fields, concurrent edits, start-up checks', () => {
  let t: TestApp;
  let op: TestOperator;
  let platform: TestOperator;
  beforeAll(async () => {
    t = await createFixtureApp();
    op = await createTestOperator(t, { adminType: 1, permissions: gadgetPermissions });
    platform = await createTestOperator(t, { adminType: 0, permissions: ['thing.create', 'thing.get', 'thing.page'] });
  });
  afterAll(async () => {
    await t.close();
  });
  const post = (who: TestOperator, url: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api${url}`, headers: who.headers, payload }).then((r) => r.json<Body>());

  it('fills a field without a column through afterRead on create, get and page', async () => {
    const created = await post(platform, '/thing/create', { name: '甲' });
    expect(created.data).toMatchObject({ name: '甲', label: '平台物件：甲' });
    const got = await t.app.inject({
      method: 'GET',
      url: `/api/thing/get?id=${String(created.data?.id)}`,
      headers: platform.headers,
    });
    expect(got.json<Body>().data).toMatchObject({ label: '平台物件：甲' });
    const page = (await post(platform, '/thing/getPage', {})).data as { list: { label: string }[] };
    expect(page.list.map((r) => r.label)).toContain('平台物件：甲');
  });

  it('lets exactly one of many concurrent edits of the same version win', async () => {
    const row = (await post(op, '/gadget/create', { name: '并发', code: `P${Date.now()}`, status: 1, price: 1 })).data;
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => post(op, '/gadget/update', { id: row?.id, version: 1, price: 100 + i })),
    );
    const codes = results.map((r) => r.errCode).sort();
    expect(codes).toEqual([0, 409001, 409001, 409001, 409001, 409001]);
    const winner = results.find((r) => r.errCode === 0)?.data;
    const now = await t.app.inject({
      method: 'GET',
      url: `/api/gadget/get?id=${String(row?.id)}`,
      headers: op.headers,
    });
    expect(now.json<Body>().data).toMatchObject({ version: 2, price: winner?.price });
  });

  it('refuses at registration a sort or filter on a field without a column, and a custom filter without a condition', () => {
    const app = Fastify();
    app.decorate('db', t.database.db);
    const make = (extra: object) =>
      defineResource({
        name: 'broken',
        prefix: '/broken',
        title: '坏',
        module: '测试',
        audience: 'any',
        tenant: 'none',
        entity: z.object({ ...baseFields, name: z.string(), extra: z.string() }),
        ...extra,
      });
    expect(() => registerResource(app, make({ sortable: ['extra'] }), 'x', { columns: { extra: null } })).toThrow(
      /sortable extra has no column/,
    );
    expect(() =>
      registerResource(
        app,
        make({ filters: { kw: filter(z.string(), 'contains', { columns: ['name', 'extra'] }) } }),
        'x',
        {
          columns: { extra: null },
        },
      ),
    ).toThrow(/filter kw uses extra/);
    expect(() => registerResource(app, make({ filters: { odd: filter(z.string(), 'custom') } }), 'x')).toThrow(
      /customFilters\.odd/,
    );
  });
});
