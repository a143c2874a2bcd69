import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useEffect } from 'react';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useTabsStore } from '../../stores/tabs';
import { ThemeProvider } from '../../components/theme-provider';
import { TabsBar, stripScrollFor } from './tabs-bar';

function Harness() {
  const location = useLocation();
  const navigate = useNavigate();
  const views = useTabsStore((state) => state.views);
  const path = `${location.pathname}${location.search}`;
  // As the layout's tab sync does: the screen's tab opens in an effect, a render after its address.
  useEffect(() => {
    if (path.startsWith('/new')) useTabsStore.getState().open({ path, name: path, title: `新页面${path.slice(4)}` });
  }, [path]);
  return (
    <>
      <TabsBar views={views} activePath={path} />
      <output data-testid="location">{path}</output>
      <button type="button" onClick={() => void navigate('/new1')}>
        打开新页面
      </button>
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

describe('the strip scroll that shows a tab', () => {
  const strip = { scrollLeft: 100, clientWidth: 300 };
  it('moves right just enough to show a tab cut at the right edge, with a margin', () => {
    expect(stripScrollFor(strip, { offsetLeft: 350, offsetWidth: 80 })).toBe(350 + 80 + 12 - 300);
  });
  it('moves left to a tab before the visible part, never below 0', () => {
    expect(stripScrollFor(strip, { offsetLeft: 40, offsetWidth: 80 })).toBe(28);
    expect(stripScrollFor(strip, { offsetLeft: 4, offsetWidth: 80 })).toBe(0);
  });
  it('stays put when the tab is already in view', () => {
    expect(stripScrollFor(strip, { offsetLeft: 150, offsetWidth: 80 })).toBe(100);
  });
});

describe('tab bar', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });
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

  it('scrolls a newly opened tab into view, though it appears a render after its address', async () => {
    // jsdom lays nothing out: tabs are 100 px wide side by side in a 250 px strip.
    vi.spyOn(HTMLElement.prototype, 'offsetLeft', 'get').mockImplementation(function (this: HTMLElement) {
      const tabs = [...(this.parentElement?.children ?? [])];
      return this.getAttribute('role') === 'tab' ? tabs.indexOf(this) * 100 : 0;
    });
    vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockReturnValue(100);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(250);
    renderAt('/a');
    const strip = screen.getByRole('tablist');
    expect(strip.scrollLeft).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: '打开新页面' }));
    await waitFor(() => expect(tab('新页面1').getAttribute('aria-selected')).toBe('true'));
    // The fourth tab spans 300–400 px: the strip scrolls to show it whole with a 12 px margin.
    await waitFor(() => expect(strip.scrollLeft).toBe(400 + 12 - 250));
  });
});
