import type { MenuTreeNode } from '@console/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { catalogue } from '../../components/menu-tree/menu-tree-fixture';
import { ThemeProvider } from '../../components/theme-provider';
import { useSession } from '../../stores/session';
import AgentMgtPage from './agent-mgt-page';

const agent = (id: string, name: string, status: number) => ({
  id,
  version: 1,
  agentNo: `FW00${id}`,
  name,
  kind: 1,
  contactName: '联系人',
  contactPhone: '13900001111',
  region: '浙江省/杭州市',
  address: '',
  level: 3,
  status,
  openedAt: '2026-11-01T02:00:00.000Z',
  expireAt: null,
  webPrice: null,
  staffAppletPrice: null,
  remark: '',
  direct: 0,
  createdAt: '2026-11-01T02:00:00.000Z',
  updatedAt: '2026-11-01T02:00:00.000Z',
});

const ok = (data: unknown) => ({ errCode: 0, errMsg: '成功', data });

/** Answers by path; records each call's path, query and body. */
function serve(grants: Record<string, MenuTreeNode[]>) {
  const calls: { path: string; query: URLSearchParams; body: Record<string, unknown> }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      const parsed = new URL(url, 'http://x');
      const path = parsed.pathname.replace(/^\/api/, '');
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : {};
      calls.push({ path, query: parsed.searchParams, body });
      const answers: Record<string, () => unknown> = {
        '/agent/page': () => ({ total: 2, list: [agent('11', '悦泉服务商', 1), agent('12', '冻结服务商', 2)] }),
        '/agentMenu/getMenu': () => catalogue,
        '/agentMenu/getAICMenu': () => grants[parsed.searchParams.get('aic') ?? ''] ?? [],
      };
      return Promise.resolve(new Response(JSON.stringify(ok(answers[path]?.() ?? null))));
    }),
  );
  return calls;
}

function renderPage() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ThemeProvider>
        <MemoryRouter initialEntries={['/userMgt/agentMgt']}>
          <AgentMgtPage />
        </MemoryRouter>
      </ThemeProvider>
    </QueryClientProvider>,
  );
}

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr')!;
const treeCheckbox = (title: string) =>
  screen.getByText(title).closest('.ant-tree-treenode')!.querySelector<HTMLElement>('.ant-tree-checkbox')!;
const saveButton = () => screen.getByRole('button', { name: /保\s*存/ });

describe('服务商管理', { timeout: 60_000 }, () => {
  beforeEach(() =>
    useSession.setState({
      permissions: new Set(['agent.page', 'agent.get', 'agent.freeze', 'agentMenu.get', 'agentMenu.update']),
    }),
  );
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('offers 冻结 on active providers and 解冻 on frozen ones, each after a confirmation that says what happens', async () => {
    const calls = serve({});
    renderPage();
    const active = await rowOf('悦泉服务商');
    const frozen = await rowOf('冻结服务商');
    expect(within(frozen).queryByRole('button', { name: /冻\s*结/ })).toBeNull();
    expect(within(active).queryByRole('button', { name: /解\s*冻/ })).toBeNull();

    fireEvent.click(within(active).getByRole('button', { name: /^冻\s*结$/ }));
    expect(await screen.findByText(/冻结后其全部操作员立即被强制下线/)).toBeTruthy();
    expect(calls.some((call) => call.path === '/agent/freeze')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(calls.find((call) => call.path === '/agent/freeze')).toBeTruthy());
    const freeze = calls.find((call) => call.path === '/agent/freeze')!;
    expect(Object.fromEntries(freeze.query)).toEqual({ id: '11', freeze: '1' });
  });

  it('grants menus to a provider without any with create, ticked pages taking their actions and directory', async () => {
    const calls = serve({});
    renderPage();
    fireEvent.click(within(await rowOf('悦泉服务商')).getByRole('button', { name: '菜单权限' }));
    expect(await screen.findByText('已选 0 / 3 个页面')).toBeTruthy();
    expect(saveButton()).toHaveProperty('disabled', true);
    fireEvent.click(treeCheckbox('企业列表'));
    fireEvent.click(saveButton());
    await waitFor(() => expect(calls.find((call) => call.path === '/agentMenu/create')).toBeTruthy());
    expect(calls.find((call) => call.path === '/agentMenu/create')?.body).toEqual({
      aic: '11',
      menuIds: ['1', '2', '3', '4'],
    });
  });

  it('replaces existing grants with update, and clearing them all asks first, then deletes', async () => {
    // getAICMenu answers the granted entries only: 日志 › 操作日志 › 查看.
    const granted: MenuTreeNode[] = [catalogue[1]!];
    const calls = serve({ '12': granted });
    renderPage();
    fireEvent.click(within(await rowOf('冻结服务商')).getByRole('button', { name: '菜单权限' }));
    expect(await screen.findByText('已选 1 / 3 个页面')).toBeTruthy();
    // A frozen provider's operators cannot sign in whatever it is granted: the drawer says so.
    expect(screen.getByText('该服务商当前不是正常状态')).toBeTruthy();
    fireEvent.click(treeCheckbox('门店'));
    fireEvent.click(saveButton());
    await waitFor(() => expect(calls.find((call) => call.path === '/agentMenu/update')).toBeTruthy());
    expect(calls.find((call) => call.path === '/agentMenu/update')?.body).toEqual({
      aic: '12',
      menuIds: ['1', '5', '6', '7', '8'],
    });

    await waitFor(() => expect(screen.queryByText(/已选/)).toBeNull());
    fireEvent.click(within(await rowOf('冻结服务商')).getByRole('button', { name: '菜单权限' }));
    await screen.findByText(/已选 \d+ \/ 3 个页面/);
    fireEvent.click(screen.getByRole('button', { name: /清\s*空/ }));
    fireEvent.click(saveButton());
    expect(await screen.findByText('清空后该服务商的操作员将无法登录控制台。')).toBeTruthy();
    expect(calls.some((call) => call.path === '/agentMenu/delete')).toBe(false);
    fireEvent.click(screen.getAllByRole('button', { name: /清\s*空/ }).at(-1)!);
    await waitFor(() => expect(calls.find((call) => call.path === '/agentMenu/delete')).toBeTruthy());
    expect(calls.find((call) => call.path === '/agentMenu/delete')?.query.get('aic')).toBe('12');
  });
});
