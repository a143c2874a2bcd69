import type { MenuTreeNode, SaasRole } from '@console/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WebResource } from '../../components/resource/define-web-resource';
import { saasRoleWeb } from '../../resources/saas-role';
import { RoleFormDrawer } from './role-form-drawer';
import { type Call, ok, renderWithProviders, serve } from './test-kit';

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
// 日志 › 操作日志 (查看, 导出) and 登录日志; 账号管理 › 账号列表.
const catalogue = [
  node('1', '日志', 1, [
    node('2', '操作日志', 2, [node('3', '查看', 3), node('4', '导出', 3)]),
    node('5', '登录日志', 2),
  ]),
  node('6', '账号管理', 1, [node('7', '账号列表', 2)]),
];

const web = { ...saasRoleWeb, formDrawer: RoleFormDrawer } as unknown as WebResource<never, SaasRole>;

function box(title: string): HTMLElement {
  const row = screen.getByText(title).closest('.ant-tree-treenode');
  const checkbox = row?.querySelector<HTMLElement>('.ant-tree-checkbox');
  if (!checkbox) throw new Error(`no checkbox for ${title}`);
  return checkbox;
}
const state = (title: string) =>
  box(title).classList.contains('ant-tree-checkbox-checked')
    ? 'checked'
    : box(title).classList.contains('ant-tree-checkbox-indeterminate')
      ? 'half'
      : 'none';

const save = () => fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
const writes = (calls: Call[], path: string) => calls.filter((call) => call.path === path);

describe('role drawer (角色)', { timeout: 30_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('sends the menus ticked on the tree: a page with its actions and its directory, half-ticked parents', async () => {
    const calls = serve({ '/saasRole/getMenu': () => ok(catalogue), '/saasRole/create': () => ok({ id: '9' }) });
    const onSaved = vi.fn();
    renderWithProviders(<RoleFormDrawer web={web} record={null} onClose={() => undefined} onSaved={onSaved} />);
    await screen.findByText('操作日志');
    fireEvent.click(screen.getByRole('button', { name: '展开全部' }));

    fireEvent.click(box('操作日志'));
    expect(state('操作日志')).toBe('checked');
    expect(state('查看')).toBe('checked');
    expect(state('日志')).toBe('half');
    expect(state('账号管理')).toBe('none');
    // Unticking one action leaves the page granted but only half-ticked.
    fireEvent.click(box('导出'));
    expect(state('操作日志')).toBe('half');

    fireEvent.change(screen.getByLabelText('角色名称'), { target: { value: '审计' } });
    fireEvent.change(screen.getByLabelText('角色编码'), { target: { value: 'audit' } });
    save();
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(writes(calls, '/saasRole/create')[0]?.body).toEqual({
      name: '审计',
      code: 'audit',
      sort: 0,
      status: 1,
      requireSecondFactor: 0,
      remark: '',
      menuIds: ['1', '2', '3'],
    });
  });

  it('refuses a code the contract refuses, before anything is sent', async () => {
    const calls = serve({ '/saasRole/getMenu': () => ok(catalogue) });
    renderWithProviders(<RoleFormDrawer web={web} record={null} onClose={() => undefined} onSaved={() => undefined} />);
    await screen.findByText('操作日志');
    fireEvent.change(screen.getByLabelText('角色名称'), { target: { value: '审计' } });
    fireEvent.change(screen.getByLabelText('角色编码'), { target: { value: '9号' } });
    save();
    expect(await screen.findByText('角色编码以字母开头，只能包含字母、数字、_ 和 -')).toBeTruthy();
    expect(writes(calls, '/saasRole/create')).toHaveLength(0);
  });

  it('edits a role from its full record: the granted menus show ticked, the update carries the version', async () => {
    const role = {
      id: '5',
      name: '运营',
      code: 'ops',
      sort: 2,
      status: 1,
      requireSecondFactor: 1,
      remark: '',
      createdAt: '2026-11-20T02:00:00.000Z',
      updatedAt: '2026-11-20T02:00:00.000Z',
      version: 4,
    } satisfies SaasRole;
    const calls = serve({
      '/saasRole/getMenu': () => ok(catalogue),
      '/saasRole/getById': () => ok({ ...role, menuIds: ['6', '7'] }),
      '/saasRole/update': () => ok({ ...role, menuIds: [] }),
    });
    const onSaved = vi.fn();
    renderWithProviders(<RoleFormDrawer web={web} record={role} onClose={() => undefined} onSaved={onSaved} />);
    await screen.findByText('账号列表');
    expect(state('账号管理')).toBe('checked');
    expect(within(document.body).getByLabelText('角色编码')).toHaveProperty('value', 'ops');

    expect(screen.getByRole('switch', { name: '要求两步验证' })).toHaveProperty('ariaChecked', 'true');
    fireEvent.click(box('账号管理'));
    save();
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(writes(calls, '/saasRole/getById')[0]?.query.get('id')).toBe('5');
    expect(writes(calls, '/saasRole/update')[0]?.body).toMatchObject({
      id: '5',
      version: 4,
      requireSecondFactor: 1,
      menuIds: [],
    });
  });
});
