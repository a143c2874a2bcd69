import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithOperator, type TestApp } from '../../../test/app-with-operator.js';
import { createTestOperator, type TestOperator } from '../../../test/operators.js';
import { callApi } from '../stores/test-fixtures.js';

interface Menu {
  id: string;
  version: number;
  parentId: string | null;
  url: string;
  title: string;
}

const perms = ['saasMenu.page', 'saasMenu.get', 'saasMenu.create', 'saasMenu.update', 'saasMenu.delete'];

describe('menu catalogue (/saasMenu)', () => {
  let t: TestApp;
  let admin: TestOperator;
  let provider: TestOperator;

  beforeAll(async () => {
    ({ t, operator: admin } = await appWithOperator({ permissions: perms }));
    provider = await createTestOperator(t, { adminType: 1, permissions: perms });
  });
  afterAll(() => t.close());

  const create = (url: string, extra: object = {}) =>
    callApi<Menu>(t, admin, 'POST', '/saasMenu/create', {
      parentId: null,
      url,
      title: '报表',
      icon: 'BarChartOutlined',
      path: `/${url}`,
      sort: 10,
      hidden: 0,
      kind: 1,
      scope: 'platform',
      ...extra,
    });

  it('builds a tree: directory, page below it, action below the page', async () => {
    const dir = await create('reportDir');
    expect(dir.errCode).toBe(0);
    const page = await create('dailyReport', { parentId: dir.data.id, kind: 2, title: '日报' });
    expect(page.data.parentId).toBe(dir.data.id);
    const action = await create('dailyReport.export', { parentId: page.data.id, kind: 3, title: '导出' });
    expect(action.errCode).toBe(0);
    // Nothing hangs below an action, nor across scopes.
    expect((await create('x.y', { parentId: action.data.id, kind: 3 })).fieldErrors).toHaveProperty('parentId');
    expect((await create('agentX', { parentId: dir.data.id, scope: 'agent' })).fieldErrors).toHaveProperty('parentId');
    const dup = await create('reportDir');
    expect(dup.errCode).toBe(409002);
    expect(dup.fieldErrors).toHaveProperty('url');

    const list = await callApi<{ list: Menu[] }>(t, admin, 'POST', '/saasMenu/page', { parentId: dir.data.id });
    expect(list.data.list.map((m) => m.url)).toEqual(['dailyReport']);

    // A cycle is refused; a parent with children cannot be deleted.
    const cyc = await callApi(t, admin, 'POST', '/saasMenu/update', {
      id: dir.data.id,
      version: dir.data.version,
      parentId: page.data.id,
    });
    expect(cyc.fieldErrors).toHaveProperty('parentId');
    expect((await callApi(t, admin, 'GET', `/saasMenu/delete?id=${dir.data.id}`)).errCode).toBe(409003);
    expect((await callApi(t, admin, 'GET', `/saasMenu/delete?id=${action.data.id}`)).errCode).toBe(0);
  });

  it('updates with the version and refuses a stale one', async () => {
    const { data } = await create('versioned');
    const ok = await callApi<Menu>(t, admin, 'POST', '/saasMenu/update', {
      id: data.id,
      version: data.version,
      title: '新标题',
      hidden: 1,
    });
    expect(ok.data).toMatchObject({ title: '新标题', version: data.version + 1 });
    const stale = await callApi(t, admin, 'POST', '/saasMenu/update', {
      id: data.id,
      version: data.version,
      title: '旧',
    });
    expect(stale.errCode).toBe(409001);
    expect((await callApi<Menu>(t, admin, 'GET', `/saasMenu/get?id=${data.id}`)).data.title).toBe('新标题');
  });

  it('a provider operator is refused every endpoint (403)', async () => {
    const calls: ['GET' | 'POST', string, object?][] = [
      ['POST', '/saasMenu/page', {}],
      ['GET', '/saasMenu/get?id=1'],
      ['POST', '/saasMenu/create', {}],
      ['POST', '/saasMenu/update', { id: '1', version: 1 }],
      ['GET', '/saasMenu/delete?id=1'],
    ];
    for (const [method, url, body] of calls) {
      expect((await callApi(t, provider, method, url, body)).res.statusCode, url).toBe(403);
    }
  });
});
