import type { SaasAdmin } from '@console/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WebResource } from '../../components/resource/define-web-resource';
import { saasAdminWeb } from '../../resources/saas-admin';
import { AdminFormDrawer } from './admin-form-drawer';
import { type Call, ok, renderWithProviders, serve } from './test-kit';

const web = { ...saasAdminWeb, formDrawer: AdminFormDrawer } as unknown as WebResource<never, SaasAdmin>;
const roles = {
  total: 2,
  list: [
    { id: '3', name: '财务' },
    { id: '4', name: '运营' },
  ],
};

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
const writes = (calls: Call[], path: string) => calls.filter((call) => call.path === path);

describe('account drawer (账号)', { timeout: 30_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('applies the contract rules: login name, phone, e-mail and the password policy', async () => {
    const calls = serve({ '/saasRole/getList': () => ok(roles) });
    renderWithProviders(
      <AdminFormDrawer web={web} record={null} onClose={() => undefined} onSaved={() => undefined} />,
    );
    save();
    expect(await screen.findByText('请输入登录名')).toBeTruthy();
    expect(await screen.findByText('请输入姓名')).toBeTruthy();
    // An account without a role could never sign in (issue 15 item 16).
    expect(await screen.findByText('请至少选择一个角色')).toBeTruthy();
    // The password's message reaches its labelled outer item (the input sits in a noStyle item
    // beside 随机生成) one render later than the other fields' own: on a busy machine after them.
    expect(await screen.findByText('请输入初始密码')).toBeTruthy();

    type('登录名', 'ab');
    type('手机号', '12345');
    type('邮箱', 'not-mail');
    type('初始密码', 'abcdefgh');
    expect(await screen.findByText('登录名至少 3 位')).toBeTruthy();
    expect(await screen.findByText('请输入 11 位手机号')).toBeTruthy();
    expect(await screen.findByText('邮箱格式不正确')).toBeTruthy();
    expect(await screen.findByText('密码需包含数字')).toBeTruthy();
    type('初始密码', '12345678');
    expect(await screen.findByText('密码需包含字母')).toBeTruthy();
    type('初始密码', 'a1');
    expect(await screen.findByText('密码至少 8 位')).toBeTruthy();
    expect(writes(calls, '/saasAdmin/create')).toHaveLength(0);
  });

  it('creates with a generated password that meets the policy, and the chosen roles', async () => {
    const calls = serve({
      '/saasRole/getList': () => ok(roles),
      '/saasAdmin/create': () => ok({ id: '20' }),
    });
    const onSaved = vi.fn();
    renderWithProviders(<AdminFormDrawer web={web} record={null} onClose={() => undefined} onSaved={onSaved} />);
    type('登录名', 'zhang.san');
    type('姓名', '张三');
    fireEvent.mouseDown(screen.getByLabelText('角色'));
    fireEvent.click(await screen.findByTitle('财务'));
    fireEvent.click(screen.getByRole('button', { name: '随机生成' }));
    save();
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const body = writes(calls, '/saasAdmin/create')[0]?.body;
    expect(body).toMatchObject({ loginName: 'zhang.san', name: '张三', phone: '', email: '', roleIds: ['3'] });
    expect(body?.password).toMatch(/^(?=.*[A-Za-z])(?=.*\d)[A-Za-z\d]{12}$/);
  });

  it('edits from the full record: login name fixed, roles kept, no password, the version sent', async () => {
    const admin = {
      id: '7',
      loginName: 'li.si',
      name: '李四',
      phone: '13900000002',
      email: '',
      adminType: 0,
      open: 1,
      headImg: '',
      lastLoginAt: null,
      lastLoginIp: null,
      changePsw: 0,
      createdAt: '2026-11-20T02:00:00.000Z',
      updatedAt: '2026-11-20T02:00:00.000Z',
      version: 2,
    } satisfies SaasAdmin;
    const calls = serve({
      '/saasRole/getList': () => ok(roles),
      '/saasRole/getById': () => ok({ id: '4', name: '运营' }),
      '/saasAdmin/get': () => ok({ ...admin, version: 3, roleIds: ['4'] }),
      '/saasAdmin/update': () => ok({ ...admin, roleIds: ['4'] }),
    });
    const onSaved = vi.fn();
    renderWithProviders(<AdminFormDrawer web={web} record={admin} onClose={() => undefined} onSaved={onSaved} />);
    await waitFor(() => expect(screen.getByLabelText('登录名')).toHaveProperty('value', 'li.si'));
    expect(screen.getByLabelText('登录名')).toHaveProperty('disabled', true);
    expect(screen.queryByLabelText('初始密码')).toBeNull();
    type('姓名', '李四四');
    save();
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(writes(calls, '/saasAdmin/update')[0]?.body).toEqual({
      id: '7',
      version: 3,
      name: '李四四',
      phone: '13900000002',
      email: '',
      roleIds: ['4'],
    });
  });
});
