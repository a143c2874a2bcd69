import type { MenuTreeNode, SearchGroup } from '@console/contract';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ThemeProvider } from '../../components/theme-provider';
import { useSession } from '../../stores/session';
import { RECENT_LIMIT, readRecent, rememberRecent } from './recent-searches';
import { SearchButton } from './search-button';

const page = (id: string, url: string, path: string, title: string): MenuTreeNode => ({
  id,
  url,
  path,
  title,
  icon: '',
  kind: 2,
  hidden: false,
  children: [],
});
const tree: MenuTreeNode[] = [
  {
    id: '1',
    url: 'userMgt',
    path: '/userMgt',
    title: '用户管理',
    icon: '',
    kind: 1,
    hidden: false,
    children: [page('2', 'seeStore', '/userMgt/seeStore', '门店管理')],
  },
];

const storeGroup: SearchGroup = {
  kind: 'store',
  resource: 'store',
  title: '门店',
  filter: 'keyword',
  hits: [
    { id: '11', title: '星河门店', detail: 'S0011 · 13900001111' },
    { id: '12', title: '星河二店', detail: 'S0012' },
  ],
  more: true,
};
// A list the operator has no screen for: left out, not shown as a dead end.
const orphanGroup: SearchGroup = { ...storeGroup, kind: 'hardwareOrder', resource: 'hardwareOrder', title: '硬件订单' };

interface Call {
  q: string;
  signal: AbortSignal | undefined;
}

function serve(answer: (q: string) => Promise<SearchGroup[]> | SearchGroup[]) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      const parsed = new URL(url, 'http://x');
      if (parsed.pathname !== '/api/search') return Promise.resolve(new Response('{"errCode":0,"data":null}'));
      const q = parsed.searchParams.get('q') ?? '';
      calls.push({ q, signal: init.signal ?? undefined });
      return Promise.resolve(answer(q)).then(
        (groups) => new Response(JSON.stringify({ errCode: 0, errMsg: '成功', data: { groups } })),
      );
    }),
  );
  return calls;
}

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

function renderButton() {
  render(
    <ThemeProvider>
      <MemoryRouter initialEntries={['/dashboard']}>
        <SearchButton />
        <Where />
      </MemoryRouter>
    </ThemeProvider>,
  );
}

const pressCtrlK = () => fireEvent.keyDown(window, { key: 'k', ctrlKey: true });
const box = () => screen.findByRole('combobox', {}, { timeout: 8000 });
const options = () => within(screen.getByRole('listbox')).queryAllByRole('option');

describe('Ctrl+K command palette', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    // The palette is its own chunk: loaded once, so each test waits only for its own work.
    await import('./command-palette');
  });
  beforeEach(() => {
    useSession.setState({
      adminType: 0,
      menuTree: tree,
      name: '测试',
      userInfo: { id: '5', name: '测试', loginName: 'tester', agentId: null, headImg: '' },
    });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    window.localStorage.clear();
  });

  it('opens from Ctrl+K and the 搜索 button, and closes with Esc', async () => {
    serve(() => []);
    renderButton();
    pressCtrlK();
    const input = await box();
    await waitFor(() => expect(document.activeElement).toBe(input));
    fireEvent.keyDown(input, { key: 'Escape' });
    await waitFor(() => expect(document.querySelector('.command-palette .ant-modal')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: '搜索' }));
    expect(await box()).toBeTruthy();
  });

  it('asks once typing pauses, and cancels the request of a text that changed', async () => {
    let release: (groups: SearchGroup[]) => void = () => undefined;
    const calls = serve((q) => (q === '星河' ? new Promise((resolve) => (release = resolve)) : [storeGroup]));
    renderButton();
    pressCtrlK();
    const input = await box();
    fireEvent.change(input, { target: { value: '星' } });
    fireEvent.change(input, { target: { value: '星河' } });
    await waitFor(() => expect(calls.map((c) => c.q)).toEqual(['星河']));
    fireEvent.change(input, { target: { value: '星河门' } });
    await waitFor(() => expect(calls.map((c) => c.q)).toEqual(['星河', '星河门']));
    expect(calls[0]?.signal?.aborted).toBe(true);
    act(() => release([orphanGroup]));
    expect(await screen.findByText('星河门店')).toBeTruthy();
  });

  it('groups records by kind under Chinese labels with 查看全部, menu entries first, and leaves out lists without a screen', async () => {
    serve(() => [storeGroup, orphanGroup]);
    renderButton();
    pressCtrlK();
    fireEvent.change(await box(), { target: { value: '门店' } });
    await screen.findByText('星河门店');
    const list = screen.getByRole('listbox');
    expect(within(list).getByText('菜单')).toBeTruthy();
    expect(within(list).getByText('门店')).toBeTruthy();
    expect(within(list).queryByText('硬件订单')).toBeNull();
    expect(options().map((o) => o.textContent)).toEqual([
      '门店管理用户管理',
      '星河门店S0011 · 13900001111',
      '星河二店S0012',
      '查看全部',
    ]);
  });

  it('moves with the arrow keys and opens the record’s detail on Enter, then offers the search as recent', async () => {
    serve(() => [storeGroup]);
    renderButton();
    pressCtrlK();
    const input = await box();
    fireEvent.change(input, { target: { value: '星河' } });
    await screen.findByText('星河门店');
    expect(options()[0]?.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(options()[1]?.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    // Wraps to the last entry: 查看全部, the list filtered by the text.
    expect(options()[2]?.textContent).toBe('查看全部');
    expect(options()[2]?.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/userMgt/seeStore?detail=11'));
    expect(readRecent('5')).toEqual(['星河']);

    pressCtrlK();
    const again = await box();
    await waitFor(() => expect(options().map((o) => o.textContent)).toEqual(['星河']));
    fireEvent.keyDown(again, { key: 'Enter' });
    expect((again as HTMLInputElement).value).toBe('星河');
    await screen.findByText('星河门店');
    fireEvent.keyDown(again, { key: 'ArrowUp' });
    fireEvent.keyDown(again, { key: 'Enter' });
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe('/userMgt/seeStore?keyword=%E6%98%9F%E6%B2%B3'),
    );
  });

  it('keeps at most 8 recent searches per account, newest first, without repeats', () => {
    for (let i = 1; i <= 10; i += 1) rememberRecent('5', `第${i}次`);
    rememberRecent('5', '第9次');
    expect(readRecent('5')).toHaveLength(RECENT_LIMIT);
    expect(readRecent('5').slice(0, 3)).toEqual(['第9次', '第10次', '第8次']);
    expect(readRecent('6')).toEqual([]);
  });
});
