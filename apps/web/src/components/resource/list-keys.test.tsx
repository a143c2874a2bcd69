import { type AnyResource, baseFields, defineResource, filter } from '@console/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { Activity, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { useSession } from '../../stores/session';
import { type RowAction, type WebResource, defineWebResource } from './define-web-resource';
import { loadedDrawer } from './loaded-drawer.testing';
import { ResourceListPage } from './resource-list-page';

const ticketOf = (name: string) =>
  defineResource({
    name,
    prefix: `/${name}`,
    title: '工单',
    module: '测试',
    audience: 'platform',
    tenant: 'none',
    entity: z.object({ ...baseFields, name: z.string().max(20), status: z.number().int() }),
    writable: ['name'],
    filters: { keyword: filter(z.string().max(20), 'contains', { columns: ['name'] }) },
  });
const ticketResource = ticketOf('ticket');
type Ticket = z.infer<typeof ticketResource.entity>;
const webOf = (resource: typeof ticketResource) =>
  defineWebResource(resource, {
    fields: { name: { label: '名称' }, status: { label: '状态' } },
    columns: ['name', 'status'],
    filterLabels: { keyword: { label: '关键词' } },
    rowTitle: (row) => row.name,
  });
const base = webOf(ticketResource);

const approve = vi.fn((_row: Ticket) => Promise.resolve());
const reject = vi.fn((_row: Ticket) => Promise.resolve());
const actions: RowAction<Ticket>[] = [
  {
    key: 'approve',
    label: '通过',
    permission: 'ticket.approve',
    hotkey: 'a',
    visible: (row) => row.status === 0,
    confirm: (row) => `确定通过工单「${row.name}」吗？`,
    run: approve,
  },
  { key: 'reject', label: '驳回', permission: 'ticket.approve', danger: true, hotkey: 'r', run: reject },
];
const web = { ...base, rowActions: actions };

const row = (id: number, status = 0) => ({
  id: String(id),
  name: `工单${id}`,
  status,
  createdAt: '2026-11-20T02:00:00.000Z',
  updatedAt: '2026-11-20T02:00:00.000Z',
  version: 1,
});

/** 45 tickets, 20 a page; ticket 2 is already handled. */
function serve() {
  const pages: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as { offset?: number }) : {};
      const path = new URL(url, 'http://x').pathname;
      let data: unknown = null;
      if (path === '/api/ticket/page' || path === '/api/memo/page') {
        const offset = body.offset ?? 1;
        pages.push(offset);
        const ids = Array.from({ length: Math.min(20, 45 - (offset - 1) * 20) }, (_, i) => (offset - 1) * 20 + i + 1);
        data = { total: 45, list: ids.map((id) => row(id, id === 2 ? 1 : 0)) };
      }
      return Promise.resolve(new Response(JSON.stringify({ errCode: 0, errMsg: '成功', data })));
    }),
  );
  return pages;
}

let client = new QueryClient();
function wrap(children: ReactNode) {
  return (
    <QueryClientProvider client={client}>
      <App>
        <MemoryRouter initialEntries={['/tickets']}>{children}</MemoryRouter>
      </App>
    </QueryClientProvider>
  );
}

const list = (page: WebResource<AnyResource, never> = web as never) => <ResourceListPage web={page} />;
const press = (key: string, init: KeyboardEventInit = {}) =>
  fireEvent.keyDown(document.activeElement ?? document.body, { key, ...init });
// A closing modal stays in jsdom playing its leave animation, which jsdom never finishes.
const openDialogs = () => screen.queryAllByRole('dialog').filter((dialog) => !dialog.className.includes('-leave'));
const cursorRow = (scope: ParentNode = document) => scope.querySelector('tr[aria-current="true"]');
/** The name cell of the cursor row. */
const cursorName = (scope: ParentNode = document) =>
  [...(cursorRow(scope)?.querySelectorAll('td') ?? [])].map((td) => td.textContent).find((t) => t?.startsWith('工单'));

describe('a list worked from the keyboard', { timeout: 40_000 }, () => {
  beforeEach(() => {
    client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    useSession.setState({
      permissions: new Set(['ticket.page', 'ticket.get', 'ticket.delete', 'ticket.approve', 'memo.page']),
    });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    approve.mockClear();
    reject.mockClear();
  });

  it('moves a cursor with ↑/↓ and j/k, focused and marked aria-current, and opens its detail with Enter', async () => {
    serve();
    render(wrap(list()));
    await screen.findByText('工单20');
    expect(cursorRow()).toBeNull();
    press('j');
    expect(cursorName()).toBe('工单1');
    expect(document.activeElement).toBe(cursorRow());
    press('ArrowDown');
    press('j');
    expect(cursorName()).toBe('工单3');
    press('k');
    expect(cursorName()).toBe('工单2');
    press('ArrowUp');
    press('ArrowUp');
    expect(cursorName()).toBe('工单1');
    expect(document.querySelectorAll('tr[aria-current="true"]')).toHaveLength(1);
    // Shift+J is not j.
    press('J', { shiftKey: true });
    expect(cursorName()).toBe('工单1');

    press('Enter');
    // The detail's code loads on first use; on a busy machine that takes a while.
    const drawer = await waitFor(loadedDrawer, { timeout: 15_000 });
    expect(within(drawer).getAllByText('工单1').length).toBeGreaterThan(0);
    // The drawer owns the keyboard while it is open.
    press('j');
    expect(cursorName()).toBe('工单1');
  });

  it('ticks the cursor row with x for a batch action', async () => {
    serve();
    render(wrap(list()));
    await screen.findByText('工单20');
    press('j');
    press('x');
    expect(await screen.findByRole('button', { name: /批量删除（1）/ })).toBeTruthy();
    press('j');
    press('x');
    expect(screen.getByRole('button', { name: /批量删除（2）/ })).toBeTruthy();
    press('x');
    expect(screen.getByRole('button', { name: /批量删除（1）/ })).toBeTruthy();
  });

  it('focuses the keyword filter with /, and no key fires while typing there', async () => {
    serve();
    render(wrap(list()));
    await screen.findByText('工单20');
    press('j');
    const slash = press('/');
    const keyword = screen.getByPlaceholderText('请输入关键词');
    expect(document.activeElement).toBe(keyword);
    // The / itself is not typed into the box.
    expect(slash).toBe(false);
    for (const key of ['j', 'x', 'a', ']', '?', 'Enter']) press(key);
    expect(cursorName()).toBe('工单1');
    expect(screen.queryByRole('button', { name: /批量删除（/ })).toBeNull();
    expect(openDialogs()).toHaveLength(0);
    expect(approve).not.toHaveBeenCalled();
  });

  it('changes page with ] and [, within the pages there are', async () => {
    const pages = serve();
    render(wrap(list()));
    await screen.findByText('工单20');
    press('[');
    press(']');
    await screen.findByText('工单40');
    press(']');
    await screen.findByText('工单45');
    press(']');
    press('[');
    await screen.findByText('工单21');
    await waitFor(() => expect(pages).toEqual([1, 2, 3, 2]));
    // A turned page starts its cursor on its first row.
    expect(cursorName()).toBe('工单21');
  });

  it('shows the cheat sheet with ? (and its toolbar button), listing the screen’s row actions with their keys', async () => {
    serve();
    render(wrap(list()));
    await screen.findByText('工单20');
    press('?', { shiftKey: true });
    const sheet = await screen.findByRole('dialog');
    expect(within(sheet).getByText('键盘快捷键')).toBeTruthy();
    for (const text of [
      '下一行',
      '查看当前行详情',
      '选中或取消选中当前行（用于批量操作）',
      '定位到关键词筛选',
      '下一页',
    ])
      expect(within(sheet).getByText(text)).toBeTruthy();
    const line = (label: string) => within(sheet).getByText(label).previousElementSibling?.textContent;
    expect(line('通过')).toBe('A');
    expect(line('驳回')).toBe('R');
    fireEvent.click(within(sheet).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(openDialogs()).toHaveLength(0));
    fireEvent.click(screen.getByRole('button', { name: '键盘快捷键' }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });

  it('runs a row action’s key on the cursor row, asking its confirmation first', async () => {
    serve();
    render(wrap(list()));
    await screen.findByText('工单20');
    // No cursor yet: nothing runs.
    press('a');
    expect(await screen.findByText(/请先用 ↑\/↓ 或 j\/k 选中一行/)).toBeTruthy();
    press('j');
    press('a');
    const confirm = await screen.findByRole('dialog');
    expect(confirm.textContent).toContain('确定通过工单「工单1」吗？');
    // While the confirmation is open, the list's keys rest.
    press('j');
    expect(cursorName()).toBe('工单1');
    expect(approve).not.toHaveBeenCalled();
    fireEvent.click(within(confirm).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(approve).toHaveBeenCalledWith(expect.objectContaining({ id: '1' })));
    await waitFor(() => expect(openDialogs()).toHaveLength(0));

    // 工单2 is handled: 通过 does not apply to it.
    press('j');
    press('a');
    expect(await screen.findByText('当前行不能通过')).toBeTruthy();
    expect(approve).toHaveBeenCalledTimes(1);
    // 驳回 declares no question (its own dialog would ask): it runs at once.
    press('r');
    await waitFor(() => expect(reject).toHaveBeenCalledWith(expect.objectContaining({ id: '2' })));
  });

  it('leaves keys with Ctrl, ⌘ or Alt alone, and a hidden tab’s list does not listen', async () => {
    serve();
    const other = webOf(ticketOf('memo'));
    // Both shown at first (a screen of two lists: the first one, or the one holding the focus, answers).
    const tabs = (firstShown: boolean) => (
      <>
        <Activity mode={firstShown ? 'visible' : 'hidden'}>{list()}</Activity>
        <Activity mode="visible">{list(other as never)}</Activity>
      </>
    );
    const { rerender, container } = render(wrap(tabs(true)));
    await waitFor(() => expect(screen.getAllByText('工单20')).toHaveLength(2));
    const [first, second] = [...container.querySelectorAll<HTMLElement>('.resource-page')] as [
      HTMLElement,
      HTMLElement,
    ];
    press('j', { ctrlKey: true });
    press('j', { metaKey: true });
    press('j', { altKey: true });
    expect(cursorRow()).toBeNull();
    press('j');
    expect(cursorName(first)).toBe('工单1');
    expect(cursorRow(second)).toBeNull();

    act(() => rerender(wrap(tabs(false))));
    act(() => document.body.focus());
    press('j');
    press('j');
    expect(cursorName(second)).toBe('工单2');
    // The hidden first list kept its cursor where it was.
    expect(cursorName(first)).toBe('工单1');
  });
});
