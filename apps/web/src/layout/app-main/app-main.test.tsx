import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Screen } from '../screens';
import type { TabView } from '../../stores/tabs';
import { AppMain } from './app-main';

function FilterScreen() {
  const { search } = useLocation();
  return (
    <label>
      筛选{search}
      <input aria-label={`筛选${search}`} />
    </label>
  );
}

const screenDef = (path: string): Screen => ({
  name: path,
  path,
  title: path,
  load: () => Promise.resolve({ default: FilterScreen }),
});
const view = (path: string, key = 0): TabView => ({ path, name: path, title: path, affix: false, key, visitedAt: 0 });

let queryClient = new QueryClient();
const progressBar = () => screen.queryByRole('progressbar', { name: '页面加载中' });

function renderMain(views: TabView[], activePath: string, load?: Screen['load']) {
  const open = views.map((v) => {
    const screen = screenDef(v.path.split('?')[0] ?? v.path);
    return { view: v, screen: load ? { ...screen, load } : screen };
  });
  return (
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/elsewhere?not=mine']}>
        <AppMain views={open} activePath={activePath} />
      </MemoryRouter>
    </QueryClientProvider>
  );
}

describe('kept-alive tabs', () => {
  afterEach(cleanup);
  beforeEach(() => {
    queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  });

  it('keeps a hidden tab mounted with its input, and each tab sees its own query', async () => {
    const tabs = [view('/list?page=1'), view('/other?page=9')];
    const { rerender } = render(renderMain(tabs, '/list?page=1'));
    const input = await screen.findByLabelText('筛选?page=1');
    fireEvent.change(input, { target: { value: '杭州' } });

    rerender(renderMain(tabs, '/other?page=9'));
    await screen.findByLabelText('筛选?page=9');
    expect(input.closest('section')?.style.display).toBe('none');

    rerender(renderMain(tabs, '/list?page=1'));
    const again = screen.getByLabelText<HTMLInputElement>('筛选?page=1');
    expect(again).toBe(input);
    expect(again.value).toBe('杭州');
    expect(again.closest('section')?.style.display).not.toBe('none');
  });

  it('loads a tab opened in the background only when it is first shown, then keeps it', async () => {
    const loads: string[] = [];
    const counted = (path: string): Screen => ({
      ...screenDef(path),
      load: () => {
        loads.push(path);
        return Promise.resolve({ default: FilterScreen });
      },
    });
    const tabs = [view('/bg-home'), view('/bg-list')];
    const main = (activePath: string) => (
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <AppMain views={tabs.map((v) => ({ view: v, screen: counted(v.path) }))} activePath={activePath} />
        </MemoryRouter>
      </QueryClientProvider>
    );
    const { rerender } = render(main('/bg-list'));
    await screen.findByLabelText('筛选');
    expect(loads).toEqual(['/bg-list']);
    rerender(main('/bg-home'));
    await act(() => Promise.resolve());
    expect(loads).toEqual(['/bg-list', '/bg-home']);
    rerender(main('/bg-list'));
    await act(() => Promise.resolve());
    expect(loads).toEqual(['/bg-list', '/bg-home']);
  });

  it('a refreshed tab (new key) mounts afresh, a closed tab is gone', async () => {
    const { rerender } = render(renderMain([view('/list')], '/list'));
    fireEvent.change(await screen.findByLabelText('筛选'), { target: { value: '旧值' } });
    rerender(renderMain([view('/list', 1)], '/list'));
    await act(() => Promise.resolve());
    expect((await screen.findByLabelText<HTMLInputElement>('筛选')).value).toBe('');
    rerender(renderMain([], '/list'));
    expect(screen.queryByLabelText('筛选')).toBeNull();
  });

  it('keeps the screen mounted while its address follows its own view (one tab per screen)', async () => {
    const { rerender } = render(renderMain([view('/list')], '/list'));
    const input = await screen.findByLabelText('筛选');
    fireEvent.change(input, { target: { value: '杭州' } });
    rerender(renderMain([view('/list?name=%E6%9D%AD%E5%B7%9E')], '/list?name=%E6%9D%AD%E5%B7%9E'));
    const again = await screen.findByLabelText<HTMLInputElement>('筛选?name=%E6%9D%AD%E5%B7%9E');
    expect(again).toBe(input);
    expect(again.value).toBe('杭州');
  });

  it('刷新 refetches the queries of the refreshed screen, not those of the shell around it', async () => {
    const fetched: string[] = [];
    function Loaded() {
      const { data } = useQuery({
        queryKey: ['list'],
        queryFn: () => {
          fetched.push('list');
          return Promise.resolve(`第 ${fetched.filter((key) => key === 'list').length} 次`);
        },
      });
      return <p>{data}</p>;
    }
    function Shell() {
      useQuery({
        queryKey: ['bell'],
        queryFn: () => {
          fetched.push('bell');
          return Promise.resolve(0);
        },
      });
      return null;
    }
    // A path of its own: screens' lazy components are cached by path.
    const load = () => Promise.resolve({ default: Loaded });
    const withShell = (key: number) => (
      <>
        {renderMain([view('/loaded', key)], '/loaded', load)}
        <QueryClientProvider client={queryClient}>
          <Shell />
        </QueryClientProvider>
      </>
    );
    const { rerender } = render(withShell(0));
    expect(await screen.findByText('第 1 次')).toBeTruthy();
    // A remount alone would serve the cached answer.
    rerender(withShell(1));
    expect(await screen.findByText('第 2 次')).toBeTruthy();
    await waitFor(() => expect(fetched.filter((key) => key === 'list')).toHaveLength(2));
    expect(fetched.filter((key) => key === 'bell')).toHaveLength(1);
  });

  it('shows the progress bar while a screen opened waits for its code, then for its first data', async () => {
    let arrive: (module: { default: () => React.JSX.Element }) => void = () => undefined;
    let answer: (rows: string) => void = () => undefined;
    function Waiting() {
      const { data } = useQuery({
        queryKey: ['first'],
        queryFn: () => new Promise<string>((resolve) => (answer = resolve)),
      });
      return <p>{data ?? '加载中'}</p>;
    }
    const load = () => new Promise<{ default: () => React.JSX.Element }>((resolve) => (arrive = resolve));
    render(renderMain([view('/waiting')], '/waiting', load));
    expect(progressBar()).toBeTruthy();
    await act(() => Promise.resolve(arrive({ default: Waiting })));
    expect(await screen.findByText('加载中')).toBeTruthy();
    expect(progressBar()).toBeTruthy();
    await act(() => Promise.resolve(answer('三行')));
    expect(await screen.findByText('三行')).toBeTruthy();
    await waitFor(() => expect(progressBar()).toBeNull());
  });
});
