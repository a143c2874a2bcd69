import { baseFields, defineResource } from '@console/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
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
});
const action = (key: string, label: string) => ({ key, label, permission: 'kiosk.page', run: () => Promise.resolve() });
const kioskWeb = defineWebResource(kioskResource, {
  fields: { name: { label: '名称', width: 200 }, place: { label: '位置', width: 300 } },
  columns: ['name', 'place'],
  rowActions: [action('restart', '重启'), action('locate', '定位')],
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

function renderList() {
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      const page = new URL(url, 'http://x').pathname === '/api/kiosk/page';
      const data = page ? { total: 1, list: [record] } : null;
      return Promise.resolve(new Response(JSON.stringify({ errCode: 0, errMsg: '成功', data })));
    }),
  );
  return render(
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
}

const actionsHeader = () => screen.getByRole('columnheader', { name: '操作' });
const rowButtons = async () => {
  const row = (await screen.findByText('一号终端')).closest('tr')!;
  return within(row)
    .getAllByRole('button')
    .map((button) => button.textContent?.replace(/\s/g, ''));
};
const cue = () => screen.queryByRole('note');

describe('a list on a desktop and on a phone', { timeout: 120_000 }, () => {
  beforeEach(() => useSession.setState({ permissions: new Set(['kiosk.page', 'kiosk.update', 'kiosk.delete']) }));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    useAppStore.setState({ device: 'desktop' });
  });

  it('pins 操作 right on a desktop, with three buttons and the rest under 更多', async () => {
    renderList();
    expect(await rowButtons()).toEqual(['查看', '编辑', '重启', '更多']);
    expect(actionsHeader().className).toContain('ant-table-cell-fix-end');
    expect(cue()).toBeNull();
  });

  it('keeps 操作 pinned on a phone with fewer buttons, and says the table scrolls sideways when it is wider than the screen', async () => {
    useAppStore.setState({ device: 'mobile' });
    // jsdom lays nothing out: the table's columns are 600 px in a 350 px screen.
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(600);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(350);
    renderList();
    expect(await rowButtons()).toEqual(['查看', '编辑', '更多']);
    expect(actionsHeader().className).toContain('ant-table-cell-fix-end');
    expect(cue()?.textContent).toContain('左右滑动表格查看更多列');
  });

  it('says nothing of scrolling on a phone when the table fits', async () => {
    useAppStore.setState({ device: 'mobile' });
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(350);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(350);
    renderList();
    await screen.findByText('一号终端');
    expect(cue()).toBeNull();
  });
});
