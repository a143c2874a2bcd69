import type { SaasMenu } from '@console/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { BrowserRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ThemeProvider } from '../../components/theme-provider';
import { useSession } from '../../stores/session';
import SaasMenuPage from './saas-menu-page';

const menu = (id: string, parentId: string | null, over: Partial<SaasMenu>): SaasMenu => ({
  id,
  version: 4,
  parentId,
  url: `custom${id}`,
  title: `菜单${id}`,
  icon: '',
  path: '',
  sort: 1,
  hidden: 0,
  kind: 2,
  scope: 'platform',
  ...over,
});

const platformRows = [
  menu('1', null, { kind: 1, url: 'userMgt', title: '用户管理', icon: 'TeamOutlined', path: '/userMgt' }),
  menu('2', '1', { url: 'agentMgt', title: '服务商管理', path: '/userMgt/agentMgt' }),
  menu('3', '2', { kind: 3, url: 'custom.audit', title: '自定义审计' }),
];
const agentRows = [menu('9', null, { kind: 1, url: 'storeManage', title: '门店管理', scope: 'agent' })];

type Answer = { errCode: number; errMsg: string; data: unknown };
const ok = (data: unknown): Answer => ({ errCode: 0, errMsg: '成功', data });

function serve(update: () => Answer) {
  const calls: { path: string; body: Record<string, unknown> }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      const path = new URL(url, 'http://x').pathname.replace(/^\/api/, '');
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : {};
      calls.push({ path, body });
      const answers: Record<string, () => Answer> = {
        '/saasMenu/page': () => {
          const list = body.scope === 'agent' ? agentRows : platformRows;
          return ok({ total: list.length, list });
        },
        '/saasMenu/update': update,
        '/saasMenu/get': () => ok({ ...platformRows[1], title: '别人改的标题', version: 5 }),
      };
      return Promise.resolve(new Response(JSON.stringify(answers[path]?.() ?? ok(null))));
    }),
  );
  return calls;
}

function renderPage() {
  window.history.replaceState(null, '', '/systemConfig/saasMenu');
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ThemeProvider>
        {/* The browser's own history: the screen writes its view into the address bar. */}
        <BrowserRouter>
          <SaasMenuPage />
        </BrowserRouter>
      </ThemeProvider>
    </QueryClientProvider>,
  );
}

const rowOf = async (title: string) => (await screen.findByText(title)).closest('tr')!;

describe('菜单管理', { timeout: 60_000 }, () => {
  beforeEach(() =>
    useSession.setState({
      permissions: new Set(['saasMenu.page', 'saasMenu.get', 'saasMenu.create', 'saasMenu.update', 'saasMenu.delete']),
    }),
  );
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the tree, deletes only added leaves, and switches to the provider scope', async () => {
    const calls = serve(() => ok(null));
    renderPage();
    const builtIn = await rowOf('服务商管理');
    expect(within(builtIn).getByRole('button', { name: /删\s*除/ })).toHaveProperty('disabled', true);
    expect(screen.queryByText('自定义审计')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '展开全部' }));
    const added = await rowOf('自定义审计');
    expect(within(added).getByRole('button', { name: /删\s*除/ })).toHaveProperty('disabled', false);

    fireEvent.click(screen.getByText('服务商菜单'));
    expect(await screen.findByText('门店管理')).toBeTruthy();
    expect(calls.filter((call) => call.path === '/saasMenu/page').at(-1)?.body).toMatchObject({ scope: 'agent' });
    expect(window.location.search).toBe('?scope=agent');
  });

  it('a stale version keeps what was typed, says why, and can load the newest data', async () => {
    const calls = serve(() => ({ errCode: 409001, errMsg: '数据已被他人修改，请刷新后重试', data: null }));
    renderPage();
    fireEvent.click(within(await rowOf('服务商管理')).getByRole('button', { name: /编\s*辑/ }));
    const title = await screen.findByDisplayValue('服务商管理');
    // Code and path of a built-in entry are the catalogue's: not editable here.
    expect(screen.getByDisplayValue('agentMgt')).toHaveProperty('disabled', true);
    fireEvent.change(title, { target: { value: '供应商管理' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('数据已被他人修改')).toBeTruthy();
    const sent = calls.find((call) => call.path === '/saasMenu/update')?.body;
    expect(sent).toEqual({ id: '2', version: 4, title: '供应商管理', icon: '', sort: 1, hidden: 0 });
    expect(screen.getByDisplayValue('供应商管理')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '载入最新数据' }));
    expect(await screen.findByDisplayValue('别人改的标题')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('数据已被他人修改')).toBeNull());
  });

  it('adds an action under a page with the server’s create call', async () => {
    const calls = serve(() => ok(null));
    renderPage();
    fireEvent.click(within(await rowOf('服务商管理')).getByRole('button', { name: '新增下级' }));
    const drawer = await screen.findByRole('dialog', { name: '新增平台菜单' });
    expect(within(drawer).getByText('操作')).toBeTruthy();
    fireEvent.change(within(drawer).getByLabelText('标题'), { target: { value: '导出对账单' } });
    fireEvent.change(within(drawer).getByLabelText('权限码'), { target: { value: 'agent.exportBill' } });
    fireEvent.click(within(drawer).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(calls.find((call) => call.path === '/saasMenu/create')).toBeTruthy());
    expect(calls.find((call) => call.path === '/saasMenu/create')?.body).toEqual({
      scope: 'platform',
      parentId: '2',
      kind: 3,
      url: 'agent.exportBill',
      path: '',
      title: '导出对账单',
      icon: '',
      sort: 1,
      hidden: 0,
    });
  });

  it('refuses an empty title on the client with the contract’s message', async () => {
    const calls = serve(() => ok(null));
    renderPage();
    fireEvent.click(within(await rowOf('服务商管理')).getByRole('button', { name: /编\s*辑/ }));
    fireEvent.change(await screen.findByDisplayValue('服务商管理'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('请输入标题')).toBeTruthy();
    expect(calls.some((call) => call.path === '/saasMenu/update')).toBe(false);
  });
});
