import { flattenMenus, menusByScope } from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../../test/test-app.js';
import { DEMO_PASSWORD, type DemoSeeder, demoSeeders, prepareDatabase } from './index.js';

const catalogueSize = (scope: 'platform' | 'agent') =>
  flattenMenus(menusByScope[scope]).reduce((n, { spec }) => n + 1 + Object.keys(spec.actions ?? {}).length, 0);

const signIn = async (t: TestApp, loginName: string, password: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/log/adminLogin/login',
    payload: { loginName, password },
  });
  return res.json<{
    errCode: number;
    data: { token: string; adminType: number; agentAdminDirect: number; changePsw: number };
  }>();
};

describe('prepareDatabase with demo data', () => {
  let t: TestApp;
  const seen: number[][] = [];
  const probe: DemoSeeder = async (db, agents) => {
    seen.push([agents.a, agents.b, agents.direct]);
    const names = (await db.selectFrom('admin').select('loginName').execute()).map((r) => r.loginName);
    expect(names).toEqual(expect.arrayContaining(['admin', 'agent1', 'agent1staff', 'agent2']));
  };
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_RATE_PER_MINUTE: '1000' });
    demoSeeders.push(probe);
  });
  afterAll(async () => {
    demoSeeders.splice(demoSeeders.indexOf(probe), 1);
    await t.close();
  });

  it('syncs the whole catalogue, creates the demo accounts, and runs the area seeders once', async () => {
    const first = await prepareDatabase(t.database.db, { seedDemo: true });
    expect(first.signIns.map((s) => [s.loginName, s.password])).toEqual([
      ['admin', DEMO_PASSWORD],
      ['agent1', DEMO_PASSWORD],
      ['agent1staff', DEMO_PASSWORD],
      ['agent2', DEMO_PASSWORD],
    ]);
    for (const scope of ['platform', 'agent'] as const) {
      const rows = await t.database.db.selectFrom('menu').where('scope', '=', scope).select('id').execute();
      expect(rows).toHaveLength(catalogueSize(scope));
    }
    expect(seen).toHaveLength(1);
    const agents = await t.database.db.selectFrom('agent').selectAll().orderBy('id').execute();
    // The first three are the accounts' providers; area seeders may add more (e.g. pending registrations).
    expect(agents.slice(0, 3).map((a) => [a.name, a.status, a.direct])).toEqual([
      ['平台直营', 1, 1],
      ['杭州云泊科技有限公司', 1, 0],
      ['成都蜀联智能科技有限公司', 1, 0],
    ]);
    expect(agents.filter((a) => a.direct === 1)).toHaveLength(1);
  });

  it('lets each demo account sign in with Demo@2026 and the menus its kind should have', async () => {
    const admin = await signIn(t, 'admin', DEMO_PASSWORD);
    expect(admin.data).toMatchObject({ adminType: 0, changePsw: 0, agentAdminDirect: 0 });
    const adminMenu = await t.app.inject({
      method: 'GET',
      url: '/api/saasRole/getMenuList',
      headers: { token: admin.data.token },
    });
    expect(adminMenu.json<{ data: { url: string }[] }>().data.map((n) => n.url)).toEqual(
      menusByScope.platform.map((m) => m.name),
    );
    for (const [name, adminType] of [
      ['agent1', 1],
      ['agent1staff', 2],
      ['agent2', 1],
    ] as const) {
      const r = await signIn(t, name, DEMO_PASSWORD);
      expect(r.data).toMatchObject({ adminType, changePsw: 0, agentAdminDirect: 0 });
      const menu = await t.app.inject({
        method: 'GET',
        url: '/api/saasRole/getMenuList',
        headers: { token: r.data.token },
      });
      // Provider administrators hold the whole agent menu; agent1staff only its narrow grant.
      expect(menu.json<{ data: { url: string }[] }>().data.map((n) => n.url)).toEqual(
        adminType === 1 ? menusByScope.agent.map((m) => m.name) : ['storeManage', 'agentAndroid', 'agentZKB'],
      );
    }
  });

  it('is idempotent and never overwrites what operators edited', async () => {
    const accountsBefore = await t.database.db.selectFrom('admin').select('id').execute();
    await t.database.db.updateTable('menu').set({ title: '账号与角色' }).where('url', '=', 'accountMgt').execute();
    await t.database.db.deleteFrom('menu').where('url', '=', 'errorLog').execute();
    const again = await prepareDatabase(t.database.db, { seedDemo: true });
    // The page comes back, with its action entries (deleted with it by the cascade).
    const errorLog = flattenMenus(menusByScope.platform).find(({ spec }) => spec.name === 'errorLog');
    expect(again).toEqual({ signIns: [], menusAdded: 1 + Object.keys(errorLog?.spec.actions ?? {}).length });
    const row = await t.database.db
      .selectFrom('menu')
      .where('url', '=', 'accountMgt')
      .select('title')
      .executeTakeFirstOrThrow();
    expect(row.title).toBe('账号与角色');
    const restored = await t.database.db
      .selectFrom('menu as m')
      .innerJoin('menu as p', 'p.id', 'm.parentId')
      .where('m.url', '=', 'errorLog')
      .select(['p.url as parent', 'm.kind', 'm.path'])
      .executeTakeFirstOrThrow();
    expect(restored).toEqual({ parent: 'dataMonitoring', kind: 2, path: '/dataMonitoring/errorLog' });
    expect(seen).toHaveLength(1);
    expect(await t.database.db.selectFrom('admin').select('id').execute()).toHaveLength(accountsBefore.length);
  });

  it('grants an action a release adds to whoever holds its page: providers and platform roles', async () => {
    const db = t.database.db;
    const holders = async (url: string, scope: 'agent' | 'platform') => {
      const menu = db.selectFrom('menu').where('url', '=', url).where('scope', '=', scope).select('id');
      const agents = await db.selectFrom('agentMenu').where('menuId', 'in', menu).select('agentId').execute();
      const roles = await db.selectFrom('roleMenu').where('menuId', 'in', menu).select('roleId').execute();
      return { agents: agents.length, roles: roles.length };
    };
    // A database from before 实施人员 had account actions: the page is granted, the action missing.
    const pageHolders = (await holders('staffingConfig', 'agent')).agents;
    expect(pageHolders).toBeGreaterThan(0);
    const rolesWithPage = (await holders('accountMgt', 'platform')).roles;
    expect(rolesWithPage).toBeGreaterThan(0);
    await db.deleteFrom('menu').where('url', '=', 'agentStaff.create').where('scope', '=', 'agent').execute();
    // One provider had the page taken away: it does not get the new action.
    const [without] = await db.selectFrom('agent').select('id').orderBy('id').limit(1).execute();
    const page = db.selectFrom('menu').where('url', '=', 'staffingConfig').select('id');
    await db.deleteFrom('agentMenu').where('agentId', '=', without!.id).where('menuId', 'in', page).execute();
    await db.deleteFrom('menu').where('url', '=', 'saasAdmin.create').where('scope', '=', 'platform').execute();
    expect(await prepareDatabase(db, { seedDemo: true })).toEqual({ signIns: [], menusAdded: 2 });
    expect(await holders('agentStaff.create', 'agent')).toEqual({ agents: pageHolders - 1, roles: 0 });
    // Granting a page grants its actions unless unticked, and a new action could not have been unticked.
    expect(await holders('saasAdmin.create', 'platform')).toEqual({ agents: 0, roles: rolesWithPage });
  });
});

describe('prepareDatabase without demo data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_RATE_PER_MINUTE: '1000', AUTH_CAPTCHA_AFTER: '100' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('creates only admin, with a random policy-compliant password that must be changed', async () => {
    const { signIns } = await prepareDatabase(t.database.db, { seedDemo: false });
    expect(signIns).toHaveLength(1);
    const [note] = signIns;
    expect(note?.loginName).toBe('admin');
    expect(note?.password).toMatch(/^(?=.*[A-Za-z])(?=.*\d).{14}$/);
    expect(await t.database.db.selectFrom('admin').select('loginName').execute()).toEqual([{ loginName: 'admin' }]);
    expect((await signIn(t, 'admin', DEMO_PASSWORD)).errCode).toBe(400201);
    const ok = await signIn(t, 'admin', note?.password ?? '');
    expect(ok.data).toMatchObject({ adminType: 0, changePsw: 1 });
    const direct = await t.database.db.selectFrom('agent').where('direct', '=', 1).select('name').execute();
    expect(direct).toEqual([{ name: '平台直营' }]);
  });
});
