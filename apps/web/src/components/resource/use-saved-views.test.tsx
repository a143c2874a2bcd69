import type { SavedView } from '@console/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSavedViews } from './use-saved-views';
import type { TablePrefs } from './table-prefs';

const prefs: TablePrefs = { hidden: ['note'], order: ['name'], widths: { name: 150 }, density: 'small' };

function renderViews() {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(new Response(JSON.stringify({ errCode: 0, errMsg: '成功', data: { list: [] } })))),
  );
  const setPrefs = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <App>{children}</App>
    </QueryClientProvider>
  );
  const { result } = renderHook(
    () =>
      useSavedViews({
        listKey: 'kiosk',
        // Not a plain address: opening applies no default view, so only the test's calls reach setPrefs.
        initialSearch: '?page=1',
        state: { filters: {}, size: 20, offset: 1 },
        prefs,
        setState: () => undefined,
        setPrefs,
        filters: [],
      }),
    { wrapper },
  );
  return { result, setPrefs };
}

const view = (columns: SavedView['state']['columns']): SavedView => ({
  id: '5',
  listKey: 'kiosk',
  name: '视图',
  state: { filters: {}, size: 20, columns },
  unavailable: [],
  share: 'private',
  roleId: null,
  mine: true,
  ownerName: '我',
  isDefault: false,
  version: 1,
  updatedAt: '2026-11-20T02:00:00.000Z',
});

describe('saved views and column widths', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('captures the current widths with the order and hidden columns', () => {
    const { result } = renderViews();
    expect(result.current.capture().columns).toEqual({ order: ['name'], hidden: ['note'], widths: { name: 150 } });
  });

  it("applying a view writes its widths into the prefs, replacing the operator's own", () => {
    const { result, setPrefs } = renderViews();
    act(() => result.current.apply(view({ order: [], hidden: [], widths: { place: 90 } })));
    expect(setPrefs).toHaveBeenLastCalledWith({ hidden: [], order: [], widths: { place: 90 }, density: 'small' });
  });
});
