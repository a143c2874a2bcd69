import { errors } from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestOperator } from './operators.js';
import { specCalls } from './spec-calls.js';
import { createTestApp, type TestApp } from './test-app.js';

/**
 * Issue 26: `POST /api/saasRole/getMenu` and `/getById` answered 404 (only GET was served) while
 * the spec's console calls them with POST. Every call of the spec's section 7 is served with the
 * spec's method: signed out, each answers something (401, 400 …), never "no such endpoint".
 */
describe("the spec's calls (section 7) with the spec's methods", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('are all served', async () => {
    const missing: string[] = [];
    for (const call of specCalls) {
      const [method, path] = call.split(' ') as ['GET' | 'POST', string];
      const res = await t.app.inject({
        method,
        url: `/api${path}`,
        ...(method === 'POST' ? { headers: { 'content-type': 'application/json' }, payload: '{}' } : {}),
      });
      const body = res.json<{ errCode: number }>();
      if (res.statusCode === 405 || body.errCode === errors.endpointNotFound.code) missing.push(call);
    }
    expect(missing).toEqual([]);
  });

  it("answers the spec's POST as the console's GET (roles)", async () => {
    const admin = await createTestOperator(t, {
      adminType: 0,
      permissions: ['saasRole.page', 'saasRole.create', 'saasRole.get'],
    });
    const call = async (method: 'GET' | 'POST', url: string, payload?: object) =>
      (
        await t.app.inject({ method, url: `/api${url}`, headers: admin.headers, ...(payload ? { payload } : {}) })
      ).json<{
        errCode: number;
        data: unknown;
      }>();
    const menuByGet = await call('GET', '/saasRole/getMenu');
    expect(menuByGet.errCode).toBe(0);
    expect(await call('POST', '/saasRole/getMenu', {})).toEqual(menuByGet);
    const created = await call('POST', '/saasRole/create', {
      name: '巡检',
      code: 'inspector',
      sort: 1,
      status: 1,
      remark: '',
      menuIds: [],
    });
    expect(created.errCode).toBe(0);
    const { id } = created.data as { id: string };
    const byGet = await call('GET', `/saasRole/getById?id=${id}`);
    expect(byGet).toMatchObject({ errCode: 0, data: { id, name: '巡检' } });
    expect(await call('POST', `/saasRole/getById?id=${id}`, {})).toEqual(byGet);
  });
});
