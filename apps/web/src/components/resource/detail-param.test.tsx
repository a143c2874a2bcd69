import { type AnyResource, baseFields, defineResource, filter } from '@console/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ThemeProvider } from '../theme-provider';
import { useSession } from '../../stores/session';
import { type WebResource, defineWebResource } from './define-web-resource';
import { detailOf, withDetail } from './detail-param';
import { loadedDrawer } from './loaded-drawer.testing';
import { ResourceListPage } from './resource-list-page';

const widget = defineResource({
  name: 'widget',
  prefix: '/widget',
  title: '部件',
  module: '测试',
  audience: 'platform',
  tenant: 'none',
  entity: z.object({ ...baseFields, name: z.string() }),
  filters: { keyword: filter(z.string().max(20), 'contains', { columns: ['name'] }) },
  actions: ['page', 'get'],
});
const widgetWeb = defineWebResource(widget, {
  fields: { name: { label: '名称' } },
  columns: ['name'],
  rowTitle: (row) => row.name,
});
const row = (id: number) => ({
  id: String(id),
  name: `部件${id}`,
  createdAt: '2026-11-20T02:00:00.000Z',
  updatedAt: '2026-11-20T02:00:00.000Z',
  version: 1,
});
const ok = (data: unknown) => ({ errCode: 0, errMsg: '成功', data });

function serve(get: (id: string) => unknown) {
  const paths: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      const parsed = new URL(url, 'http://x');
      const path = parsed.pathname.replace(/^\/api/, '');
      paths.push(path);
      let answer: unknown = ok(null);
      if (path === '/widget/page') answer = ok({ total: 2, list: [row(1), row(2)] });
      if (path === '/widget/get') answer = get(parsed.searchParams.get('id') ?? '');
      return Promise.resolve(new Response(JSON.stringify(answer)));
    }),
  );
  return paths;
}

function renderAt(address: string) {
  window.history.replaceState(null, '', address);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ThemeProvider>
        <BrowserRouter>
          <Routes>
            <Route
              path="/widgets"
              element={<ResourceListPage web={widgetWeb as unknown as WebResource<AnyResource, never>} />}
            />
          </Routes>
        </BrowserRouter>
      </ThemeProvider>
    </QueryClientProvider>,
  );
}

describe('?detail=<id>: a list opened at a record’s detail', { timeout: 30_000 }, () => {
  // The drawer's code loads on first use: loaded once here, so each test waits only for its data.
  beforeAll(async () => {
    await import('./resource-detail-drawer');
  });
  beforeEach(() => useSession.setState({ permissions: new Set(['widget.page', 'widget.get']) }));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    window.localStorage.clear();
  });

  it('reads and writes the parameter beside the list’s own', () => {
    expect(withDetail('?keyword=a', '7')).toBe('?keyword=a&detail=7');
    expect(withDetail('', '7')).toBe('?detail=7');
    expect(withDetail('?keyword=a', null)).toBe('?keyword=a');
    expect(detailOf('?detail=12&page=2')).toBe('12');
    expect(detailOf('?detail=abc')).toBeNull();
    expect(detailOf('?detail=0')).toBeNull();
  });

  it('opens a record on the first page without asking for it again, and keeps it in the address', async () => {
    const paths = serve(() => ok(null));
    renderAt('/widgets?detail=2');
    // The first drawer of the run renders slowly on a busy machine: a longer wait than loadedDrawer's.
    await screen.findByText('部件详情：部件2', {}, { timeout: 8000 });
    const drawer = await loadedDrawer();
    expect(paths).not.toContain('/widget/get');
    await waitFor(() => expect(new URLSearchParams(window.location.search).get('detail')).toBe('2'));
    fireEvent.click(within(drawer).getByRole('button', { name: /close|关闭/i }));
    await waitFor(() => expect(new URLSearchParams(window.location.search).get('detail')).toBeNull());
  });

  it('reads a record that is not on the page by its get endpoint', async () => {
    const paths = serve((id) => ok(row(Number(id))));
    renderAt('/widgets?detail=99');
    const drawer = await loadedDrawer();
    expect(within(drawer).getByText('部件详情：部件99')).toBeTruthy();
    expect(paths).toContain('/widget/get');
  });

  it('opens nothing when the record is not found', async () => {
    const paths = serve(() => ({ errCode: 404001, errMsg: '记录不存在', data: null }));
    renderAt('/widgets?detail=98');
    await waitFor(() => expect(paths).toContain('/widget/get'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.querySelector('.ant-drawer-open')).toBeNull();
  });
});
