import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithOperator, type TestApp } from '../../../test/app-with-operator.js';
import { createTestOperator, type TestOperator } from '../../../test/operators.js';
import { verifyPassword } from '../../credentials/passwords.js';
import { callApi } from '../stores/test-fixtures.js';

interface Detail {
  id: string;
  loginName: string;
  name: string;
  version: number;
  roleIds: string[];
  changePsw: number;
  open: number;
}

describe('platform admins (/saasAdmin)', () => {
  let t: TestApp;
  let admin: TestOperator;
  let provider: TestOperator;
  let roleId: string;

  beforeAll(async () => {
    ({ t, operator: admin } = await appWithOperator({
      permissions: [
        'saasAdmin.page',
        'saasAdmin.get',
        'saasAdmin.create',
        'saasAdmin.update',
        'saasAdmin.delete',
        'saasAdmin.updateOpen',
        'saasAdmin.resetPassword',
        'saasRole.page',
        'saasRole.get',
        'saasRole.create',
        'saasRole.update',
      ],
    }));
    // Holding every code as a provider still reaches none of these platform endpoints.
    provider = await createTestOperator(t, {
      adminType: 1,
      permissions: ['saasAdmin.page', 'saasAdmin.get', 'saasAdmin.create', 'saasAdmin.updateOpen'],
    });
    const role = await callApi<{ id: string }>(t, admin, 'POST', '/saasRole/create', {
      name: '财务',
      code: 'finance',
      sort: 1,
      status: 1,
      remark: '',
      menuIds: [],
    });
    expect(role.errCode).toBe(0);
    roleId = role.data.id;
  });
  afterAll(() => t.close());

  const create = (loginName: string, extra: object = {}) =>
    callApi<Detail>(t, admin, 'POST', '/saasAdmin/create', {
      loginName,
      name: '王会计',
      phone: '13800001111',
      email: '',
      roleIds: [roleId],
      password: 'abc12345',
      ...extra,
    });

  it('creates an account that must change its password, never answering the hash', async () => {
    const res = await create('wang.kj');
    expect(res.errCode).toBe(0);
    expect(res.data).toMatchObject({ loginName: 'wang.kj', changePsw: 1, open: 1, roleIds: [roleId] });
    expect(JSON.stringify(res.data)).not.toContain('passwordHash');
    const row = await t.database.db
      .selectFrom('admin')
      .where('id', '=', Number(res.data.id))
      .select(['passwordHash', 'adminType'])
      .executeTakeFirstOrThrow();
    expect(row.adminType).toBe(0);
    expect(await verifyPassword(row.passwordHash, 'abc12345')).toBe(true);

    const page = await callApi<{ list: Record<string, unknown>[] }>(t, admin, 'POST', '/saasAdmin/page', {
      loginName: 'wang.kj',
    });
    expect(page.data.list).toHaveLength(1);
    expect(page.data.list[0]).not.toHaveProperty('passwordHash');
  });

  it('takes an account without the form’s optional 手机号 and 邮箱 (issue 15, item 8)', async () => {
    const res = await create('no.contact', { phone: undefined, email: undefined });
    expect(res.errCode).toBe(0);
    expect(res.data).toMatchObject({ phone: '', email: '' });
  });

  it('refuses a weak password, a duplicate login name and an unknown role', async () => {
    expect((await create('weak1', { password: 'abcdefgh' })).fieldErrors).toHaveProperty('password');
    const dup = await create('wang.kj');
    expect(dup.errCode).toBe(409002);
    expect(dup.fieldErrors).toHaveProperty('loginName');
    expect((await create('norole', { roleIds: ['999999'] })).fieldErrors).toHaveProperty('roleIds');
  });

  it('lists only platform admins, filtered by open', async () => {
    const page = await callApi<{ list: { adminType: number; open: number }[] }>(t, admin, 'POST', '/saasAdmin/page', {
      open: 1,
      size: 100,
    });
    expect(page.data.list.length).toBeGreaterThan(0);
    expect(page.data.list.every((r) => r.adminType === 0 && r.open === 1)).toBe(true);
  });

  it('requires at least one role on create and update (an account without one could never sign in)', async () => {
    const none = await create('no.role', { roleIds: [] });
    expect(none.errCode).toBe(400100);
    expect(none.fieldErrors?.roleIds).toBe('请至少选择一个角色');
    const { data } = await create('keeps.role');
    const emptied = await callApi(t, admin, 'POST', '/saasAdmin/update', {
      id: data.id,
      version: data.version,
      roleIds: [],
    });
    expect(emptied.errCode).toBe(400100);
    expect(emptied.fieldErrors?.roleIds).toBe('请至少选择一个角色');
    const after = await callApi<Detail>(t, admin, 'GET', `/saasAdmin/get?id=${data.id}`);
    expect(after.data).toMatchObject({ roleIds: [roleId], version: data.version });
  });

  it('updates with the version, refuses a stale one, and logs the changed fields', async () => {
    const { data } = await create('li.update');
    const other = await callApi<{ id: string }>(t, admin, 'POST', '/saasRole/create', {
      name: '运营',
      code: 'ops_update',
      sort: 2,
      status: 1,
      remark: '',
      menuIds: [],
    });
    const ok = await callApi<Detail>(t, admin, 'POST', '/saasAdmin/update', {
      id: data.id,
      version: data.version,
      name: '李四',
      roleIds: [other.data.id],
    });
    expect(ok.errCode).toBe(0);
    expect(ok.data).toMatchObject({ name: '李四', roleIds: [other.data.id], version: data.version + 1 });
    const stale = await callApi(t, admin, 'POST', '/saasAdmin/update', {
      id: data.id,
      version: data.version,
      name: 'x',
    });
    expect(stale.errCode).toBe(409001);
    const log = await t.database.db
      .selectFrom('operationLog')
      .where('path', '=', '/api/saasAdmin/update')
      .where('targetId', '=', data.id)
      .where('result', '=', 1)
      .select('changes')
      .executeTakeFirstOrThrow();
    const fields = (JSON.parse(log.changes) as { field: string }[]).map((c) => c.field);
    expect(fields).toEqual(expect.arrayContaining(['name', 'roleIds']));
  });

  it('disabling an account kills its token at once; nobody disables or deletes themself', async () => {
    const target = await createTestOperator(t, { adminType: 0, permissions: ['saasAdmin.page'] });
    expect((await callApi(t, target, 'POST', '/saasAdmin/page', {})).errCode).toBe(0);
    const off = await callApi(t, admin, 'POST', `/saasAdmin/updateOpen?id=${target.adminId}&open=0`);
    expect(off.errCode).toBe(0);
    expect((await callApi(t, target, 'POST', '/saasAdmin/page', {})).res.statusCode).toBe(401);

    const self = await callApi(t, admin, 'POST', `/saasAdmin/updateOpen?id=${admin.adminId}&open=0`);
    expect(self.errCode).toBe(409003);
    expect((await callApi(t, admin, 'GET', `/saasAdmin/delete?id=${admin.adminId}`)).errCode).toBe(409003);
  });

  it('reset password: generated once, must change, sessions end', async () => {
    const target = await createTestOperator(t, { adminType: 0, permissions: ['saasAdmin.page'] });
    const res = await callApi<{ password: string }>(t, admin, 'POST', `/saasAdmin/resetPassword?id=${target.adminId}`);
    expect(res.errCode).toBe(0);
    expect(res.data.password).toMatch(/^(?=.*[A-Za-z])(?=.*\d).{12}$/);
    const row = await t.database.db
      .selectFrom('admin')
      .where('id', '=', target.adminId)
      .select(['passwordHash', 'changePsw'])
      .executeTakeFirstOrThrow();
    expect(row.changePsw).toBe(1);
    expect(await verifyPassword(row.passwordHash, res.data.password)).toBe(true);
    expect((await callApi(t, target, 'POST', '/saasAdmin/page', {})).res.statusCode).toBe(401);
    const log = await t.database.db
      .selectFrom('operationLog')
      .where('path', 'like', '/api/saasAdmin/resetPassword%')
      .select('params')
      .execute();
    expect(log.map((l) => l.params).join()).not.toContain(res.data.password);

    const chosen = await callApi<{ password: string | null }>(
      t,
      admin,
      'POST',
      `/saasAdmin/resetPassword?id=${target.adminId}`,
      { password: 'newpass99' },
    );
    expect(chosen.data.password).toBeNull();
  });

  it('a role change shows in the holder’s menu list at once', async () => {
    const holder = await createTestOperator(t, { adminType: 0, permissions: [] });
    await t.database.db
      .insertInto('adminRole')
      .values({ adminId: holder.adminId, roleId: Number(roleId) })
      .execute();
    const before = await callApi<unknown[]>(t, holder, 'GET', '/saasRole/getMenuList');
    expect(JSON.stringify(before.data)).not.toContain('"saasAdmin.page"');
    const menu = await t.database.db
      .selectFrom('menu')
      .where('scope', '=', 'platform')
      .where('url', '=', 'saasAdmin.page')
      .select('id')
      .executeTakeFirstOrThrow();
    const role = await callApi<Detail>(t, admin, 'GET', `/saasRole/getById?id=${roleId}`);
    const upd = await callApi(t, admin, 'POST', '/saasRole/update', {
      id: roleId,
      version: role.data.version,
      menuIds: [String(menu.id)],
    });
    expect(upd.errCode).toBe(0);
    const after = await callApi<unknown[]>(t, holder, 'GET', '/saasRole/getMenuList');
    expect(JSON.stringify(after.data)).toContain('"saasAdmin.page"');
    // The endpoint permission follows the same grant, with no new sign-in.
    expect((await callApi(t, holder, 'POST', '/saasAdmin/page', {})).errCode).toBe(0);
  });

  it('a provider operator is refused every endpoint (403)', async () => {
    const calls: [string, string, object?][] = [
      ['POST', '/saasAdmin/page', {}],
      ['GET', `/saasAdmin/get?id=${admin.adminId}`],
      [
        'POST',
        '/saasAdmin/create',
        { loginName: 'x1', name: 'x', phone: '', email: '', roleIds: [], password: 'abc12345' },
      ],
      ['POST', '/saasAdmin/update', { id: String(admin.adminId), version: 1 }],
      ['GET', `/saasAdmin/delete?id=${admin.adminId}`],
      ['POST', `/saasAdmin/updateOpen?id=${admin.adminId}&open=0`],
      ['POST', `/saasAdmin/resetPassword?id=${admin.adminId}`],
    ];
    for (const [method, url, body] of calls) {
      const res = await callApi(t, provider, method as 'GET' | 'POST', url, body);
      expect(res.res.statusCode, url).toBe(403);
    }
  });

  it('deletes another account with its sessions and roles', async () => {
    const target = await createTestOperator(t, { adminType: 0, permissions: ['saasAdmin.page'] });
    expect((await callApi(t, admin, 'GET', `/saasAdmin/delete?id=${target.adminId}`)).errCode).toBe(0);
    expect((await callApi(t, target, 'POST', '/saasAdmin/page', {})).res.statusCode).toBe(401);
    expect((await callApi(t, admin, 'GET', `/saasAdmin/get?id=${target.adminId}`)).errCode).toBe(404001);
  });

  it('a missing id answers 404001', async () => {
    expect((await callApi(t, admin, 'GET', '/saasAdmin/get?id=99999999')).errCode).toBe(404001);
    expect((await callApi(t, admin, 'GET', '/saasAdmin/get?id=abc')).errCode).toBe(404001);
  });
});
