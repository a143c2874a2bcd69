import { baseFields, defineResource, tablePrefs } from '@console/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { useAppStore } from '../../stores/app';
import { useSession } from '../../stores/session';
import { defineWebResource } from './define-web-resource';
import { ResourceListPage } from './resource-list-page';

const kioskResource = defineResource({
  name: 'kiosk',
  prefix: '/kiosk',
  title: '终端',
  module: '测试',
  audience: 'platform',
  tenant: 'none',
  entity: z.object({ ...baseFields, name: z.string().max(20), place: z.string().max(40) }),
  writable: ['name', 'place'],
  sortable: ['name'],
});
const kioskWeb = defineWebResource(kioskResource, {
  fields: { name: { label: '名称', width: 200 }, place: { label: '位置', width: 300 } },
  columns: ['name', 'place'],
  rowTitle: (row) => row.name,
});
const record = {
  id: '1',
  name: '一号终端',
  place: '大厅',
  createdAt: '2026-11-20T02:00:00.000Z',
  updatedAt: '2026-11-20T02:00:00.000Z',
  version: 1,
};

// What the list sends to save its table prefs, checked against the contract.
const prefsSave = z.object({ key: z.string(), value: tablePrefs });

/** Answers the page and whatever `answers` names by path; records the table-prefs saves. */
function renderList(answers: Record<string, unknown> = {}) {
  const saves: z.infer<typeof prefsSave>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      const path = new URL(url, 'http://x').pathname.replace(/^\/api/, '');
      if (path === '/userPref/save' && typeof init.body === 'string')
        saves.push(prefsSave.parse(JSON.parse(init.body)));
      const data = path === '/kiosk/page' ? { total: 1, list: [record] } : (answers[path] ?? null);
      return Promise.resolve(new Response(JSON.stringify({ errCode: 0, errMsg: '成功', data })));
    }),
  );
  const view = render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <App>
        <MemoryRouter initialEntries={['/kiosks']}>
          <Routes>
            <Route path="/kiosks" element={<ResourceListPage web={kioskWeb} />} />
          </Routes>
        </MemoryRouter>
      </App>
    </QueryClientProvider>,
  );
  return { ...view, saves };
}

const handle = (label: string) => screen.getByRole('separator', { name: `调整「${label}」列宽` });
// antd gives each column its width on the table's <col>: 名称, 位置, 操作.
const colWidths = (container: HTMLElement) =>
  [...container.querySelectorAll('.ant-table-content colgroup col')].map((col) => (col as HTMLElement).style.width);

describe('resizing a list column', { timeout: 60_000 }, () => {
  beforeEach(() => useSession.setState({ permissions: new Set(['kiosk.page', 'kiosk.update']) }));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    window.localStorage.clear();
    useAppStore.setState({ device: 'desktop' });
  });

  it('gives each data column a focusable handle, never 操作; ←/→ move its edge by 16 px and the width is saved', async () => {
    const { container, saves } = renderList();
    await screen.findByText('一号终端');
    expect(screen.getAllByRole('separator')).toHaveLength(2);
    expect(screen.queryByRole('separator', { name: /操作/ })).toBeNull();
    const name = handle('名称');
    expect(name.tabIndex).toBe(0);
    fireEvent.keyDown(name, { key: 'ArrowRight' });
    fireEvent.keyDown(handle('名称'), { key: 'ArrowRight' });
    fireEvent.keyDown(handle('位置'), { key: 'ArrowLeft' });
    await waitFor(() => expect(colWidths(container).slice(0, 2)).toEqual(['232px', '284px']));
    expect(handle('名称').getAttribute('aria-valuenow')).toBe('232');
    // One save after the pause, with every width changed.
    await waitFor(() => expect(saves).toHaveLength(1), { timeout: 3000 });
    expect(saves[0]).toMatchObject({ key: 'table.kiosk', value: { widths: { name: 232, place: 284 } } });
  });

  it('重置 in the column settings clears the widths', async () => {
    const { container, saves } = renderList();
    await screen.findByText('一号终端');
    fireEvent.keyDown(handle('名称'), { key: 'ArrowLeft' });
    await waitFor(() => expect(colWidths(container)[0]).toBe('184px'));
    fireEvent.click(screen.getByRole('button', { name: /列设置/ }));
    // The 列设置 panel's code loads when the popover first opens.
    await screen.findByLabelText('下移 名称', {}, { timeout: 10_000 });
    fireEvent.click(screen.getByRole('button', { name: /重\s*置/ }));
    await waitFor(() => expect(colWidths(container)[0]).toBe('200px'));
    await waitFor(() => expect(saves.at(-1)?.value.widths).toEqual({}), { timeout: 3000 });
  });

  it('follows a drag of the handle, within 40–800 px, until the pointer is let go', async () => {
    const { container, saves } = renderList();
    await screen.findByText('一号终端');
    fireEvent.pointerDown(handle('位置'), { button: 0, clientX: 500 });
    fireEvent.pointerMove(document, { clientX: 450 });
    await waitFor(() => expect(colWidths(container)[1]).toBe('250px'));
    fireEvent.pointerMove(document, { clientX: -1000 });
    await waitFor(() => expect(colWidths(container)[1]).toBe('40px'));
    fireEvent.pointerMove(document, { clientX: 2000 });
    await waitFor(() => expect(colWidths(container)[1]).toBe('800px'));
    fireEvent.pointerUp(document, { clientX: 2000 });
    fireEvent.pointerMove(document, { clientX: 600 });
    await waitFor(() => expect(saves).toHaveLength(1), { timeout: 3000 });
    expect(saves[0]).toMatchObject({ value: { widths: { place: 800 } } });
    expect(colWidths(container)[1]).toBe('800px');
  });

  it('clicking the handle does not sort the column', async () => {
    const { container } = renderList();
    await screen.findByText('一号终端');
    fireEvent.click(handle('名称'));
    expect(container.querySelector('.ant-table-column-sort')).toBeNull();
  });

  it('shows the widths the server remembers, and ignores them on a phone', async () => {
    const answers = { '/userPref/get': { hidden: [], order: [], widths: { place: 120 }, density: 'middle' } };
    const desktop = renderList(answers);
    await waitFor(() => expect(colWidths(desktop.container)[1]).toBe('120px'));
    cleanup();
    useAppStore.setState({ device: 'mobile' });
    const phone = renderList(answers);
    await screen.findByText('一号终端');
    expect(screen.queryAllByRole('separator')).toHaveLength(0);
    expect(colWidths(phone.container)[1]).toBe('300px');
  });

  it("applies a default view's widths to the table", async () => {
    const view = {
      id: '5',
      listKey: 'kiosk',
      name: '窄位置',
      state: { filters: {}, size: 20, columns: { order: [], hidden: [], widths: { name: 96 } } },
      unavailable: [],
      share: 'private',
      roleId: null,
      mine: true,
      ownerName: '我',
      isDefault: true,
      version: 1,
      updatedAt: '2026-11-20T02:00:00.000Z',
    };
    const { container, saves } = renderList({ '/savedView/list': { list: [view] } });
    await waitFor(() => expect(colWidths(container)[0]).toBe('96px'));
    await waitFor(() => expect(saves).toHaveLength(1), { timeout: 3000 });
    expect(saves[0]).toMatchObject({ value: { widths: { name: 96 } } });
  });
});
