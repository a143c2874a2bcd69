import type { LoginResult, MenuTreeNode } from '@console/contract';
import Cookies from 'js-cookie';
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../lib/api/feedback', () => ({
  feedback: () => ({
    message: { error: vi.fn(), success: vi.fn(), warning: vi.fn(), info: vi.fn() },
    modal: { confirm: vi.fn() },
  }),
}));

import { DEFAULT_AVATAR, avatarUrl } from '../lib/avatar';
import { NoPermissionError, useSession } from './session';
import { useTabsStore } from './tabs';

const result: LoginResult = {
  token: 'tok-abc',
  changePsw: 0,
  adminType: 1,
  userInfo: { id: '12', name: '王小明', loginName: 'agent1', agentId: '3', headImg: 'cdn.example.com/a.png' },
  agentAdminDirect: 0,
};

const page = (url: string, path: string, children: MenuTreeNode[] = []): MenuTreeNode => ({
  id: url,
  url,
  title: url,
  icon: '',
  path,
  kind: path ? 2 : 3,
  hidden: false,
  children,
});

const user = (adminType: number, agentId: string | null) => ({
  id: '12',
  name: '王小明',
  loginName: 'agent1',
  adminType,
  agentId,
  headImg: '',
  changePsw: 0,
  agentAdminDirect: 0,
  phone: '',
  email: '',
  lastLoginAt: null,
});

type Route = (url: string, init: RequestInit) => unknown;
function serve(route: Route) {
  const fetchMock = vi.fn((url: string, init: RequestInit) =>
    Promise.resolve(new Response(JSON.stringify(route(url, init)), { status: 200 })),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
const ok = (data: unknown) => ({ errCode: 0, errMsg: '成功', data });

beforeEach(() => {
  vi.unstubAllGlobals();
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: '/' });
  localStorage.clear();
  useSession.getState().clearLocal();
});

describe('session store', () => {
  it('login keeps the token in SaaS-Token and the profile cookies of spec section 9', () => {
    useSession.getState().login({ ...result, changePsw: 1 });
    const state = useSession.getState();
    expect(state.token).toBe('tok-abc');
    expect(Cookies.get('SaaS-Token')).toBe('tok-abc');
    expect(JSON.parse(Cookies.get('userInfo') ?? '{}')).toMatchObject({ name: '王小明', agentId: '3' });
    expect(Cookies.get('adminType')).toBe('1');
    expect(Cookies.get('agentAdminDirect')).toBe('0');
    expect(Cookies.get('username')).toBe('agent1');
    expect(localStorage.getItem('changePsw')).toBe('1');
    expect(state.changePsw).toBe(true);
    expect(state.avatar).toBe('http://cdn.example.com/a.png');
    expect(state.roles).toEqual([]);
  });

  it('loads a provider operator’s menus from getAICMenu with their agent id', async () => {
    useSession.getState().login(result);
    const fetchMock = serve((url) =>
      url.startsWith('/api/adminLogin/info')
        ? ok(user(1, '3'))
        : ok([
            page('businessManage', '/businessManage', [
              page('businessManagement', '/businessManage/businessManagement', [page('enterprise.create', '')]),
            ]),
          ]),
    );
    await useSession.getState().loadPermissions();
    // The menu is asked for alongside the profile (the sign-in cookies name the provider).
    expect(fetchMock.mock.calls.map(([url]) => url).sort()).toEqual([
      '/api/adminLogin/info',
      '/api/agentMenu/getAICMenu?aic=3',
    ]);
    const state = useSession.getState();
    expect(state.roles).toEqual(['businessManage', 'businessManagement']);
    expect(state.permissions.has('enterprise.create')).toBe(true);
    expect(state.avatar).toBe(DEFAULT_AVATAR);
  });

  it('loads a platform admin’s menus from getMenuList', async () => {
    useSession.getState().login({ ...result, adminType: 0 });
    const fetchMock = serve((url) =>
      url.startsWith('/api/adminLogin/info') ? ok(user(0, null)) : ok([page('agentMgt', '/userMgt/agentMgt')]),
    );
    await useSession.getState().loadPermissions();
    expect(fetchMock.mock.calls.map(([url]) => url).sort()).toEqual([
      '/api/adminLogin/info',
      '/api/saasRole/getMenuList',
    ]);
    expect(useSession.getState().roles).toEqual(['agentMgt']);
  });

  it('asks again for the menu of the profile when the sign-in cookies named another audience', async () => {
    // Signed in as a platform admin, but the server now says this account is provider 3's.
    useSession.getState().login({ ...result, adminType: 0 });
    const fetchMock = serve((url) =>
      url.startsWith('/api/adminLogin/info') ? ok(user(1, '3')) : ok([page('agentMgt', '/userMgt/agentMgt')]),
    );
    await useSession.getState().loadPermissions();
    const urls = fetchMock.mock.calls.map(([url]) => url);
    expect(urls.slice(0, 2).sort()).toEqual(['/api/adminLogin/info', '/api/saasRole/getMenuList']);
    expect(urls[2]).toBe('/api/agentMenu/getAICMenu?aic=3');
    expect(useSession.getState().adminType).toBe(1);
  });

  it('refuses an empty permission list', async () => {
    useSession.getState().login(result);
    serve((url) => (url.startsWith('/api/adminLogin/info') ? ok(user(1, '3')) : ok([])));
    await expect(useSession.getState().loadPermissions()).rejects.toBeInstanceOf(NoPermissionError);
    expect(useSession.getState().roles).toEqual([]);
  });

  it('logout calls the server and clears token, roles, user data and tabs, keeping 记住账号 and 记住密码', async () => {
    useSession.getState().login(result);
    Cookies.set('rememberPassword', '1', { path: '/' });
    Cookies.set('loginName', 'agent1', { path: '/' });
    useTabsStore
      .getState()
      .open({ path: '/businessManage/businessManagement', name: 'businessManagement', title: '企业管理' });
    const fetchMock = serve(() => ok(null));
    await useSession.getState().logout();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/adminLogin/logout');
    expect((init.headers as Record<string, string>).token).toBe('tok-abc');
    expect(JSON.parse(init.body as string)).toEqual({});
    const state = useSession.getState();
    expect(state.token).toBeUndefined();
    expect(state.roles).toEqual([]);
    expect(state.userInfo).toBeNull();
    for (const name of ['SaaS-Token', 'userInfo', 'adminType', 'agentAdminDirect', 'username']) {
      expect(Cookies.get(name)).toBeUndefined();
    }
    expect(Cookies.get('loginName')).toBe('agent1');
    expect(Cookies.get('rememberPassword')).toBe('1');
    expect(useTabsStore.getState().views).toEqual([]);
  });

  it('logout still signs out locally when the server cannot be reached', async () => {
    useSession.getState().login(result);
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('offline'))),
    );
    await useSession.getState().logout();
    expect(useSession.getState().token).toBeUndefined();
    expect(Cookies.get('SaaS-Token')).toBeUndefined();
  });

  it('resetToken clears the token and roles only', async () => {
    useSession.getState().login(result);
    serve((url) => (url.startsWith('/api/adminLogin/info') ? ok(user(1, '3')) : ok([page('agentMgt', '/x')])));
    await useSession.getState().loadPermissions();
    useSession.getState().resetToken();
    const state = useSession.getState();
    expect(state.token).toBeUndefined();
    expect(Cookies.get('SaaS-Token')).toBeUndefined();
    expect(state.roles).toEqual([]);
    expect(state.name).toBe('王小明');
  });

  it('errCode 5000 on any call forgets the session', async () => {
    useSession.getState().login(result);
    serve(() => ({ errCode: 5000, errMsg: '登录已过期，请重新登录', data: null }));
    await expect(useSession.getState().loadPermissions()).rejects.toMatchObject({ errCode: 5000 });
    expect(useSession.getState().token).toBeUndefined();
  });
});

describe('avatarUrl', () => {
  it('adds http:// to a bare host path, keeps full and site URLs, and defaults when empty', () => {
    expect(avatarUrl('img.example.com/u/1.png')).toBe('http://img.example.com/u/1.png');
    expect(avatarUrl('https://img.example.com/1.png')).toBe('https://img.example.com/1.png');
    expect(avatarUrl('HTTP://img.example.com/1.png')).toBe('HTTP://img.example.com/1.png');
    expect(avatarUrl('/uploads/1.png')).toBe('/uploads/1.png');
    expect(avatarUrl('')).toBe(DEFAULT_AVATAR);
    expect(avatarUrl('  ')).toBe(DEFAULT_AVATAR);
    expect(avatarUrl(null)).toBe(DEFAULT_AVATAR);
  });
});
