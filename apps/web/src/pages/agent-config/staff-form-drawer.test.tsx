import type { AgentStaff, MenuTreeNode } from '@console/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WebResource } from '../../components/resource/define-web-resource';
import { agentStaffWeb } from '../../resources/agent-staff';
import { type Call, ok, renderWithProviders, serve } from '../account/test-kit';
import { StaffFormDrawer } from './staff-form-drawer';

const node = (id: string, title: string, kind: 1 | 2 | 3, children: MenuTreeNode[] = []): MenuTreeNode => ({
  id,
  url: `u${id}`,
  title,
  icon: '',
  path: '',
  kind,
  hidden: false,
  children,
});
// What /agentStaff/getMenu answers: the provider's own menu, 门店管理 › 门店列表 (查看, 删除) and 网关设备 › 重启.
const providerMenu = [
  node('1', '门店管理', 1, [node('2', '门店列表', 2, [node('3', '查看列表', 3), node('4', '删除', 3)])]),
  node('5', '网关设备', 1, [node('6', '网关列表', 2, [node('7', '重启网关', 3)])]),
];
const staff: AgentStaff = {
  id: '31',
  agentId: '2',
  loginName: 'impl_li',
  name: '李工',
  phone: '',
  email: '',
  open: 1,
  lastLoginAt: null,
  lastLoginIp: null,
  changePsw: 0,
  createdAt: '2026-11-20T02:00:00.000Z',
  updatedAt: '2026-11-20T02:00:00.000Z',
  version: 4,
};

const web = agentStaffWeb as unknown as WebResource<never, AgentStaff>;
function box(title: string): HTMLElement {
  const checkbox = screen
    .getByText(title)
    .closest('.ant-tree-treenode')
    ?.querySelector<HTMLElement>('.ant-tree-checkbox');
  if (!checkbox) throw new Error(`no checkbox for ${title}`);
  return checkbox;
}
const checked = (title: string) => box(title).classList.contains('ant-tree-checkbox-checked');
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
const writes = (calls: Call[], path: string) => calls.filter((call) => call.path === path);

describe('operator grant form (实施人员)', { timeout: 30_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('requires a grant, then creates with the entries ticked on the provider menu and hands over the password', async () => {
    const calls = serve({
      '/agentStaff/getMenu': () => ok(providerMenu),
      '/agentStaff/create': () =>
        ok({ ...staff, id: '40', loginName: 'impl_new', name: '新人', password: 'Ab3dEf6hJk8m' }),
    });
    const onSaved = vi.fn();
    const onCreated = vi.fn();
    renderWithProviders(
      <StaffFormDrawer web={web} record={null} onClose={() => undefined} onSaved={onSaved} onCreated={onCreated} />,
    );
    await screen.findByText('门店列表');
    type('登录名', 'impl_new');
    type('姓名', '新人');
    save();
    expect(await screen.findByText('请至少选择一项菜单权限')).toBeTruthy();
    expect(writes(calls, '/agentStaff/create')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: '展开全部' }));
    fireEvent.click(box('查看列表'));
    fireEvent.click(box('重启网关'));
    expect(checked('删除')).toBe(false);
    save();
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    // A ticked action brings its page and directory; the unticked 删除 stays out.
    expect(writes(calls, '/agentStaff/create')[0]?.body).toEqual({
      loginName: 'impl_new',
      name: '新人',
      phone: '',
      email: '',
      menuIds: ['1', '2', '3', '5', '6', '7'],
    });
    expect(onCreated).toHaveBeenCalledWith(
      expect.objectContaining({ loginName: 'impl_new', password: 'Ab3dEf6hJk8m' }),
    );
  });

  it('edits from the full record: the current grant shows ticked, the update carries grant and version', async () => {
    const calls = serve({
      '/agentStaff/getMenu': () => ok(providerMenu),
      '/agentStaff/get': () => ok({ ...staff, version: 5, menuIds: ['1', '2', '3'] }),
      '/agentStaff/update': () => ok({ ...staff, menuIds: ['1', '2', '3', '4'] }),
    });
    const onSaved = vi.fn();
    renderWithProviders(
      <StaffFormDrawer web={web} record={staff} onClose={() => undefined} onSaved={onSaved} onCreated={vi.fn()} />,
    );
    await waitFor(() => expect(screen.getByLabelText('登录名')).toHaveProperty('value', 'impl_li'));
    expect(screen.getByLabelText('登录名')).toHaveProperty('disabled', true);
    await screen.findByText('门店列表');
    fireEvent.click(screen.getByRole('button', { name: '展开全部' }));
    expect(checked('查看列表')).toBe(true);
    expect(checked('删除')).toBe(false);
    fireEvent.click(box('删除'));
    save();
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(writes(calls, '/agentStaff/update')[0]?.body).toEqual({
      id: '31',
      version: 5,
      name: '李工',
      phone: '',
      email: '',
      menuIds: ['1', '2', '3', '4'],
    });
  });

  it('says so when the provider menu cannot be loaded, and retries', async () => {
    let fail = true;
    serve({
      '/agentStaff/getMenu': () =>
        fail ? { errCode: 500000, errMsg: '服务器内部错误', data: null } : ok(providerMenu),
    });
    renderWithProviders(
      <StaffFormDrawer web={web} record={null} onClose={() => undefined} onSaved={vi.fn()} onCreated={vi.fn()} />,
    );
    expect(await screen.findByText('菜单目录加载失败')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByText('门店列表')).toBeTruthy();
  });
});
