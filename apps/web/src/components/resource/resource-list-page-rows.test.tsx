import { type AnyResource, baseFields, defineResource } from '@console/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { useSession } from '../../stores/session';
import { type FieldOverride, type WebResource, defineWebResource } from './define-web-resource';
import { ResourceListPage } from './resource-list-page';

// A wide screen: 15 text columns, 100 rows a page.
const names = ['c0', 'c1', 'c2', 'c3', 'c4', 'c5', 'c6', 'c7', 'c8', 'c9', 'c10', 'c11', 'c12', 'c13', 'c14'] as const;
const columnShape = Object.fromEntries(names.map((name) => [name, z.string().max(20)])) as Record<
  (typeof names)[number],
  z.ZodString
>;
const wideResource = defineResource({
  name: 'wide',
  prefix: '/wide',
  title: '宽表',
  module: '测试',
  audience: 'platform',
  tenant: 'none',
  entity: z.object({ ...baseFields, ...columnShape }),
  writable: names,
});

/** Every data cell of the table goes through this, so the test can count cell renders. */
const cellRender = vi.fn((value: unknown) => String(value));
const fields: Record<string, FieldOverride<unknown>> = Object.fromEntries(
  names.map((name, i) => [name, { label: `第${i + 1}列`, width: 100, render: cellRender }]),
);
const wideWeb = defineWebResource(wideResource, {
  fields,
  columns: names,
  pageSizes: [10, 20, 50, 100],
  rowTitle: (row) => row.id,
});

const rows = Array.from({ length: 100 }, (_, r) => ({
  id: String(r + 1),
  createdAt: '2026-11-20T02:00:00.000Z',
  updatedAt: '2026-11-20T02:00:00.000Z',
  version: 1,
  ...Object.fromEntries(names.map((name, c) => [name, `r${r + 1}c${c}`])),
}));

function serve() {
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      const path = new URL(url, 'http://x').pathname;
      const data = path === '/api/wide/page' ? { total: 1000, list: rows, nextCursor: 'n1' } : null;
      return Promise.resolve(new Response(JSON.stringify({ errCode: 0, errMsg: '成功', data })));
    }),
  );
}

function renderList(web: WebResource<AnyResource, never>) {
  window.history.replaceState(null, '', '/wide?size=100');
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <App>
        <MemoryRouter initialEntries={['/wide?size=100']}>
          <Routes>
            <Route path="/wide" element={<ResourceListPage web={web} />} />
          </Routes>
        </MemoryRouter>
      </App>
    </QueryClientProvider>,
  );
}

describe('a list page of 100 rows × 15 columns', { timeout: 120_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    cellRender.mockClear();
  });

  it('renders every row, and ticking rows or the whole page re-renders no data cell', async () => {
    useSession.setState({ permissions: new Set(['wide.page', 'wide.get', 'wide.update', 'wide.delete']) });
    serve();
    const { container } = renderList(wideWeb as never);
    await screen.findByText('r100c14');
    expect(container.querySelectorAll('tbody tr.ant-table-row')).toHaveLength(100);
    expect(container.querySelectorAll('tbody tr.ant-table-row td')).toHaveLength(100 * (15 + 2));
    // Not virtual at 100: every row is in the document for the browser's own scrolling.
    expect(container.querySelector('.ant-table-tbody-virtual')).toBeNull();
    // Late answers (the table settings) must not redraw the rows either.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const afterFirstRender = cellRender.mock.calls.length;
    expect(afterFirstRender).toBeGreaterThanOrEqual(1500);

    // Rows only: the table's hidden measure row repeats the header's select-all box.
    const checkboxes = container.querySelectorAll<HTMLInputElement>('tbody tr.ant-table-row .ant-checkbox-input');
    fireEvent.click(checkboxes[3]!);
    await waitFor(() => expect(screen.getByRole('button', { name: /批量删除（1）/ })).toBeTruthy());
    fireEvent.click(checkboxes[7]!);
    await waitFor(() => expect(screen.getByRole('button', { name: /批量删除（2）/ })).toBeTruthy());
    // Select-all, and all off again: the issue 7 interaction.
    const selectAll = container.querySelector<HTMLInputElement>('thead .ant-checkbox-input')!;
    fireEvent.click(selectAll);
    await waitFor(() => expect(screen.getByRole('button', { name: /批量删除（100）/ })).toBeTruthy());
    const ticked = () => [...checkboxes].filter((box) => box.checked).length;
    expect(ticked()).toBe(100);
    expect(selectAll.checked).toBe(true);
    fireEvent.click(selectAll);
    await waitFor(() => expect(ticked()).toBe(0));
    expect(cellRender.mock.calls.length - afterFirstRender).toBe(0);
  });
});
