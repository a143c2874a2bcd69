import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ThemeProvider } from '../../components/theme-provider';
import { useSession } from '../../stores/session';
import OperationLogPage from './operation-log-page';
import { loadedDrawer } from '../../components/resource/loaded-drawer.testing';

const SCREEN = '/operationLog/operationLog';

const logRow = {
  id: '41',
  operatorId: '1',
  operatorName: '超级管理员(admin)',
  adminType: 0,
  agentId: null,
  module: 'IP 限制',
  action: '修改IP 限制',
  method: 'POST',
  path: '/api/ipRestriction/update',
  targetId: '7',
  result: 1,
  errMsg: '',
  ip: '10.0.0.8',
  userAgent: 'Mozilla/5.0 测试浏览器',
  durationMs: 12,
  at: '2026-11-20T02:00:00.000Z',
};
const logDetail = {
  ...logRow,
  params: { query: {}, body: { id: '7', version: 2, remark: '新备注', status: 0 } },
  changes: [
    { field: 'remark', before: '旧备注', after: '新备注' },
    { field: 'status', before: 1, after: 0 },
    { field: 'secretLevel', before: 1, after: 2 },
  ],
};
const loginRow = {
  id: '9',
  loginName: 'zhangsan',
  adminId: null,
  ip: '10.1.1.1',
  userAgent:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
  client: 'Chrome 156 · Windows',
  result: 0,
  reason: '密码错误',
  at: '2026-11-21T01:00:00.000Z',
};

const lockRow = {
  id: '5',
  loginName: 'lisi',
  sourceKind: 1,
  ip: '10.2.2.2',
  failures: 6,
  lastFailureAt: '2026-11-21T01:00:00.000Z',
  lockedUntil: '2026-11-21T01:04:00.000Z',
};

type Answer = { errCode: number; errMsg: string; data: unknown };
const ok = (data: unknown): Answer => ({ errCode: 0, errMsg: '成功', data });

function serve() {
  const calls: { path: string; query: URLSearchParams; body: Record<string, unknown> }[] = [];
  const answers: Record<string, () => Answer> = {
    '/operationLog/page': () => ok({ total: 1, list: [logRow] }),
    '/operationLog/get': () => ok(logDetail),
    '/loginLog/page': () => ok({ total: 1, list: [loginRow] }),
    '/signInLock/page': () => ok({ total: 1, list: [lockRow] }),
  };
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : {};
      const parsed = new URL(url, 'http://x');
      const path = parsed.pathname.replace(/^\/api/, '');
      calls.push({ path, query: parsed.searchParams, body });
      return Promise.resolve(new Response(JSON.stringify(answers[path]?.() ?? ok(null))));
    }),
  );
  return (path: string) => calls.filter((call) => call.path === path);
}

function renderAt(address: string, ...permissions: string[]) {
  useSession.setState({ permissions: new Set(permissions) });
  window.history.replaceState(null, '', address);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ThemeProvider>
        {/* The browser's own history: the screen writes its view into the address bar. */}
        <BrowserRouter>
          <Routes>
            <Route path={SCREEN} element={<OperationLogPage />} />
          </Routes>
        </BrowserRouter>
      </ThemeProvider>
    </QueryClientProvider>,
  );
}

const both = ['operationLog.page', 'loginLog.page'];

describe('操作日志 screen', { timeout: 40_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('is read-only: no create, edit or delete, only 查看', async () => {
    serve();
    renderAt(SCREEN, ...both);
    const row = (await screen.findByText('超级管理员(admin)')).closest('tr')!;
    expect(within(row).getByRole('button', { name: /查\s*看/ })).toBeTruthy();
    expect(within(row).queryByRole('button', { name: /编\s*辑|删\s*除/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /新增/ })).toBeNull();
  });

  it('shows the request and each changed field before and after, labelled from the contract', async () => {
    const calls = serve();
    renderAt(SCREEN, ...both);
    const row = (await screen.findByText('超级管理员(admin)')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: /查\s*看/ }));
    const drawer = await loadedDrawer();
    expect(within(drawer).getByText('操作日志详情：修改IP 限制（超级管理员(admin)）')).toBeTruthy();
    expect(within(drawer).getByText('Mozilla/5.0 测试浏览器')).toBeTruthy();
    const changes = await within(drawer).findByRole('region', { name: '字段变更' });
    expect(calls('/operationLog/get')[0]?.query.get('id')).toBe('41');
    const rows = within(changes).getAllByRole('row');
    expect(rows.map((tr) => tr.textContent)).toEqual([
      '字段修改前修改后',
      '备注旧备注新备注',
      // An enum shows its labels, not its numbers.
      '状态启用停用',
      // A field the contract has no label for keeps its name and raw values.
      'secretLevel12',
    ]);
    const request = within(drawer).getByRole('region', { name: '请求参数' });
    expect(request.querySelector('pre')?.textContent).toBe(JSON.stringify(logDetail.params, null, 2));
  });

  it('filters by module from the contract and keeps the filters in the address', async () => {
    const calls = serve();
    renderAt(`${SCREEN}?module=IP%20%E9%99%90%E5%88%B6&result=0`, ...both);
    await waitFor(() => expect(calls('/operationLog/page')).toHaveLength(1));
    expect(calls('/operationLog/page')[0]?.body).toMatchObject({ module: 'IP 限制', result: 0, offset: 1 });
    expect(await screen.findByTitle('IP 限制')).toBeTruthy();
    expect(new URLSearchParams(window.location.search).get('tab')).toBeNull();
  });

  it('opens the tab the address names, with its filters, and writes each tab into the address', async () => {
    const calls = serve();
    renderAt(`${SCREEN}?tab=loginLog&loginName=zhang`, ...both);
    expect(await screen.findByText('zhangsan')).toBeTruthy();
    expect(calls('/loginLog/page')[0]?.body).toMatchObject({ loginName: 'zhang' });
    expect(calls('/operationLog/page')).toHaveLength(0);
    expect(window.location.search).toBe('?tab=loginLog&loginName=zhang');

    // The other tab starts without the first one's filters, and the address follows the shown tab.
    fireEvent.click(screen.getByRole('tab', { name: '操作日志' }));
    await waitFor(() => expect(calls('/operationLog/page')).toHaveLength(1));
    expect(calls('/operationLog/page')[0]?.body).not.toHaveProperty('loginName');
    await waitFor(() => expect(window.location.search).toBe(''));
    fireEvent.click(screen.getByRole('tab', { name: '登录日志' }));
    await waitFor(() => expect(window.location.search).toBe('?tab=loginLog&loginName=zhang'));
  });

  it('shows only the tabs the operator is permitted, and asks nothing of the others', async () => {
    const calls = serve();
    renderAt(SCREEN, 'loginLog.page');
    expect(await screen.findByText('zhangsan')).toBeTruthy();
    expect(screen.queryByRole('tab', { name: '操作日志' })).toBeNull();
    expect(calls('/operationLog/page')).toHaveLength(0);
    // A link to a tab the operator may not see falls back to one they may.
    cleanup();
    renderAt(`${SCREEN}?tab=loginLog`, 'operationLog.page');
    expect(await screen.findByText('超级管理员(admin)')).toBeTruthy();
    expect(screen.queryByRole('tab', { name: '登录日志' })).toBeNull();
    expect(calls('/loginLog/page')).toHaveLength(1);
  });

  it('follows live permission changes: a tab taken away gives way to the one left, and comes back', async () => {
    const calls = serve();
    renderAt(SCREEN, ...both);
    expect(await screen.findByText('超级管理员(admin)')).toBeTruthy();
    act(() => useSession.setState({ permissions: new Set(['loginLog.page']) }));
    expect(await screen.findByText('zhangsan')).toBeTruthy();
    expect(screen.queryByRole('tab', { name: '操作日志' })).toBeNull();
    expect(calls('/loginLog/page')).toHaveLength(1);
    act(() => useSession.setState({ permissions: new Set() }));
    expect(await screen.findByText('暂无权限')).toBeTruthy();
    // Opened before any grant, the screen shows its tabs once they are granted, without a reload.
    cleanup();
    renderAt(SCREEN);
    expect(await screen.findByText('暂无权限')).toBeTruthy();
    act(() => useSession.setState({ permissions: new Set(both) }));
    expect(await screen.findByRole('tab', { name: '操作日志' })).toBeTruthy();
    expect(screen.queryByText('暂无权限')).toBeNull();
  });

  it('shows browser and system in the sign-in log, and the full user agent in its detail', async () => {
    serve();
    renderAt(`${SCREEN}?tab=loginLog`, ...both);
    const row = (await screen.findByText('zhangsan')).closest('tr')!;
    expect(within(row).getByText('Chrome 156 · Windows')).toBeTruthy();
    expect(within(row).queryByText(loginRow.userAgent)).toBeNull();
    fireEvent.click(within(row).getByRole('button', { name: /查\s*看/ }));
    const drawer = await loadedDrawer();
    expect(within(drawer).getByText(loginRow.userAgent)).toBeTruthy();
  });

  it('登录锁定 lists locked pairs and lifts one after confirmation, with its permission only', async () => {
    const calls = serve();
    renderAt(`${SCREEN}?tab=signInLocks`, ...both, 'signInLock.page', 'signInLock.unlock');
    const row = (await screen.findByText('lisi')).closest('tr')!;
    expect(within(row).getByText('IP 地址')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: /解除锁定/ }));
    expect(await screen.findByText(/确定解除「lisi」从IP 10\.2\.2\.2的登录锁定吗？/)).toBeTruthy();
    expect(calls('/signInLock/unlock')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(calls('/signInLock/unlock')).toHaveLength(1));
    expect(calls('/signInLock/unlock')[0]?.query.get('id')).toBe('5');

    cleanup();
    renderAt(`${SCREEN}?tab=signInLocks`, 'signInLock.page');
    const readOnly = (await screen.findByText('lisi')).closest('tr')!;
    expect(within(readOnly).queryByRole('button', { name: /解除锁定/ })).toBeNull();
  });
});
