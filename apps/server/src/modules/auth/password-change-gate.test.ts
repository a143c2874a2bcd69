import { errors } from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestOperator, type TestOperator } from '../../../test/operators.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { callApi } from '../stores/test-fixtures.js';
import { hashPassword } from '../../credentials/passwords.js';

const initial = 'Initial2026';

describe('an account that must change its password (changePsw = 1)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** An operator whose password was set by someone else, holding the given permissions. */
  async function mustChange(adminType: 0 | 1, permissions: string[]): Promise<TestOperator> {
    const op = await createTestOperator(t, { adminType, permissions });
    await t.database.db
      .updateTable('admin')
      .set({ changePsw: 1, passwordHash: await hashPassword(initial) })
      .where('id', '=', op.adminId)
      .execute();
    return op;
  }

  it('is refused every endpoint but its own info, menus, the change and sign-out; then works', async () => {
    const op = await mustChange(0, ['session.page', 'saasAdmin.page']);
    for (const url of ['/session/page', '/saasAdmin/page']) {
      const refused = await callApi(t, op, 'POST', url, {});
      expect(refused.errCode).toBe(errors.passwordChangeRequired.code);
      expect(refused.errMsg).toBe('请先修改初始密码');
      expect(refused.res.statusCode).toBe(403);
    }
    // Profile edits wait too: only what the forced-change dialog needs is open.
    expect((await callApi(t, op, 'POST', '/adminLogin/updateProfile', { name: '新名字', headImg: '' })).errCode).toBe(
      errors.passwordChangeRequired.code,
    );
    const info = await callApi<{ changePsw: number }>(t, op, 'GET', '/adminLogin/info');
    expect(info.errCode).toBe(0);
    expect(info.data.changePsw).toBe(1);
    expect((await callApi(t, op, 'GET', '/saasRole/getMenuList')).errCode).toBe(0);

    const changed = await callApi(t, op, 'POST', '/adminLogin/changePassword', {
      oldPassword: initial,
      newPassword: 'Changed2026',
    });
    expect(changed.errCode).toBe(0);
    // The same session goes on, now with everything its permissions allow.
    expect((await callApi(t, op, 'POST', '/session/page', {})).errCode).toBe(0);
    expect((await callApi(t, op, 'POST', '/saasAdmin/page', {})).errCode).toBe(0);
  });

  it('a provider operator reads its own provider menu and may sign out', async () => {
    const op = await mustChange(1, ['store.page']);
    expect((await callApi(t, op, 'GET', `/agentMenu/getAICMenu?aic=${op.agentId}`)).errCode).toBe(0);
    expect((await callApi(t, op, 'POST', '/store/page', {})).errCode).toBe(errors.passwordChangeRequired.code);
    expect((await callApi(t, op, 'POST', '/adminLogin/logout', {})).errCode).toBe(0);
    expect((await callApi(t, op, 'GET', '/adminLogin/info')).errCode).toBe(errors.notSignedIn.code);
  });

  it('an account created in 账号管理 signs in and must change its password before anything else', async () => {
    const admin = await createTestOperator(t, {
      adminType: 0,
      permissions: ['saasAdmin.create', 'saasRole.create', 'saasAdmin.page'],
    });
    // Sign-in needs at least one menu; the role grants the admin list.
    const menu = await t.database.db
      .selectFrom('menu')
      .where('url', '=', 'saasAdmin.page')
      .where('scope', '=', 'platform')
      .select('id')
      .executeTakeFirstOrThrow();
    const role = await callApi<{ id: string }>(t, admin, 'POST', '/saasRole/create', {
      name: '新账号角色',
      code: `gate_${Date.now()}`,
      sort: 0,
      status: 1,
      remark: '',
      menuIds: [String(menu.id)],
    });
    const loginName = `gate_${Date.now()}`;
    const created = await callApi(t, admin, 'POST', '/saasAdmin/create', {
      loginName,
      name: '新账号',
      phone: '',
      email: '',
      roleIds: [role.data.id],
      password: initial,
    });
    expect(created.errCode).toBe(0);
    const signIn = await callApi<{ token: string; changePsw: number }>(t, null, 'POST', '/log/adminLogin/login', {
      loginName,
      password: initial,
    });
    expect(signIn.errCode).toBe(0);
    expect(signIn.data.changePsw).toBe(1);
    const headers = { token: signIn.data.token };
    const page = await t.app.inject({ method: 'POST', url: '/api/saasAdmin/page', headers, payload: {} });
    expect(page.json<{ errCode: number }>().errCode).toBe(errors.passwordChangeRequired.code);
  });
});
