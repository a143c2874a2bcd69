import type { MenuTreeNode } from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestOperator } from '../../../test/operators.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { seedDemoAccounts } from '../../scripts/seed/demo-accounts.js';
import { syncMenuCatalogue } from '../../scripts/seed/menus.js';
import { openReadySocket } from '../../realtime/ws-test-client.js';
import { callApi, insertStore } from '../stores/test-fixtures.js';

interface Detail {
  id: string;
  agentId: string;
  loginName: string;
  version: number;
  changePsw: number;
  open: number;
  menuIds: string[];
  password?: string;
}

type Signed = TestOperator & { loginName: string };

const codesOf = (tree: MenuTreeNode[]): string[] => tree.flatMap((n) => [n.url, ...codesOf(n.children)]);

describe('provider operators (/agentStaff) and their grants (issue 15 item 2)', () => {
  let t: TestApp;
  let agents: { a: number; b: number };
  let admin: Signed;
  let agent1: Signed;
  let staff: Signed;
  let agent2: Signed;
  let menuId: (url: string) => string;

  const signIn = async (loginName: string, password = 'Demo@2026'): Promise<Signed> => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/log/adminLogin/login',
      payload: { loginName, password },
    });
    const body = res.json<{ errCode: number; data: { token: string } }>();
    expect(body.errCode, `${loginName} signs in`).toBe(0);
    const row = await t.database.db
      .selectFrom('admin')
      .where('loginName', '=', loginName)
      .select(['id', 'agentId'])
      .executeTakeFirstOrThrow();
    return {
      adminId: row.id,
      agentId: row.agentId,
      token: body.data.token,
      headers: { token: body.data.token },
      loginName,
    };
  };
  const myCodes = async (op: TestOperator) =>
    codesOf((await callApi<MenuTreeNode[]>(t, op, 'GET', '/saasRole/getMenuList')).data);
  const create = (op: TestOperator, loginName: string, urls: string[], extra: object = {}) =>
    callApi<Detail>(t, op, 'POST', '/agentStaff/create', {
      loginName,
      name: '实施一号',
      phone: '',
      email: '',
      menuIds: urls.map(menuId),
      ...extra,
    });

  beforeAll(async () => {
    t = await createTestApp({ LOGIN_RATE_PER_MINUTE: '1000' });
    const db = t.database.db;
    await syncMenuCatalogue(db);
    ({ agents } = await seedDemoAccounts(db));
    const menus = await db.selectFrom('menu').where('scope', '=', 'agent').select(['id', 'url']).execute();
    const ids = new Map(menus.map((m) => [m.url, String(m.id)]));
    menuId = (url) => ids.get(url) ?? `missing:${url}`;
    admin = await signIn('admin');
    agent1 = await signIn('agent1');
    staff = await signIn('agent1staff');
    agent2 = await signIn('agent2');
  });
  afterAll(() => t.close());

  it('agent1staff holds only the intersection: its narrow grant, no delete and no money', async () => {
    const codes = await myCodes(staff);
    expect(codes).toEqual(
      expect.arrayContaining(['storeManagement', 'store.page', 'store.get', 'gatewayDevice.restart']),
    );
    for (const code of ['store.delete', 'store.create', 'enterprise.delete', 'accountRecord.page', 'agentStaff.page']) {
      expect(codes).not.toContain(code);
    }
    const { storeId } = await insertStore(t.database.db, agents.a);
    expect((await callApi(t, staff, 'POST', '/store/page', { offset: 1, size: 10 })).errCode).toBe(0);
    expect((await callApi(t, staff, 'GET', `/store/delete?id=${storeId}`)).errCode).toBe(403001);
    expect((await callApi(t, staff, 'POST', `/enterprise/delete?id=1`)).errCode).toBe(403001);
    // The provider administrator keeps the whole agent menu.
    expect(await myCodes(agent1)).toEqual(
      expect.arrayContaining(['store.delete', 'agentStaff.create', 'accountRecord.page']),
    );
  });

  it('shrinks with the agent menu when the platform takes an entry from the provider', async () => {
    const tree = await callApi<MenuTreeNode[]>(t, admin, 'GET', `/agentMenu/getAICMenu?aic=${agents.a}`);
    const all = tree.data.flatMap(function walk(n: MenuTreeNode): MenuTreeNode[] {
      return [n, ...n.children.flatMap(walk)];
    });
    const without = all.filter((n) => n.url !== 'store.get').map((n) => n.id);
    expect(
      (await callApi(t, admin, 'POST', '/agentMenu/update', { aic: String(agents.a), menuIds: without })).errCode,
    ).toBe(0);
    expect(await myCodes(staff)).not.toContain('store.get');
    const { storeId } = await insertStore(t.database.db, agents.a);
    expect((await callApi(t, staff, 'GET', `/store/get?id=${storeId}`)).errCode).toBe(403001);
    // Given back, it is effective again (the stored grant still names it).
    const back = all.map((n) => n.id);
    expect(
      (await callApi(t, admin, 'POST', '/agentMenu/update', { aic: String(agents.a), menuIds: back })).errCode,
    ).toBe(0);
    expect((await callApi(t, staff, 'GET', `/store/get?id=${storeId}`)).errCode).toBe(0);
  });

  it('refuses provider staff on every /agentStaff endpoint, even with the codes in their grant rows', async () => {
    const rows = ['agentConfig', 'staffingConfig', 'agentStaff.page', 'agentStaff.get', 'agentStaff.create'];
    await t.database.db
      .insertInto('adminMenu')
      .values(rows.map((url) => ({ adminId: staff.adminId, menuId: Number(menuId(url)) })))
      .execute();
    t.app.sessions.forgetAll();
    expect(await myCodes(staff)).not.toContain('agentStaff.page');
    expect((await callApi(t, staff, 'POST', '/agentStaff/page', { offset: 1, size: 10 })).errCode).toBe(403001);
    expect((await callApi(t, staff, 'GET', '/agentStaff/getMenu')).errCode).toBe(403001);
    expect((await callApi(t, staff, 'GET', `/agentStaff/get?id=${staff.adminId}`)).errCode).toBe(403001);
    expect((await create(staff, 'staff_by_staff', ['storeManagement'])).errCode).toBe(403001);
    // Platform administrators have no provider operators to manage here.
    expect((await callApi(t, admin, 'POST', '/agentStaff/page', { offset: 1, size: 10 })).errCode).toBe(403001);
  });

  it('offers and accepts only the provider menu, without the administrator-only screen', async () => {
    const offered = codesOf((await callApi<MenuTreeNode[]>(t, agent1, 'GET', '/agentStaff/getMenu')).data);
    expect(offered).toEqual(expect.arrayContaining(['storeManagement', 'store.delete']));
    expect(offered).not.toContain('staffingConfig');
    expect(offered).not.toContain('agentStaff.create');

    const adminOnly = await create(agent1, 'grant_admin_only', ['storeManagement', 'agentStaff.create']);
    expect(adminOnly.errCode).toBe(400100);
    expect(adminOnly.fieldErrors?.menuIds).toBe('所选菜单不在本服务商的菜单权限内');
    const platformMenu = await t.database.db
      .selectFrom('menu')
      .where('scope', '=', 'platform')
      .select('id')
      .executeTakeFirstOrThrow();
    const foreign = await callApi(t, agent1, 'POST', '/agentStaff/create', {
      loginName: 'grant_platform',
      name: '越权',
      phone: '',
      email: '',
      menuIds: [String(platformMenu.id)],
    });
    expect(foreign.errCode).toBe(400100);
    const empty = await create(agent1, 'grant_empty', []);
    expect(empty.errCode).toBe(400100);
    expect(empty.fieldErrors?.menuIds).toBe('请至少选择一项菜单权限');

    // An entry the platform took from agent2's provider cannot be granted by agent2 either.
    await t.database.db
      .deleteFrom('agentMenu')
      .where('agentId', '=', agents.b)
      .where('menuId', '=', Number(menuId('store.delete')))
      .execute();
    const notHeld = await create(agent2, 'grant_not_held', ['storeManagement', 'store.delete']);
    expect(notHeld.errCode).toBe(400100);
    expect(
      await t.database.db.selectFrom('admin').where('loginName', 'like', 'grant_%').select('id').execute(),
    ).toEqual([]);
  });

  it('creates an operator with a generated password, to be changed at first sign-in, holding exactly the grant', async () => {
    const created = await create(agent1, 'impl_zhang', ['storeManage', 'storeManagement', 'store.page']);
    expect(created.errCode).toBe(0);
    expect(created.data).toMatchObject({ loginName: 'impl_zhang', changePsw: 1, open: 1, agentId: String(agents.a) });
    expect(created.data.password).toMatch(/^(?=.*[A-Za-z])(?=.*\d).{12}$/);
    expect(created.data.menuIds).toEqual(
      ['storeManage', 'storeManagement', 'store.page'].map(menuId).sort((x, y) => Number(x) - Number(y)),
    );
    const fresh = await signIn('impl_zhang', created.data.password);
    // Until the password is replaced, only the change itself is allowed.
    expect((await callApi(t, fresh, 'POST', '/store/page', { offset: 1, size: 10 })).errCode).toBe(400224);
    await t.database.db.updateTable('admin').set({ changePsw: 0 }).where('id', '=', fresh.adminId).execute();
    t.app.sessions.forgetAll();
    expect((await myCodes(fresh)).sort()).toEqual(['storeManage', 'storeManagement', 'store.page'].sort());
    const log = await t.database.db
      .selectFrom('operationLog')
      .where('path', '=', '/api/agentStaff/create')
      .where('result', '=', 1)
      .select(['params', 'agentId'])
      .executeTakeFirstOrThrow();
    expect(log.agentId).toBe(agents.a);
    expect(log.params).not.toContain(created.data.password);

    const duplicate = await create(agent1, 'impl_zhang', ['storeManagement']);
    expect(duplicate.errCode).toBe(409002);
  });

  it('edits details and grant with the version, and the operator hears of it at once', async () => {
    const created = await create(agent1, 'impl_li', ['storeManage', 'storeManagement', 'store.page']);
    const id = created.data.id;
    await t.database.db.updateTable('admin').set({ changePsw: 0 }).where('id', '=', Number(id)).execute();
    const li = await signIn('impl_li', created.data.password);
    const socket = await openReadySocket(t.app, li.adminId, li.token);
    const stale = await callApi(t, agent1, 'POST', '/agentStaff/update', {
      id,
      version: created.data.version + 5,
      name: '旧',
    });
    expect(stale.errCode).toBe(409001);
    const current = await callApi<Detail>(t, agent1, 'GET', `/agentStaff/get?id=${id}`);
    const updated = await callApi<Detail>(t, agent1, 'POST', '/agentStaff/update', {
      id,
      version: current.data.version,
      name: '李工',
      menuIds: ['agentZKB', 'agentZKBMgt', 'agentGateway.page'].map(menuId),
    });
    expect(updated.errCode).toBe(0);
    await socket.next((e) => e.type === 'permissionsChanged');
    socket.close();
    expect((await myCodes(li)).sort()).toEqual(['agentGateway.page', 'agentZKB', 'agentZKBMgt']);
    expect((await callApi(t, li, 'POST', '/store/page', { offset: 1, size: 10 })).errCode).toBe(403001);
    const emptied = await callApi(t, agent1, 'POST', '/agentStaff/update', {
      id,
      version: updated.data.version,
      menuIds: [],
    });
    expect(emptied.errCode).toBe(400100);
  });

  it('disables, enables and resets the password of its own operators only', async () => {
    const created = await create(agent1, 'impl_wang', ['storeManagement']);
    const id = created.data.id;
    const wang = await signIn('impl_wang', created.data.password);
    expect((await callApi(t, agent1, 'POST', `/agentStaff/updateOpen?id=${id}&open=0`)).errCode).toBe(0);
    expect((await callApi(t, wang, 'GET', '/saasRole/getMenuList')).errCode).toBe(5000);
    expect((await callApi(t, agent1, 'POST', `/agentStaff/updateOpen?id=${id}&open=1`)).errCode).toBe(0);
    const reset = await callApi<{ password: string | null }>(t, agent1, 'POST', `/agentStaff/resetPassword?id=${id}`);
    expect(reset.data.password).toMatch(/^.{12}$/);
    const chosen = await callApi<{ password: string | null }>(t, agent1, 'POST', `/agentStaff/resetPassword?id=${id}`, {
      password: 'Chosen2026',
    });
    expect(chosen.data.password).toBeNull();
    await signIn('impl_wang', 'Chosen2026');
  });

  it("answers another provider's operators, and any administrator account, exactly as missing ones", async () => {
    const mine = await create(agent1, 'impl_zhao', ['storeManagement']);
    const id = mine.data.id;
    const calls: Array<[string, 'GET' | 'POST', (x: string) => string, ((x: string) => object) | undefined]> = [
      ['get', 'GET', (x) => `/agentStaff/get?id=${x}`, undefined],
      ['update', 'POST', () => '/agentStaff/update', (x) => ({ id: x, version: 1, name: '篡改' })],
      ['updateOpen', 'POST', (x) => `/agentStaff/updateOpen?id=${x}&open=0`, undefined],
      ['resetPassword', 'POST', (x) => `/agentStaff/resetPassword?id=${x}`, undefined],
    ];
    for (const [label, method, url, body] of calls) {
      const missing = await callApi(t, agent2, method, url('987654321'), body?.('987654321'));
      for (const target of [id, String(agent1.adminId), String(admin.adminId)]) {
        const answer = await callApi(t, agent2, method, url(target), body?.(target));
        expect([label, answer.res.statusCode, answer.errCode, answer.errMsg]).toEqual([
          label,
          missing.res.statusCode,
          404001,
          missing.errMsg,
        ]);
      }
    }
    // agent1 cannot address itself (a provider administrator) through these endpoints either.
    expect((await callApi(t, agent1, 'GET', `/agentStaff/get?id=${agent1.adminId}`)).errCode).toBe(404001);
    const list = await callApi<{ list: Detail[] }>(t, agent2, 'POST', '/agentStaff/page', { offset: 1, size: 50 });
    expect(list.data.list.map((r) => r.loginName)).not.toContain('impl_zhao');
    const own = await callApi<{ list: Detail[] }>(t, agent1, 'POST', '/agentStaff/page', {
      offset: 1,
      size: 50,
      keyword: 'impl_zhao',
    });
    expect(own.data.list.map((r) => r.loginName)).toEqual(['impl_zhao']);
    const after = await callApi<Detail>(t, agent1, 'GET', `/agentStaff/get?id=${id}`);
    expect(after.data).toMatchObject({ open: 1, version: mine.data.version, name: '实施一号' });
  });
});
