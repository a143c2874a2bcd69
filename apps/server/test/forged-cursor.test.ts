import { DIRECT_RUN_PREFIX } from '@console/contract';
import type { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BAD_CURSOR_MESSAGE } from '../src/crud/cursor.js';
import { createTestOperator, type TestOperator } from './operators.js';
import { type ApiRoute, apiRoutes, permissionsOfRoutes } from './routes-of-app.js';
import { type TestApp, createTestApp } from './test-app.js';

type Envelope = { errCode: number; errMsg: string; fieldErrors?: Record<string, string> };
const cursor = (parts: unknown[]) => Buffer.from(JSON.stringify(parts)).toString('base64url');

/**
 * Issue 15 defect 1: `after` was decoded and bound into SQL unchecked, so a cursor naming the
 * list's own sort with a value of another type was a 500 on forty lists. Every list the app
 * registers (every route whose body takes `after`) must refuse a forged cursor as 400100 on
 * `after`, in Chinese, and still page with the cursors it hands out.
 */
describe('forged paging cursors on every list', () => {
  let t: TestApp;
  let lists: ApiRoute[];
  const ops: Partial<Record<'platform' | 'agent', TestOperator>> = {};

  beforeAll(async () => {
    t = await createTestApp();
    const routes = apiRoutes(t.app);
    lists = routes.filter((r) => {
      const shape = (r.endpoint.body as { shape?: Record<string, unknown> } | undefined)?.shape;
      return r.method === 'POST' && !!shape && 'after' in shape;
    });
    const permissions = permissionsOfRoutes(routes);
    ops.platform = await createTestOperator(t, { adminType: 0, permissions });
    ops.agent = await createTestOperator(t, { adminType: 1, permissions });
  });
  afterAll(async () => {
    await t.close();
  });

  const post = async (route: ApiRoute, body: object) => {
    const op = route.endpoint.audience === 'agent' ? ops.agent! : ops.platform!;
    const res = await t.app.inject({ method: 'POST', url: route.url, headers: op.headers, payload: body });
    return { status: res.statusCode, body: res.json<Envelope>() };
  };

  it('finds the lists', () => {
    expect(lists.length).toBeGreaterThan(30);
  });

  it('refuses a cursor of its own sort whose value is an object, an array, a huge number or of the wrong type', async () => {
    const problems: string[] = [];
    for (const route of lists) {
      // A 直营 twin (/saasDirect/contract/page) sorts as the resource it mounts.
      const path = route.endpoint.path.replace(new RegExp(`^${DIRECT_RUN_PREFIX}/`), '/');
      const resource = t.app.resources.find((r) => r.resource.endpoints.page?.path === path)?.resource;
      const sorts = resource
        ? [resource.defaultSort, ...resource.sortable.map((field) => ({ field, order: 'ascend' as const }))]
        : [{ field: 'createdAt', order: 'descend' as const }];
      for (const sort of sorts) {
        if (sort.field === 'id') continue;
        const schema = resource?.entity.shape[sort.field] as z.ZodType | undefined;
        const numeric = schema?.safeParse(1).success;
        const forged = [{ a: 1 }, [1, 2], 2 ** 62, 1e300, numeric ? 'abc' : 7, null, true];
        for (const value of forged) {
          const after = cursor([sort.field, sort.order, value, 1]);
          const answer = await post(route, { size: 5, sort, after });
          if (
            answer.status !== 400 ||
            answer.body.errCode !== 400100 ||
            answer.body.fieldErrors?.after !== BAD_CURSOR_MESSAGE
          ) {
            problems.push(
              `${route.url} ${sort.field} ${JSON.stringify(value)} → ${answer.status} ${answer.body.errCode}`,
            );
          }
        }
      }
      for (const id of [0, -5, 2 ** 53 + 2, 'x', 1.5]) {
        const after = cursor(['id', 'descend', 1, id]);
        const answer = await post(route, { size: 5, sort: { field: 'id', order: 'descend' }, after });
        if (answer.body.errCode !== 400100)
          problems.push(`${route.url} id ${JSON.stringify(id)} → ${answer.body.errCode}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('still pages with a cursor it handed out', async () => {
    const route = lists.find((r) => r.url === '/api/saasAdmin/page');
    expect(route).toBeDefined();
    for (let i = 0; i < 3; i += 1) await createTestOperator(t, { adminType: 0, permissions: [] });
    const first = await post(route!, { size: 2 });
    const next = (first.body as unknown as { data: { nextCursor: string | null } }).data.nextCursor;
    expect(next).toBeTruthy();
    const second = await post(route!, { size: 2, after: next });
    expect(second.body.errCode).toBe(0);
  });
});
