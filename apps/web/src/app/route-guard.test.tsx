import type { MenuTreeNode } from '@console/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp } from 'antd';
import Cookies from 'js-cookie';
import { RouterProvider, createMemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../lib/api/feedback', () => ({
  feedback: () => ({
    message: { error: vi.fn(), success: vi.fn(), warning: vi.fn(), info: vi.fn() },
    modal: { confirm: vi.fn() },
  }),
}));

import { useSession } from '../stores/session';
import { RouteGuard } from './route-guard';

function Where() {
  const location = useLocation();
  return <div data-testid="where">{`${location.pathname}${location.search}`}</div>;
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        element: <RouteGuard />,
        children: [
          { path: '/login', element: <Where /> },
          { path: '/register', element: <Where /> },
          { path: '/404', element: <Where /> },
          { path: '*', element: <Where /> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AntApp>
        <RouterProvider router={router} />
      </AntApp>
    </QueryClientProvider>,
  );
  return router;
}

const tree: MenuTreeNode[] = [
  {
    id: '1',
    url: 'agentMgt',
    title: '服务商管理',
    icon: '',
    path: '/userMgt/agentMgt',
    kind: 2,
    hidden: false,
    children: [],
  },
];
const info = {
  id: '1',
  name: '管理员',
  loginName: 'admin',
  adminType: 0,
  agentId: null,
  headImg: '',
  changePsw: 0,
  agentAdminDirect: 0,
  phone: '',
  email: '',
  lastLoginAt: null,
};

const site = { platformName: '门店云平台', servicePhone: '', serviceEmail: '', serviceQr: '', helpCenterUrl: '' };

function serve(menus: MenuTreeNode[] | 'fail', profile: typeof info = info) {
  const fetchMock = vi.fn((url: string) => {
    const body = url.startsWith('/api/systemConfig/site')
      ? { errCode: 0, errMsg: '成功', data: site }
      : url.startsWith('/api/adminLogin/info')
        ? menus === 'fail'
          ? { errCode: 500000, errMsg: '服务器开小差了，请稍后再试', data: null }
          : { errCode: 0, errMsg: '成功', data: profile }
        : { errCode: 0, errMsg: '成功', data: menus };
    return Promise.resolve(new Response(JSON.stringify(body)));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The calls other than the site information every page asks for. */
function sessionCalls(fetchMock: ReturnType<typeof serve>): string[] {
  return fetchMock.mock.calls.map(([url]) => url).filter((url) => !url.startsWith('/api/systemConfig/site'));
}

function signedIn() {
  useSession.getState().login({
    token: 'tok',
    changePsw: 0,
    adminType: 0,
    userInfo: { id: '1', name: '管理员', loginName: 'admin', agentId: null, headImg: '' },
    agentAdminDirect: 0,
  });
}

afterEach(cleanup);

beforeEach(() => {
  vi.unstubAllGlobals();
  serve([]);
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: '/' });
  localStorage.clear();
  useSession.getState().clearLocal();
});

describe('route guard', () => {
  it('sends a visitor without a token to /login?redirect= with the path and query', async () => {
    renderAt('/userMgt/agentMgt?status=1');
    expect((await screen.findByTestId('where')).textContent).toBe(
      `/login?redirect=${encodeURIComponent('/userMgt/agentMgt?status=1')}`,
    );
  });

  it('lets a visitor without a token open public pages', async () => {
    renderAt('/register');
    expect((await screen.findByTestId('where')).textContent).toBe('/register');
  });

  it('sends a signed-in operator away from /login to the console root', async () => {
    signedIn();
    serve(tree);
    renderAt('/login');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/'));
  });

  it('sends a signed-in operator at /login?redirect= to that path', async () => {
    signedIn();
    serve(tree);
    renderAt(`/login?redirect=${encodeURIComponent('/userMgt/agentMgt?status=1')}`);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/userMgt/agentMgt?status=1'));
  });

  it('loads the profile and menus before showing a console path', async () => {
    signedIn();
    const fetchMock = serve(tree);
    renderAt('/userMgt/agentMgt');
    expect(screen.getByText('正在加载权限…')).toBeTruthy();
    expect((await screen.findByTestId('where')).textContent).toBe('/userMgt/agentMgt');
    expect(sessionCalls(fetchMock).sort()).toEqual(['/api/adminLogin/info', '/api/saasRole/getMenuList']);
    expect(useSession.getState().roles).toEqual(['agentMgt']);
  });

  it('clears the token and returns to /login?redirect= when loading fails', async () => {
    signedIn();
    serve('fail');
    renderAt('/userMgt/agentMgt');
    expect((await screen.findByTestId('where')).textContent).toBe(
      `/login?redirect=${encodeURIComponent('/userMgt/agentMgt')}`,
    );
    expect(useSession.getState().token).toBeUndefined();
    expect(Cookies.get('SaaS-Token')).toBeUndefined();
  });

  it('keeps the session and stays put when the first load is aborted, then loads on the next navigation', async () => {
    signedIn();
    let abortInfo = true;
    const fetchMock = vi.fn((url: string) => {
      if (url.startsWith('/api/adminLogin/info') && abortInfo) {
        // What fetch does when the browser cancels the request as the operator leaves.
        return Promise.reject(new DOMException('The user aborted a request.', 'AbortError'));
      }
      const data = url.startsWith('/api/systemConfig/site')
        ? site
        : url.startsWith('/api/adminLogin/info')
          ? info
          : tree;
      return Promise.resolve(new Response(JSON.stringify({ errCode: 0, errMsg: '成功', data })));
    });
    vi.stubGlobal('fetch', fetchMock);
    const router = renderAt('/userMgt/agentMgt');
    await waitFor(() => expect(sessionCalls(fetchMock)).toContain('/api/adminLogin/info'));
    // Let the rejection reach the guard before judging that nothing happened.
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(useSession.getState().token).toBe('tok');
    expect(Cookies.get('SaaS-Token')).toBe('tok');
    expect(router.state.location.pathname).toBe('/userMgt/agentMgt');
    expect(screen.queryByTestId('where')).toBeNull();

    abortInfo = false;
    await act(async () => {
      await router.navigate('/dashboard');
    });
    expect((await screen.findByTestId('where')).textContent).toBe('/dashboard');
    expect(useSession.getState().roles).toEqual(['agentMgt']);
    expect(useSession.getState().token).toBe('tok');
  });

  it('keeps the session on a network failure, shows 网络连接失败 and loads again on 重试', async () => {
    signedIn();
    let offline = true;
    const fetchMock = vi.fn((url: string) => {
      if (offline && !url.startsWith('/api/systemConfig/site')) return Promise.reject(new TypeError('Failed to fetch'));
      const data = url.startsWith('/api/systemConfig/site')
        ? site
        : url.startsWith('/api/adminLogin/info')
          ? info
          : tree;
      return Promise.resolve(new Response(JSON.stringify({ errCode: 0, errMsg: '成功', data })));
    });
    vi.stubGlobal('fetch', fetchMock);
    const router = renderAt('/userMgt/agentMgt?status=1');
    expect(await screen.findByText('网络连接失败', {}, { timeout: 3000 })).toBeTruthy();
    expect(useSession.getState().token).toBe('tok');
    expect(Cookies.get('SaaS-Token')).toBe('tok');
    expect(router.state.location.pathname).toBe('/userMgt/agentMgt');

    offline = false;
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect((await screen.findByTestId('where')).textContent).toBe('/userMgt/agentMgt?status=1');
    expect(useSession.getState().roles).toEqual(['agentMgt']);
  });

  it('runs one load for overlapping callers', async () => {
    signedIn();
    const fetchMock = serve(tree);
    const first = useSession.getState().loadPermissions();
    const second = useSession.getState().loadPermissions();
    expect(second).toBe(first);
    await first;
    expect(sessionCalls(fetchMock).sort()).toEqual(['/api/adminLogin/info', '/api/saasRole/getMenuList']);
    // Once settled, a later call loads again (the permissions may have changed).
    await useSession.getState().loadPermissions();
    expect(sessionCalls(fetchMock)).toHaveLength(4);
  });

  it('shows 该账号没有权限 for an empty list, then signs out to /login', async () => {
    signedIn();
    const fetchMock = serve([]);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderAt('/dashboard');
      expect(await screen.findByText('该账号没有权限')).toBeTruthy();
      expect(useSession.getState().token).toBe('tok');
      await act(async () => {
        await vi.advanceTimersByTimeAsync(3000);
      });
      await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/login'));
      expect(useSession.getState().token).toBeUndefined();
      expect(sessionCalls(fetchMock)).toContain('/api/adminLogin/logout');
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows only the change-password dialog while the account must set a new password', async () => {
    signedIn();
    serve(tree, { ...info, changePsw: 1 });
    renderAt('/userMgt/agentMgt');
    expect(await screen.findByText('请先修改初始密码')).toBeTruthy();
    expect(screen.queryByTestId('where')).toBeNull();
  });

  it('titles the page {route title} - {platform name from system configuration}', async () => {
    renderAt('/register');
    await screen.findByTestId('where');
    await waitFor(() => expect(document.title).toBe('服务商注册 - 门店云平台'));
  });
});
