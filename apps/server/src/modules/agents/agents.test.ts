import { type MenuTreeNode, agentMenus, errors, flattenMenus } from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncMenuCatalogue } from '../../scripts/seed/menus.js';
import { PASSWORD, createAccount, freshIp, login } from '../auth/test-kit.js';
import { appWithOperator, type TestApp } from '../../../test/app-with-operator.js';
import { createTestAgent, createTestOperator, type TestOperator } from '../../../test/operators.js';
import { callApi } from '../stores/test-fixtures.js';

interface AgentRow {
  id: string;
  agentNo: string;
  status: number;
  version: number;
  name: string;
}

const agentPerms = ['agent.page', 'agent.get', 'agent.create', 'agent.update', 'agent.freeze', 'agent.examine'];
const menuPerms = ['agentMenu.get', 'agentMenu.update'];

describe('providers (/agent) and their menus (/agentMenu)', () => {
  let t: TestApp;
  let admin: TestOperator;
  let provider: TestOperator;

  beforeAll(async () => {
    ({ t, operator: admin } = await appWithOperator({ permissions: [...agentPerms, ...menuPerms] }));
    provider = await createTestOperator(t, {
      adminType: 1,
      permissions: [...agentPerms, 'agentMenu.update', 'store.page'],
    });
  });
  afterAll(() => t.close());

  const create = () =>
    callApi<AgentRow>(t, admin, 'POST', '/agent/create', {
      name: '杭州悦泉服务商',
      kind: 1,
      contactName: '赵六',
      contactPhone: '13900001111',
      region: '浙江省/杭州市',
      address: '西湖区文三路 1 号',
      level: 3,
      remark: '',
    });

  it('creates an active provider with a number, edits it with the version', async () => {
    const res = await create();
    expect(res.errCode).toBe(0);
    expect(res.data).toMatchObject({ status: 1, name: '杭州悦泉服务商' });
    expect(res.data.agentNo).toMatch(/^FW\d{10}$/);
    const upd = await callApi<AgentRow>(t, admin, 'POST', '/agent/update', {
      id: res.data.id,
      version: res.data.version,
      webPrice: 98000,
    });
    expect(upd.errCode).toBe(0);
    const stale = await callApi(t, admin, 'POST', '/agent/update', {
      id: res.data.id,
      version: res.data.version,
      name: '新名称',
    });
    expect(stale.errCode).toBe(409001);
    const page = await callApi<{ list: AgentRow[] }>(t, admin, 'POST', '/agent/page', { keyword: '悦泉', status: 1 });
    expect(page.data.list.map((r) => r.id)).toContain(res.data.id);
  });

  it('freezing signs the provider’s operators out and refuses their sign-in; unfreezing lets them in again', async () => {
    const agentId = await createTestAgent(t.database.db);
    const op = await createAccount(t, { adminType: 1, agentId, permissions: ['agentOperationLog.page'] });
    const signIn = () => login(t, { loginName: op.loginName, password: PASSWORD }, freshIp());
    expect((await callApi(t, op, 'POST', '/agentOperationLog/page', {})).errCode).toBe(0);
    expect((await callApi(t, admin, 'POST', `/agent/freeze?id=${agentId}&freeze=1`)).errCode).toBe(0);
    expect((await callApi(t, op, 'POST', '/agentOperationLog/page', {})).errCode).toBe(errors.notSignedIn.code);
    const refused = await signIn();
    expect(refused.body).toMatchObject({
      errCode: errors.accountDisabled.code,
      errMsg: '所属服务商已冻结，请联系平台',
    });
    expect((await callApi(t, admin, 'POST', `/agent/freeze?id=${agentId}&freeze=1`)).errCode).toBe(409003);
    expect((await callApi(t, admin, 'POST', `/agent/freeze?id=${agentId}&freeze=0`)).errCode).toBe(0);
    const again = await signIn();
    expect(again.body.errCode).toBe(0);
    const token = String(again.body.data?.token);
    expect(
      (await callApi(t, { ...op, token, headers: { token } }, 'POST', '/agentOperationLog/page', {})).errCode,
    ).toBe(0);
  });

  it('sets, replaces and clears a provider’s menus; its operator sees the change at once', async () => {
    const agentId = await createTestAgent(t.database.db);
    const op = await createTestOperator(t, { adminType: 1, agentId, permissions: [] });
    const db = t.database.db;
    const menuId = async (url: string, scope: string) =>
      String(
        (
          await db
            .selectFrom('menu')
            .where('url', '=', url)
            .where('scope', '=', scope)
            .select('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
    await createTestOperator(t, { adminType: 1, permissions: ['agentOperationLog.page'] });
    const logMenu = await menuId('agentOperationLog.page', 'agent');
    const platformMenu = await menuId('agent.page', 'platform');

    const refused = await callApi(t, admin, 'POST', '/agentMenu/create', {
      aic: String(agentId),
      menuIds: [platformMenu],
    });
    expect(refused.fieldErrors).toHaveProperty('menuIds');
    expect(
      (await callApi(t, admin, 'POST', '/agentMenu/create', { aic: String(agentId), menuIds: [logMenu] })).errCode,
    ).toBe(0);
    expect((await callApi(t, admin, 'POST', '/agentMenu/create', { aic: String(agentId), menuIds: [] })).errCode).toBe(
      409003,
    );
    expect((await callApi(t, op, 'POST', '/agentOperationLog/page', {})).errCode).toBe(0);
    const tree = await callApi(t, admin, 'GET', `/agentMenu/getAICMenu?aic=${agentId}`);
    expect(JSON.stringify(tree.data)).toContain('agentOperationLog.page');

    expect((await callApi(t, admin, 'POST', '/agentMenu/update', { aic: String(agentId), menuIds: [] })).errCode).toBe(
      0,
    );
    expect((await callApi(t, op, 'POST', '/agentOperationLog/page', {})).res.statusCode).toBe(403);
    expect((await callApi(t, admin, 'GET', `/agentMenu/delete?aic=${agentId}`)).errCode).toBe(0);
    expect((await callApi(t, admin, 'GET', '/agentMenu/delete?aic=99999999')).errCode).toBe(404001);
  });

  it('a provider operator is refused every endpoint (403)', async () => {
    const calls: ['GET' | 'POST', string, object?][] = [
      ['POST', '/agent/page', {}],
      ['GET', `/agent/get?id=${provider.agentId}`],
      ['POST', '/agent/create', {}],
      ['POST', '/agent/update', { id: String(provider.agentId), version: 1 }],
      ['POST', `/agent/freeze?id=${provider.agentId}&freeze=1`],
      ['POST', '/agent/examine', { id: '1', version: 1, approve: true }],
      ['POST', '/agent/applicationPage', {}],
      ['POST', '/agentMenu/create', { aic: String(provider.agentId), menuIds: [] }],
      ['POST', '/agentMenu/update', { aic: String(provider.agentId), menuIds: [] }],
      ['GET', `/agentMenu/delete?aic=${provider.agentId}`],
      ['GET', '/agentMenu/getMenu'],
    ];
    for (const [method, url, body] of calls) {
      expect((await callApi(t, provider, method, url, body)).res.statusCode, url).toBe(403);
    }
  });

  it('answers the whole provider catalogue, actions under their pages, to choose grants from', async () => {
    await syncMenuCatalogue(t.database.db);
    const res = await callApi<MenuTreeNode[]>(t, admin, 'GET', '/agentMenu/getMenu');
    expect(res.errCode).toBe(0);
    const byUrl = new Map<string, MenuTreeNode>();
    const walk = (nodes: MenuTreeNode[]) =>
      nodes.forEach((n) => {
        byUrl.set(n.url, n);
        walk(n.children);
      });
    walk(res.data);
    const rows = await t.database.db.selectFrom('menu').where('scope', '=', 'agent').select('url').execute();
    expect([...byUrl.keys()].sort()).toEqual(rows.map((r) => r.url).sort());
    for (const { spec } of flattenMenus(agentMenus)) expect(byUrl.has(spec.name), spec.name).toBe(true);
    expect(byUrl.get('businessManagement')?.children.map((c) => c.url)).toContain('enterprise.create');
    expect(byUrl.has('agentMgt')).toBe(false);
  });
});
