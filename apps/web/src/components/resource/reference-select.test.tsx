import { baseFields, defineResource, id } from '@console/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { defineWebResource } from './define-web-resource';
import { loadedDrawer } from './loaded-drawer.testing';
import { REFERENCE_PAGE_SIZE, ReferenceSelect, referenceTo } from './reference-select';
import { ResourceFormDrawer } from './resource-form-drawer';

const shopResource = defineResource({
  name: 'shop',
  prefix: '/shop',
  title: '店铺',
  module: '测试',
  audience: 'platform',
  tenant: 'none',
  entity: z.object({ ...baseFields, name: z.string().min(1).max(20) }),
  writable: ['name'],
  filters: { keyword: { schema: z.string().max(20), op: 'contains', columns: ['name'] } },
});
const clerkResource = defineResource({
  name: 'clerk',
  prefix: '/clerk',
  title: '店员',
  module: '测试',
  audience: 'platform',
  tenant: 'none',
  entity: z.object({ ...baseFields, name: z.string().min(1).max(20), shopId: id, shopIds: z.array(id).max(10) }),
  writable: ['name', 'shopId', 'shopIds'],
});
const shops = referenceTo(shopResource, { label: 'name', search: 'keyword' });
const clerkWeb = defineWebResource(clerkResource, {
  fields: {
    name: { label: '姓名' },
    shopId: { label: '所属店铺', reference: shops },
    shopIds: { label: '兼管店铺', reference: shops },
  },
  columns: ['name'],
  rowTitle: (row) => row.name,
});

const shopNames: Record<string, string> = { '1': '一号店', '2': '二号店', '3': '北京三号店', '7': '七号店' };
const shopRow = (shopId: string) => ({ id: shopId, name: shopNames[shopId] });
/** The timestamps every record carries, so a test's record is the entity's own type. */
const stamps = { createdAt: '2026-12-01T00:00:00.000Z', updatedAt: '2026-12-01T00:00:00.000Z' };

/** A fake server for the shop endpoints; records each call. The first page holds shops 1–3 only. */
function serve() {
  const calls: { path: string; url: string; body: Record<string, unknown> }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : {};
      const parsed = new URL(url, 'http://x');
      const path = parsed.pathname.replace(/^\/api/, '');
      calls.push({ path, url, body });
      let data: unknown = null;
      if (path === '/shop/page') {
        const keyword = typeof body.keyword === 'string' ? body.keyword : '';
        const list = ['1', '2', '3'].filter((one) => shopNames[one]?.includes(keyword)).map(shopRow);
        data = { total: list.length, list };
      }
      if (path === '/shop/get') data = shopRow(parsed.searchParams.get('id') ?? '');
      return Promise.resolve(new Response(JSON.stringify({ errCode: 0, errMsg: '成功', data })));
    }),
  );
  return calls;
}

const wrap = (node: React.ReactNode) => (
  <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
    <App>{node}</App>
  </QueryClientProvider>
);
const pages = <C extends { path: string }>(calls: C[]) => calls.filter((call) => call.path === '/shop/page');
const open = (root: HTMLElement) => fireEvent.mouseDown(within(root).getByRole('combobox'));

describe('reference select', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('asks nothing until opened, then pages 20 at a time and searches the server once typing pauses', async () => {
    const calls = serve();
    const onChange = vi.fn();
    const { container } = render(wrap(<ReferenceSelect source={shops} onChange={onChange} />));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(calls).toHaveLength(0);

    open(container);
    await waitFor(() => expect(pages(calls)).toHaveLength(1));
    expect(pages(calls)[0]?.body).toEqual({ offset: 1, size: REFERENCE_PAGE_SIZE });
    expect(await screen.findByTitle('二号店')).toBeTruthy();

    const input = within(container).getByRole('combobox');
    fireEvent.change(input, { target: { value: '北' } });
    fireEvent.change(input, { target: { value: '北京' } });
    await waitFor(() => expect(pages(calls)).toHaveLength(2));
    // One request for the pause, with the last text: not one per keystroke.
    expect(pages(calls)[1]?.body).toEqual({ offset: 1, size: REFERENCE_PAGE_SIZE, keyword: '北京' });
    await waitFor(() => expect(screen.queryByTitle('二号店')).toBeNull());
    fireEvent.click(await screen.findByTitle('北京三号店'));
    expect(onChange).toHaveBeenCalledWith('3');
  });

  it('shows the label of a current value that is not on the first page, read by id', async () => {
    const calls = serve();
    const { container } = render(wrap(<ReferenceSelect source={shops} value="7" />));
    expect(await within(container).findByText('七号店')).toBeTruthy();
    expect(calls.map((call) => call.url)).toEqual(['/api/shop/get?id=7']);
  });

  it('shows the name the edited record carries for an id that get does not answer (平台直营), without asking', async () => {
    const calls = serve();
    const record = { ...stamps, id: '9', name: '张三', shopId: '99', shopName: '平台直营', shopIds: [], version: 2 };
    render(
      wrap(<ResourceFormDrawer web={clerkWeb} record={record} onClose={() => undefined} onSaved={() => undefined} />),
    );
    const drawer = await loadedDrawer();
    const single = within(drawer).getByLabelText('所属店铺').closest('.ant-select') as HTMLElement;
    expect(await within(single).findByText('平台直营')).toBeTruthy();
    expect(within(single).queryByText('99')).toBeNull();
    expect(calls.filter((call) => call.path === '/shop/get')).toHaveLength(0);
  });

  it('edits an existing record in the form: labels for single and multiple references, the new choice saved', async () => {
    const calls = serve();
    const record = { ...stamps, id: '9', name: '张三', shopId: '7', shopIds: ['1', '7'], version: 2 };
    render(
      wrap(<ResourceFormDrawer web={clerkWeb} record={record} onClose={() => undefined} onSaved={() => undefined} />),
    );
    const drawer = await loadedDrawer();
    const single = within(drawer).getByLabelText('所属店铺').closest('.ant-select') as HTMLElement;
    const multiple = within(drawer).getByLabelText('兼管店铺').closest('.ant-select') as HTMLElement;
    expect(await within(single).findByText('七号店')).toBeTruthy();
    expect(await within(multiple).findByText('七号店')).toBeTruthy();
    expect(await within(multiple).findByText('一号店')).toBeTruthy();

    open(multiple);
    fireEvent.click(await screen.findByTitle('二号店'));
    fireEvent.click(within(drawer).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === '/clerk/update')?.body).toMatchObject({
        id: '9',
        shopId: '7',
        shopIds: ['1', '7', '2'],
      }),
    );
  });
});
