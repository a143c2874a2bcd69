import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithOperator, type TestApp } from '../../../test/app-with-operator.js';
import { createTestOperator, type TestOperator } from '../../../test/operators.js';
import { nowIso } from '../../lib/clock.js';
import { callApi } from '../stores/test-fixtures.js';

interface RoleDetail {
  id: string;
  version: number;
  menuIds: string[];
  name: string;
}

describe('platform roles (/saasRole)', () => {
  let t: TestApp;
  let admin: TestOperator;
  let provider: TestOperator;
  let platformMenu: string;
  let agentMenu: string;

  beforeAll(async () => {
    ({ t, operator: admin } = await appWithOperator({
      permissions: ['saasRole.page', 'saasRole.get', 'saasRole.create', 'saasRole.update', 'saasRole.delete'],
    }));
    provider = await createTestOperator(t, {
      adminType: 1,
      permissions: ['saasRole.page', 'saasRole.get', 'saasRole.create', 'saasRole.update', 'saasRole.delete'],
    });
    const db = t.database.db;
    const ids = async (url: string, scope: string) =>
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
    platformMenu = await ids('saasRole.page', 'platform');
    agentMenu = await ids('saasRole.page', 'agent');
  });
  afterAll(() => t.close());

  const create = (code: string, menuIds: string[] = []) =>
    callApi<RoleDetail>(t, admin, 'POST', '/saasRole/create', {
      name: `角色${code}`,
      code,
      sort: 5,
      status: 1,
      remark: '',
      menuIds,
    });

  it('creates a role with platform menus and reads it back', async () => {
    const res = await create('ops', [platformMenu]);
    expect(res.errCode).toBe(0);
    expect(res.data.menuIds).toEqual([platformMenu]);
    const got = await callApi<RoleDetail>(t, admin, 'GET', `/saasRole/getById?id=${res.data.id}`);
    expect(got.data).toMatchObject({ name: '角色ops', menuIds: [platformMenu] });
    const list = await callApi<{ list: { code: string }[] }>(t, admin, 'POST', '/saasRole/getList', { keyword: 'ops' });
    expect(list.data.list.map((r) => r.code)).toEqual(['ops']);
  });

  it('accepts only platform-scope menu ids, and unique codes', async () => {
    expect((await create('agentish', [agentMenu])).fieldErrors).toHaveProperty('menuIds');
    const dup = await create('ops');
    expect(dup.errCode).toBe(409002);
    expect(dup.fieldErrors).toHaveProperty('code');
  });

  it('updates with the version and refuses a stale one', async () => {
    const { data } = await create('stale');
    const ok = await callApi<RoleDetail>(t, admin, 'POST', '/saasRole/update', {
      id: data.id,
      version: data.version,
      name: '改名',
    });
    expect(ok.data.name).toBe('改名');
    const stale = await callApi(t, admin, 'POST', '/saasRole/update', {
      id: data.id,
      version: data.version,
      name: 'x',
    });
    expect(stale.errCode).toBe(409001);
  });

  it('refuses to delete a role still held by an account (409003), deletes a free one', async () => {
    const { data } = await create('held');
    const now = nowIso();
    const holder = await t.database.db
      .insertInto('admin')
      .values({
        loginName: 'holder1',
        name: '持有人',
        phone: '',
        email: '',
        adminType: 0,
        agentId: null,
        passwordHash: 'x',
        open: 1,
        headImg: '',
        changePsw: 0,
        failedCount: 0,
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.database.db
      .insertInto('adminRole')
      .values({ adminId: holder.id, roleId: Number(data.id) })
      .execute();
    expect((await callApi(t, admin, 'GET', `/saasRole/delete?id=${data.id}`)).errCode).toBe(409003);
    const free = await create('free');
    expect((await callApi(t, admin, 'GET', `/saasRole/delete?id=${free.data.id}`)).errCode).toBe(0);
    expect((await callApi(t, admin, 'GET', `/saasRole/getById?id=${free.data.id}`)).errCode).toBe(404001);
  });

  it('a disabled role stops granting at once', async () => {
    const holder = await createTestOperator(t, { adminType: 0, permissions: [] });
    const role = await create('toggle', [platformMenu]);
    await t.database.db
      .insertInto('adminRole')
      .values({ adminId: holder.adminId, roleId: Number(role.data.id) })
      .execute();
    expect((await callApi(t, holder, 'POST', '/saasRole/getList', {})).errCode).toBe(0);
    await callApi(t, admin, 'POST', '/saasRole/update', { id: role.data.id, version: role.data.version, status: 0 });
    expect((await callApi(t, holder, 'POST', '/saasRole/getList', {})).res.statusCode).toBe(403);
  });

  it('getMenu answers the platform catalogue tree', async () => {
    const res = await callApi<{ url: string }[]>(t, admin, 'GET', '/saasRole/getMenu');
    expect(res.errCode).toBe(0);
    expect(JSON.stringify(res.data)).toContain('"saasRole.page"');
  });

  it('a provider operator is refused every endpoint (403)', async () => {
    const calls: ['GET' | 'POST', string, object?][] = [
      ['POST', '/saasRole/getList', {}],
      ['GET', '/saasRole/getById?id=1'],
      ['GET', '/saasRole/getMenu'],
      ['POST', '/saasRole/create', { name: 'x', code: 'xx', sort: 0, status: 1, remark: '', menuIds: [] }],
      ['POST', '/saasRole/update', { id: '1', version: 1 }],
      ['GET', '/saasRole/delete?id=1'],
    ];
    for (const [method, url, body] of calls) {
      expect((await callApi(t, provider, method, url, body)).res.statusCode, url).toBe(403);
    }
  });
});
