import { beforeEach, describe, expect, it } from 'vitest';
import { TAB_LIMIT, TABS_STORAGE_KEY, useTabsStore } from './tabs';

const home = { path: '/dashboard', name: 'dashboard', title: '首页', affix: true };
const page = (n: number) => ({ path: `/p/${n}`, name: `p${n}`, title: `页面${n}` });
const paths = () => useTabsStore.getState().views.map((view) => view.path);

describe('tabs store', () => {
  beforeEach(() => {
    sessionStorage.clear();
    useTabsStore.getState().reset();
  });

  it('keeps at most five visited views plus pinned ones, dropping the least recently used', () => {
    const { open } = useTabsStore.getState();
    open(home);
    for (let n = 1; n <= TAB_LIMIT; n += 1) open(page(n));
    open(page(1)); // re-activating /p/1 makes /p/2 the least recently used
    open(page(6));
    expect(paths()).toEqual(['/dashboard', '/p/1', '/p/3', '/p/4', '/p/5', '/p/6']);
    expect(paths().filter((path) => path !== '/dashboard')).toHaveLength(TAB_LIMIT);
  });

  it('does not duplicate a view opened twice and keeps pinned views first', () => {
    const { open } = useTabsStore.getState();
    open(page(1));
    open(home);
    open(page(1));
    expect(paths()).toEqual(['/dashboard', '/p/1']);
  });

  it('never closes a pinned view', () => {
    const state = useTabsStore.getState();
    state.open(home);
    state.open(page(1));
    state.open(page(2));
    expect(state.close('/dashboard').map((view) => view.path)).toEqual(['/dashboard', '/p/1', '/p/2']);
    state.close('/p/1');
    expect(paths()).toEqual(['/dashboard', '/p/2']);
    state.open(page(3));
    state.closeOthers('/p/3');
    expect(paths()).toEqual(['/dashboard', '/p/3']);
    state.closeAll();
    expect(paths()).toEqual(['/dashboard']);
  });

  it('refresh bumps only that view key', () => {
    const state = useTabsStore.getState();
    state.open(page(1));
    state.open(page(2));
    state.refresh('/p/2');
    state.refresh('/p/2');
    expect(useTabsStore.getState().views.map((view) => view.key)).toEqual([0, 2]);
  });

  it('persists open views in session storage and restores them', async () => {
    useTabsStore.getState().open(page(7));
    const stored = JSON.parse(sessionStorage.getItem(TABS_STORAGE_KEY) ?? '{}') as {
      state: { views: { path: string }[] };
    };
    expect(stored.state.views.map((view) => view.path)).toEqual(['/p/7']);
    const saved = sessionStorage.getItem(TABS_STORAGE_KEY) ?? '';
    // Wipe memory only, as a reload does; setState itself would overwrite the stored copy.
    useTabsStore.setState({ views: [] });
    sessionStorage.setItem(TABS_STORAGE_KEY, saved);
    await useTabsStore.persist.rehydrate();
    expect(paths()).toEqual(['/p/7']);
  });

  it('reset forgets every view, pinned ones included', () => {
    const state = useTabsStore.getState();
    state.open(home);
    state.open(page(1));
    state.reset();
    expect(paths()).toEqual([]);
  });

  describe('one tab per screen', () => {
    const agents = { name: 'agentMgt', title: '服务商管理' };
    const views = () => useTabsStore.getState().views.map(({ path, key }) => ({ path, key }));

    it('an address with filters is the same tab as the bare path (search, F5, 重置)', () => {
      const state = useTabsStore.getState();
      state.open(home);
      expect(state.open({ ...agents, path: '/userMgt/agentMgt' })).toBe('/userMgt/agentMgt');
      // The list writes its search into the address: the tab follows, nothing remounts.
      state.follow('/userMgt/agentMgt?name=%E6%9D%AD');
      // F5 opens the same address again.
      expect(state.open({ ...agents, path: '/userMgt/agentMgt?name=%E6%9D%AD' })).toBe(
        '/userMgt/agentMgt?name=%E6%9D%AD',
      );
      // 重置 leaves the plain address.
      state.follow('/userMgt/agentMgt');
      expect(paths()).toEqual(['/dashboard', '/userMgt/agentMgt']);
      expect(views()[1]?.key).toBe(0);
    });

    it('the bare path returns to the screen as it was; another query shows that view, remounted', () => {
      const state = useTabsStore.getState();
      state.open({ ...agents, path: '/userMgt/agentMgt?page=2' });
      expect(state.open({ ...agents, path: '/userMgt/agentMgt' })).toBe('/userMgt/agentMgt?page=2');
      expect(views()).toEqual([{ path: '/userMgt/agentMgt?page=2', key: 0 }]);
      expect(state.open({ ...agents, path: '/userMgt/agentMgt?page=3' })).toBe('/userMgt/agentMgt?page=3');
      expect(views()).toEqual([{ path: '/userMgt/agentMgt?page=3', key: 1 }]);
    });

    it('closes and refreshes a screen by any of its addresses', () => {
      const state = useTabsStore.getState();
      state.open({ ...agents, path: '/userMgt/agentMgt?page=2' });
      state.refresh('/userMgt/agentMgt');
      expect(views()).toEqual([{ path: '/userMgt/agentMgt?page=2', key: 1 }]);
      state.close('/userMgt/agentMgt?page=9');
      expect(paths()).toEqual([]);
    });

    it('a session stored with two tabs of one screen comes back with one, the latest', async () => {
      const stored = (path: string, visitedAt: number) => ({ ...agents, path, affix: false, key: 0, visitedAt });
      sessionStorage.setItem(
        TABS_STORAGE_KEY,
        JSON.stringify({
          state: { views: [stored('/userMgt/agentMgt', 1), stored('/p/1', 2), stored('/userMgt/agentMgt?name=x', 3)] },
          version: 0,
        }),
      );
      await useTabsStore.persist.rehydrate();
      expect(paths()).toEqual(['/p/1', '/userMgt/agentMgt?name=x']);
    });
  });
});
