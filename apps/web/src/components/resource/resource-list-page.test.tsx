import { type AnyResource, baseFields, defineResource, fen, filter, labelledEnum } from '@console/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ThemeProvider } from '../theme-provider';
import { useSession } from '../../stores/session';
import { type WebResource, defineWebResource } from './define-web-resource';
import { ResourceListPage } from './resource-list-page';
import { loadedDrawer } from './loaded-drawer.testing';

const gadgetStatus = labelledEnum({ 1: '在售', 0: '下架' });
const gadgetResource = defineResource({
  name: 'gadget',
  prefix: '/gadget',
  title: '器件',
  module: '测试',
  deleteEffect: { undo: 'permanent', dependents: '器件的读数一并删除。', blockedBy: ['维修单'] },
  audience: 'platform',
  tenant: 'none',
  entity: z.object({
    ...baseFields,
    name: z.string().trim().min(1).max(20),
    price: fen,
    status: gadgetStatus,
    note: z.string().trim().max(200),
  }),
  writable: ['name', 'price', 'status', 'note'],
  filters: {
    keyword: filter(z.string().max(20), 'contains', { columns: ['name'] }),
    status: filter(gadgetStatus, 'eq'),
  },
  sortable: ['name'],
});
const gadgetWeb = defineWebResource(gadgetResource, {
  fields: { name: { label: '名称' }, price: { label: '价格' }, status: { label: '状态' }, note: { label: '说明' } },
  columns: ['name', 'price', 'status'],
  filterLabels: { keyword: { label: '关键词' } },
  rowTitle: (row) => row.name,
});

const row = (id: number) => ({
  id: String(id),
  name: `器件${id}`,
  price: 12345,
  status: 1,
  note: '',
  createdAt: '2026-11-20T02:00:00.000Z',
  updatedAt: '2026-11-20T02:00:00.000Z',
  version: 3,
});

type Answer = { errCode: number; errMsg: string; data: unknown; fieldErrors?: Record<string, string> };
const ok = (data: unknown): Answer => ({ errCode: 0, errMsg: '成功', data });

/** Answers by path; records each call's path, query and body. */
function serve(answers: Record<string, (body: Record<string, unknown>) => Answer | Promise<Answer>>) {
  const calls: { path: string; url: string; body: Record<string, unknown> }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : {};
      const path = new URL(url, 'http://x').pathname.replace(/^\/api/, '');
      calls.push({ path, url, body });
      return Promise.resolve(answers[path]?.(body) ?? ok(null)).then((answer) => new Response(JSON.stringify(answer)));
    }),
  );
  return calls;
}

function renderAt(address: string, web: WebResource<AnyResource, never> = gadgetWeb as never) {
  window.history.replaceState(null, '', address);
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ThemeProvider>
        {/* The browser's own history: the screen writes its view into the address bar. */}
        <BrowserRouter>
          <Routes>
            <Route path="/gadgets" element={<ResourceListPage web={web} />} />
          </Routes>
        </BrowserRouter>
      </ThemeProvider>
    </QueryClientProvider>,
  );
}

const allow = (...codes: string[]) => useSession.setState({ permissions: new Set(codes) });
const pageCalls = <C extends { path: string }>(calls: C[]) => calls.filter((call) => call.path === '/gadget/page');
const button = (name: RegExp) => screen.getByRole('button', { name });

describe('resource list page', { timeout: 40_000 }, () => {
  beforeEach(() => allow('gadget.page', 'gadget.get', 'gadget.create', 'gadget.update', 'gadget.delete'));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    window.localStorage.clear();
  });

  it('starts from the address query and writes a new search back to it', async () => {
    const calls = serve({ '/gadget/page': () => ok({ total: 1, list: [row(1)] }) });
    renderAt('/gadgets?keyword=%E6%97%A7&status=0&page=2&sort=name.ascend');
    await waitFor(() => expect(pageCalls(calls)).toHaveLength(1));
    expect(pageCalls(calls)[0]?.body).toEqual({
      keyword: '旧',
      status: 0,
      offset: 2,
      size: 20,
      sort: { field: 'name', order: 'ascend' },
    });
    expect(await screen.findByDisplayValue('旧')).toBeTruthy();

    fireEvent.change(screen.getByPlaceholderText('请输入关键词'), { target: { value: ' 新款 ' } });
    fireEvent.click(button(/查\s*询/));
    await waitFor(() => expect(pageCalls(calls).at(-1)?.body).toMatchObject({ keyword: '新款', status: 0, offset: 1 }));
    const params = new URLSearchParams(window.location.search);
    expect(params.get('keyword')).toBe('新款');
    expect(params.get('page')).toBeNull();
    expect(params.get('sort')).toBe('name.ascend');

    fireEvent.click(button(/重\s*置/));
    await waitFor(() => expect(window.location.search).toBe('?sort=name.ascend'));
  });

  it('pages with the total shown, and says 10,000+ when the server stopped counting', async () => {
    const calls = serve({
      '/gadget/page': (body) =>
        body.offset === 2
          ? ok({ total: 10_001, totalCapped: true, list: [row(21)] })
          : ok({ total: 45, list: [row(1), row(2)] }),
    });
    renderAt('/gadgets');
    expect(await screen.findByText('共 45 条')).toBeTruthy();
    expect(screen.getAllByText('¥123.45')).toHaveLength(2);
    fireEvent.click(screen.getByTitle('2'));
    expect(await screen.findByText('共 10,000+ 条')).toBeTruthy();
    expect(pageCalls(calls).at(-1)?.body).toMatchObject({ offset: 2, size: 20 });
    expect(new URLSearchParams(window.location.search).get('page')).toBe('2');
  });

  it('shows only the actions the operator holds, and confirms a delete before sending it', async () => {
    allow('gadget.page');
    serve({ '/gadget/page': () => ok({ total: 1, list: [row(1)] }) });
    renderAt('/gadgets');
    expect(await screen.findByText('器件1')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /新增器件/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /删\s*除/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /编\s*辑/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /批量删除/ })).toBeNull();
    cleanup();

    allow('gadget.page', 'gadget.delete');
    const calls = serve({ '/gadget/page': () => ok({ total: 1, list: [row(1)] }) });
    renderAt('/gadgets');
    await screen.findByText('器件1');
    fireEvent.click(screen.getByRole('button', { name: /^删\s*除$/ }));
    expect(calls.some((call) => call.path === '/gadget/delete')).toBe(false);
    expect(await screen.findByText('确定删除器件「器件1」吗？')).toBeTruthy();
    // The resource's declared consequence, under the question (issue 28).
    expect(screen.getByText('删除后不可恢复。器件的读数一并删除。还有维修单时不能删除。')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(calls.find((call) => call.path === '/gadget/delete')?.url).toContain('id=1'));
  });

  it('deletes the ticked rows in a batch after confirming, then clears the ticks', async () => {
    const calls = serve({ '/gadget/page': () => ok({ total: 3, list: [row(1), row(2), row(3)] }) });
    renderAt('/gadgets');
    await screen.findByText('器件3');
    expect(button(/批量删除/)).toHaveProperty('disabled', true);
    const boxes = screen.getAllByRole<HTMLInputElement>('checkbox', { name: '选择此行' });
    fireEvent.click(boxes[0]!);
    fireEvent.click(boxes[2]!);
    expect(button(/批量删除（2）/)).toHaveProperty('disabled', false);
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: '全选本页' }).checked).toBe(false);

    fireEvent.click(button(/批量删除（2）/));
    const confirm = await screen.findByRole('dialog');
    expect(confirm.textContent).toContain('确定删除选中的 2 条器件吗？');
    expect(confirm.textContent).toContain('删除后不可恢复。器件的读数一并删除。还有维修单时不能删除。');
    expect(calls.some((call) => call.path === '/gadget/delete')).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() =>
      expect(calls.filter((call) => call.path === '/gadget/delete').map((call) => call.url)).toEqual([
        expect.stringContaining('id=1'),
        expect.stringContaining('id=3'),
      ]),
    );
    await waitFor(() => expect(button(/^批量删除$/)).toHaveProperty('disabled', true));
    expect(screen.getAllByRole<HTMLInputElement>('checkbox', { name: '选择此行' }).some((box) => box.checked)).toBe(
      false,
    );
  });

  it('ticks the page from the header box, and lets go of ticked rows the next page does not show', async () => {
    serve({
      '/gadget/page': (body) =>
        body.offset === 2 ? ok({ total: 25, list: [row(21), row(2)] }) : ok({ total: 25, list: [row(1), row(2)] }),
    });
    renderAt('/gadgets');
    await screen.findByText('器件2');
    const header = () => screen.getByRole<HTMLInputElement>('checkbox', { name: '全选本页' });
    fireEvent.click(header());
    expect(button(/批量删除（2）/)).toBeTruthy();
    expect(header().checked).toBe(true);
    // 器件2 is on both pages: it stays ticked, 器件1 is no longer shown.
    fireEvent.click(screen.getByTitle('2'));
    await screen.findByText('器件21');
    await waitFor(() => expect(button(/批量删除（1）/)).toBeTruthy());
    expect(header().checked).toBe(false);
    expect(header().closest('.ant-checkbox')?.classList.contains('ant-checkbox-indeterminate')).toBe(true);
    fireEvent.click(header());
    expect(button(/批量删除（2）/)).toBeTruthy();
    fireEvent.click(header());
    expect(button(/^批量删除$/)).toHaveProperty('disabled', true);
  });

  it('opens the form drawer at once with a loading skeleton while its code loads, then the form', async () => {
    serve({ '/gadget/page': () => ok({ total: 0, list: [] }) });
    renderAt('/gadgets');
    fireEvent.click(await screen.findByRole('button', { name: /新增器件/ }));
    // The same render that handled the click shows the drawer, titled, before the form's code arrives.
    const loading = screen.getByRole('dialog');
    expect(within(loading).getByText('新增器件')).toBeTruthy();
    expect(loading.querySelector('.ant-drawer-body-skeleton')).not.toBeNull();
    const drawer = await loadedDrawer();
    expect(within(drawer).getByLabelText('名称')).toBeTruthy();
  });

  it('puts client rules from the schema and server field errors on their fields', async () => {
    const calls = serve({
      '/gadget/page': () => ok({ total: 0, list: [] }),
      '/gadget/create': () => ({
        errCode: 409002,
        errMsg: '已存在相同的记录',
        data: null,
        fieldErrors: { name: '名称已存在' },
      }),
    });
    renderAt('/gadgets');
    fireEvent.click(await screen.findByRole('button', { name: /新增器件/ }));
    const drawer = await loadedDrawer();
    fireEvent.click(within(drawer).getByRole('button', { name: /保\s*存/ }));
    expect(await within(drawer).findByText('请输入名称')).toBeTruthy();
    // 说明 accepts '' in the contract, so it is optional here too.
    expect(within(drawer).queryByText('请输入说明')).toBeNull();
    expect(calls.some((call) => call.path === '/gadget/create')).toBe(false);

    fireEvent.change(within(drawer).getByLabelText('名称'), {
      target: { value: '一二三四五六七八九十一二三四五六七八九十超' },
    });
    expect(await within(drawer).findByText(/<=20 字符/)).toBeTruthy();
    fireEvent.change(within(drawer).getByLabelText('名称'), { target: { value: '蓝牙网关' } });
    fireEvent.change(within(drawer).getByLabelText('价格'), { target: { value: '99.5' } });
    fireEvent.click(within(drawer).getByRole('button', { name: /保\s*存/ }));
    expect(await within(drawer).findByText('名称已存在')).toBeTruthy();
    expect(calls.find((call) => call.path === '/gadget/create')?.body).toEqual({
      name: '蓝牙网关',
      price: 9950,
      status: 1,
      note: '',
    });
  });

  it('answers a stale version with a clear message and keeps what was typed', async () => {
    const calls = serve({
      '/gadget/page': () => ok({ total: 1, list: [row(1)] }),
      '/gadget/update': () => ({ errCode: 409001, errMsg: '数据已被他人修改，请刷新后重试', data: null }),
      '/gadget/get': () => ok({ ...row(1), name: '他人改的', version: 4 }),
    });
    renderAt('/gadgets');
    fireEvent.click(await screen.findByRole('button', { name: /编\s*辑/ }));
    const drawer = await loadedDrawer();
    const name = within(drawer).getByLabelText('名称');
    await waitFor(() => expect((name as HTMLInputElement).value).toBe('器件1'));
    fireEvent.change(name, { target: { value: '我改的名称' } });
    fireEvent.click(within(drawer).getByRole('button', { name: /保\s*存/ }));
    expect(await within(drawer).findByText('数据已被他人修改')).toBeTruthy();
    expect(calls.find((call) => call.path === '/gadget/update')?.body).toMatchObject({
      id: '1',
      version: 3,
      name: '我改的名称',
    });
    expect(within(drawer).getByLabelText<HTMLInputElement>('名称').value).toBe('我改的名称');

    fireEvent.click(within(drawer).getByRole('button', { name: /载入最新数据/ }));
    await waitFor(() => expect(within(drawer).getByLabelText<HTMLInputElement>('名称').value).toBe('他人改的'));
    fireEvent.click(within(drawer).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() =>
      expect(calls.filter((call) => call.path === '/gadget/update').at(-1)?.body).toMatchObject({ version: 4 }),
    );
  });

  it('offers a retry when the list fails to load', async () => {
    let fail = true;
    serve({
      '/gadget/page': () =>
        fail ? { errCode: 500000, errMsg: '服务器开小差了，请稍后再试', data: null } : ok({ total: 1, list: [row(7)] }),
    });
    renderAt('/gadgets');
    expect(await screen.findByText('列表加载失败')).toBeTruthy();
    fail = false;
    fireEvent.click(button(/重\s*试/));
    expect(await screen.findByText('器件7')).toBeTruthy();
  });

  const headers = (container: HTMLElement) =>
    [...container.querySelectorAll('thead th')].map((th) => th.textContent ?? '').filter((text) => text !== '');

  it('shows the server-remembered columns, order and density; reorders, hides and resets them, saving after a pause', async () => {
    const saved = { hidden: ['price'], order: ['status', 'name'], density: 'small' };
    const calls = serve({
      '/gadget/page': () => ok({ total: 1, list: [row(1)] }),
      '/userPref/get': () => ok(saved),
    });
    const { container } = renderAt('/gadgets');
    await screen.findByText('器件1');
    await waitFor(() => expect(headers(container)).toEqual(['状态', '名称', '操作']));
    expect(container.querySelector('.ant-table-small')).toBeTruthy();
    expect(calls.find((call) => call.path === '/userPref/get')?.url).toContain('key=table.gadget');

    fireEvent.click(button(/列设置/));
    // The 列设置 panel's code loads when the popover first opens.
    fireEvent.click(await screen.findByLabelText('下移 状态', {}, { timeout: 10_000 }));
    await waitFor(() => expect(headers(container)).toEqual(['名称', '状态', '操作']));
    fireEvent.click(screen.getByRole('checkbox', { name: '价格' }));
    await waitFor(() => expect(headers(container)).toEqual(['名称', '状态', '价格', '操作']));
    const saves = () => calls.filter((call) => call.path === '/userPref/save');
    // Two changes in a row make one save, with the last state.
    await waitFor(() => expect(saves()).toHaveLength(1), { timeout: 3000 });
    expect(saves()[0]?.body).toEqual({
      key: 'table.gadget',
      value: { hidden: [], order: ['name', 'status', 'price'], widths: {}, density: 'small' },
    });

    const settings = document.querySelector<HTMLElement>('.resource-column-settings')!;
    fireEvent.click(within(settings).getByRole('button', { name: /重\s*置/ }));
    await waitFor(() => expect(headers(container)).toEqual(['名称', '价格', '状态', '操作']));
    expect(container.querySelector('.ant-table-small')).toBeNull();
    await waitFor(() => expect(saves()).toHaveLength(2), { timeout: 3000 });
    expect(saves()[1]?.body).toEqual({
      key: 'table.gadget',
      value: { hidden: [], order: [], widths: {}, density: 'middle' },
    });
  });

  it("shows this browser's copy of the settings at once, before the server answers", async () => {
    window.localStorage.setItem(
      'console.table.anonymous.gadget',
      JSON.stringify({ hidden: ['status'], order: ['price'], density: 'large' }),
    );
    let answer: (value: Answer) => void = () => undefined;
    serve({
      '/gadget/page': () => ok({ total: 1, list: [row(1)] }),
      '/userPref/get': () => new Promise<Answer>((resolve) => (answer = resolve)),
    });
    const { container } = renderAt('/gadgets');
    await screen.findByText('器件1');
    expect(headers(container)).toEqual(['价格', '名称', '操作']);
    answer(ok({ hidden: [], order: ['status'], density: 'middle' }));
    await waitFor(() => expect(headers(container)).toEqual(['状态', '名称', '价格', '操作']));
  });

  it('reads the next page by keyset with the previous page cursor, and by offset when the server refuses it', async () => {
    const calls = serve({
      '/gadget/page': (body) => {
        if (body.after === 'stale') return { errCode: 400100, errMsg: '翻页位置无效，请回到第一页', data: null };
        const offset = Number(body.offset);
        return ok({ total: 60, list: [row(offset * 100)], nextCursor: offset === 1 ? 'c1' : 'stale' });
      },
    });
    renderAt('/gadgets?status=1');
    await screen.findByText('器件100');
    fireEvent.click(screen.getByTitle('2'));
    await screen.findByText('器件200');
    expect(pageCalls(calls).at(-1)?.body).toEqual({ status: 1, offset: 2, size: 20, after: 'c1' });
    expect(new URLSearchParams(window.location.search).get('page')).toBe('2');

    // Page 2 left a cursor the server no longer takes: page 3 is read again by offset.
    fireEvent.click(screen.getByTitle('3'));
    await screen.findByText('器件300');
    const lastTwo = pageCalls(calls)
      .slice(-2)
      .map((call) => call.body);
    expect(lastTwo).toEqual([
      { status: 1, offset: 3, size: 20, after: 'stale' },
      { status: 1, offset: 3, size: 20 },
    ]);
    expect(new URLSearchParams(window.location.search).get('page')).toBe('3');
    expect(screen.queryByText('翻页位置无效，请回到第一页')).toBeNull();

    // A jump (page 1 → 3) or another view has no cursor: plain offset.
    fireEvent.click(screen.getByTitle('1'));
    await screen.findByText('器件100');
    expect(pageCalls(calls).at(-1)?.body).toEqual({ status: 1, offset: 1, size: 20 });
  });
});
