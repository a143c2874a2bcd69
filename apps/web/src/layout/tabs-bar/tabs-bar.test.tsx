import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useTabsStore } from '../../stores/tabs';
import { ThemeProvider } from '../theme-provider';
import { TabsBar } from './tabs-bar';

function Harness() {
  const location = useLocation();
  const views = useTabsStore((state) => state.views);
  return (
    <>
      <TabsBar views={views} activePath={`${location.pathname}${location.search}`} />
      <output data-testid="location">{`${location.pathname}${location.search}`}</output>
    </>
  );
}

function renderAt(path: string) {
  return render(
    <ThemeProvider>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="*" element={<Harness />} />
        </Routes>
      </MemoryRouter>
    </ThemeProvider>,
  );
}

const location = () => screen.getByTestId('location').textContent;
const tab = (name: string) => screen.getByRole('tab', { name: new RegExp(name) });

describe('tab bar', () => {
  afterEach(cleanup);
  beforeEach(() => {
    const tabs = useTabsStore.getState();
    tabs.reset();
    tabs.open({ path: '/dashboard', name: 'Dashboard', title: '首页', affix: true });
    tabs.open({ path: '/a', name: 'a', title: '页面甲' });
    tabs.open({ path: '/b?x=1', name: 'b', title: '页面乙' });
  });

  it('is a tablist whose active tab is selected; the pinned tab has no close button', () => {
    renderAt('/b?x=1');
    expect(screen.getByRole('tablist')).toBeTruthy();
    expect(screen.getAllByRole('tab')).toHaveLength(3);
    expect(tab('页面乙').getAttribute('aria-selected')).toBe('true');
    expect(tab('页面甲').getAttribute('aria-selected')).toBe('false');
    expect(within(tab('首页')).queryByRole('button')).toBeNull();
    expect(within(tab('页面甲')).getByRole('button', { name: '关闭 页面甲' })).toBeTruthy();
  });

  it('clicking a tab navigates to its full path', () => {
    renderAt('/a');
    fireEvent.click(tab('页面乙'));
    expect(location()).toBe('/b?x=1');
  });

  it('closing the active tab goes to the most recently used one left', () => {
    renderAt('/b?x=1');
    fireEvent.click(within(tab('页面乙')).getByRole('button', { name: '关闭 页面乙' }));
    expect(useTabsStore.getState().views.map((view) => view.path)).toEqual(['/dashboard', '/a']);
    expect(location()).toBe('/a');
  });

  it('a middle click closes a tab, but never the pinned one', () => {
    renderAt('/dashboard');
    fireEvent.mouseUp(tab('页面甲'), { button: 1 });
    fireEvent.mouseUp(tab('首页'), { button: 1 });
    expect(useTabsStore.getState().views.map((view) => view.path)).toEqual(['/dashboard', '/b?x=1']);
    expect(location()).toBe('/dashboard');
  });

  it('the right-click menu closes others, closes all and refreshes through /redirect', async () => {
    renderAt('/a');
    fireEvent.contextMenu(tab('页面乙'));
    fireEvent.click(await screen.findByText('关闭其他'));
    expect(useTabsStore.getState().views.map((view) => view.path)).toEqual(['/dashboard', '/b?x=1']);
    expect(location()).toBe('/b?x=1');

    fireEvent.contextMenu(tab('页面乙'));
    fireEvent.click((await screen.findAllByText('刷新')).at(-1)!);
    expect(location()).toBe('/redirect/b?x=1');

    fireEvent.contextMenu(tab('首页'));
    fireEvent.click((await screen.findAllByText('关闭所有')).at(-1)!);
    await waitFor(() => expect(useTabsStore.getState().views.map((view) => view.path)).toEqual(['/dashboard']));
    expect(location()).toBe('/dashboard');
  });
});
