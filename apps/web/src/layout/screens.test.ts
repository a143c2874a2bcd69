import { describe, expect, it } from 'vitest';
import { type Screen, findScreen, menuScreen, resolveConsolePath, screens } from './screens';

const load: Screen['load'] = () => Promise.resolve({ default: () => null });
const agentMgt: Screen = { name: 'agentMgt', path: '/userMgt/agentMgt', title: '服务商管理', load };
const dashboard: Screen = {
  name: 'Dashboard',
  path: '/dashboard',
  title: '首页',
  affix: true,
  alwaysAllowed: true,
  load,
};
const tree = [
  {
    name: 'userMgt',
    path: '/userMgt',
    title: '用户管理',
    icon: '',
    hidden: false,
    redirect: '/userMgt/agentMgt',
    children: [
      { name: 'agentMgt', path: '/userMgt/agentMgt', title: '服务商管理', icon: '', hidden: false, children: [] },
    ],
  },
];

describe('screen registry', () => {
  it('registers 首页 as the pinned, always-allowed /dashboard', () => {
    expect(findScreen('/dashboard')).toMatchObject({ title: '首页', affix: true, alwaysAllowed: true });
    expect(findScreen('/dashboard/')).toBe(findScreen('/dashboard'));
  });

  it('takes menu screens’ names and titles from the catalogue', () => {
    expect(menuScreen('/userMgt/agentMgt', load)).toMatchObject({ name: 'agentMgt', title: '服务商管理' });
    expect(menuScreen('/userMgt/agentMgt', null)).toBeNull();
    expect(() => menuScreen('/not/in/catalogue', load)).toThrow();
  });

  it('has one screen per path', () => {
    const paths = screens.map((screen) => screen.path);
    expect(new Set(paths).size).toBe(paths.length);
  });
});

describe('resolveConsolePath', () => {
  it('shows a permitted screen, redirects a directory, refuses a screen not granted (401), and 404s the rest', () => {
    expect(resolveConsolePath('/userMgt/agentMgt', [dashboard, agentMgt], tree)).toEqual({
      kind: 'screen',
      screen: agentMgt,
    });
    expect(resolveConsolePath('/userMgt', [dashboard, agentMgt], tree)).toEqual({
      kind: 'redirect',
      to: '/userMgt/agentMgt',
    });
    expect(resolveConsolePath('/userMgt/agentMgt', [dashboard], [])).toEqual({ kind: 'forbidden' });
    expect(resolveConsolePath('/userMgt/agentMgt', [dashboard], [], [dashboard])).toEqual({ kind: 'notFound' });
    expect(resolveConsolePath('/nothing', [dashboard, agentMgt], tree)).toEqual({ kind: 'notFound' });
  });
});
