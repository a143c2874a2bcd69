import type { MenuTreeNode } from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAgent, createTestOperator } from '../../../test/operators.js';
import { type TestApp, createTestApp } from '../../../test/test-app.js';
import { syncMenuCatalogue } from '../../scripts/seed/menus.js';

/** A tree as nested [url, children] pairs: easy to compare whole. */
type Shape = [string, Shape[]];
const shape = (nodes: MenuTreeNode[]): Shape[] => nodes.map((n) => [n.url, shape(n.children)]);

describe('menu permission trees', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await syncMenuCatalogue(t.database.db);
  });
  afterAll(async () => {
    await t.close();
  });

  const call = (method: 'GET' | 'POST', url: string, token: string) =>
    t.app.inject({ method, url: `/api${url}`, headers: { token } });

  it('getMenuList gives a platform admin exactly the granted entries with their directories', async () => {
    const op = await createTestOperator(t, {
      adminType: 0,
      permissions: ['accountMgt', 'saasAdmin.create', 'saasMenu', 'privatezc'],
    });
    for (const method of ['GET', 'POST'] as const) {
      const res = await call(method, '/saasRole/getMenuList', op.token);
      const tree = res.json<{ errCode: number; data: MenuTreeNode[] }>();
      expect(tree.errCode).toBe(0);
      expect(shape(tree.data)).toEqual([
        ['account', [['accountMgt', [['saasAdmin.create', []]]]]],
        [
          'systemConfig',
          [
            ['privatezc', []],
            ['saasMenu', []],
          ],
        ],
      ]);
    }
    const res = await call('GET', '/saasRole/getMenuList', op.token);
    const [account] = res.json<{ data: MenuTreeNode[] }>().data;
    expect(account).toMatchObject({
      title: '账号管理',
      icon: 'UserOutlined',
      path: '/account',
      kind: 1,
      hidden: false,
    });
    expect(account?.children[0]).toMatchObject({ kind: 2, path: '/account/accountMgt' });
    expect(account?.children[0]?.children[0]).toMatchObject({ kind: 3, title: '新增', path: '', hidden: false });
  });

  it('getMenuList gives a provider operator their provider’s agent menu, and reflects a change at once', async () => {
    const op = await createTestOperator(t, { adminType: 2, permissions: ['storeManagement'] });
    const first = await call('GET', '/saasRole/getMenuList', op.token);
    expect(shape(first.json<{ data: MenuTreeNode[] }>().data)).toEqual([['storeManage', [['storeManagement', []]]]]);
    await t.database.db.deleteFrom('agentMenu').where('agentId', '=', op.agentId).execute();
    const after = await call('GET', '/saasRole/getMenuList', op.token);
    expect(after.json<{ data: MenuTreeNode[] }>().data).toEqual([]);
  });

  it('getAICMenu: a provider sees its own tree; another provider’s id answers like a missing one', async () => {
    const op = await createTestOperator(t, { adminType: 1, permissions: ['agentRecord', 'agentOperationLog.page'] });
    const own = await call('GET', `/agentMenu/getAICMenu?aic=${op.agentId}`, op.token);
    expect(shape(own.json<{ data: MenuTreeNode[] }>().data)).toEqual([
      ['agentTransaction', [['agentRecord', []]]],
      ['agentLog', [['agentOperationLog', [['agentOperationLog.page', []]]]]],
    ]);
    const foreignAgent = await createTestAgent(t.database.db);
    const foreign = await call('GET', `/agentMenu/getAICMenu?aic=${foreignAgent}`, op.token);
    const missing = await call('GET', '/agentMenu/getAICMenu?aic=987654321', op.token);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.statusCode).toBe(missing.statusCode);
    const strip = (b: Record<string, unknown>) => ({ ...b, requestId: undefined });
    expect(strip(foreign.json())).toEqual(strip(missing.json()));
    expect(foreign.json()).toMatchObject({ errCode: 404001 });
  });

  it('getAICMenu: a platform admin needs agentMenu.get and sees what the provider was granted', async () => {
    const provider = await createTestOperator(t, { adminType: 1, permissions: ['busAppletMgt'] });
    const without = await createTestOperator(t, { adminType: 0, permissions: ['agentMgt'] });
    expect((await call('GET', `/agentMenu/getAICMenu?aic=${provider.agentId}`, without.token)).json()).toMatchObject({
      errCode: 403001,
    });
    const admin = await createTestOperator(t, { adminType: 0, permissions: ['agentMgt', 'agentMenu.get'] });
    const res = await call('GET', `/agentMenu/getAICMenu?aic=${provider.agentId}`, admin.token);
    expect(shape(res.json<{ data: MenuTreeNode[] }>().data)).toEqual([['busApplet', [['busAppletMgt', []]]]]);
    expect((await call('GET', '/agentMenu/getAICMenu?aic=987654321', admin.token)).json()).toMatchObject({
      errCode: 404001,
    });
    expect((await call('GET', '/agentMenu/getAICMenu?aic=abc', admin.token)).json()).toMatchObject({ errCode: 400100 });
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/saasRole/getMenuList' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ errCode: 5000 });
  });
});
