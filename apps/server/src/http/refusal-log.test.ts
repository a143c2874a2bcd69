import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithOperator, type TestApp, type TestOperator } from '../../test/app-with-operator.js';
import { callApi } from '../../test/ops-helpers.js';
import { REFUSAL_ACTION, REFUSAL_REPEAT_WINDOW_MS, REFUSAL_ROWS_PER_MINUTE } from './refusal-log.js';

// Issue 15, item 10: 403 refusals reach the operation log, where a platform administrator sees
// probing, without a loop of refusals flooding the table.
describe('refusal log', () => {
  let t: TestApp;
  let prober: TestOperator;
  beforeAll(async () => {
    ({ t, operator: prober } = await appWithOperator({ permissions: ['enterprise.page'] }));
  });
  afterAll(() => t.close());

  const refusals = () =>
    t.database.db
      .selectFrom('operationLog')
      .where('operatorId', '=', prober.adminId)
      .where('action', '=', REFUSAL_ACTION)
      .select(['path', 'method', 'errMsg', 'result', 'module'])
      .orderBy('id')
      .execute();

  it('records a refused call once with its operator, permission and path, then counts repeats', async () => {
    for (let i = 0; i < 5; i += 1) {
      expect((await callApi(t, prober, 'POST', '/store/delete?id=1')).errCode).toBe(403001);
    }
    expect(await refusals()).toEqual([
      {
        path: '/api/store/delete',
        method: 'POST',
        errMsg: '没有权限：store.delete（删除门店（移入回收站））',
        result: 0,
        module: '门店管理',
      },
    ]);
    await t.app.refusals.flush(Date.now() + REFUSAL_REPEAT_WINDOW_MS + 1);
    const rows = await refusals();
    expect(rows).toHaveLength(2);
    expect(rows[1]?.errMsg).toBe('没有权限：store.delete（删除门店（移入回收站））；此后 10 分钟内重复 4 次');
  });

  it('writes at most the per-minute cap of new rows and one count for the rest', async () => {
    const before = (await refusals()).length;
    const routes = t.app.routeTable.filter(
      (r) => r.endpoint && typeof r.endpoint.access === 'object' && r.endpoint.audience !== 'agent',
    );
    let refused = 0;
    for (const route of routes.slice(0, REFUSAL_ROWS_PER_MINUTE + 20)) {
      const url = route.url.replace(/:\w+/g, 'x');
      const answer = await t.app.inject({ method: route.method as 'GET', url, headers: prober.headers });
      if (answer.json<{ errCode: number }>().errCode === 403001) refused += 1;
    }
    const written = (await refusals()).length - before;
    expect(refused).toBeGreaterThan(REFUSAL_ROWS_PER_MINUTE);
    expect(written).toBeLessThanOrEqual(REFUSAL_ROWS_PER_MINUTE);
    await t.app.refusals.flush(Date.now());
    const summary = (await refusals()).at(-1);
    expect(summary?.errMsg).toMatch(/^另有 \d+ 次越权请求超出每分钟 30 条的记录上限/);
  });
});
