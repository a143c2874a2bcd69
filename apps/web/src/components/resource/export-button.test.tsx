import { baseFields, defineResource, filter, labelledEnum } from '@console/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type * as RequestModule from '../../lib/api/request';

const api = vi.fn();
vi.mock('../../lib/api/request', async (importOriginal) => ({
  ...(await importOriginal<typeof RequestModule>()),
  api: (...args: unknown[]) => api(...args) as unknown,
}));

import { ApiError } from '../../lib/api/api-error';
import { useSession } from '../../stores/session';
import { ExportButton } from './export-button';
import type { ListState } from './list-state';

const status = labelledEnum({ 1: '在售', 0: '下架' });
const config = {
  module: '测试',
  audience: 'platform' as const,
  tenant: 'none' as const,
  entity: z.object({ ...baseFields, name: z.string().describe('名称'), status }),
  labels: { status: '状态' },
  filters: { keyword: filter(z.string(), 'contains', { columns: ['name'] }), status: filter(status, 'eq') },
  sortable: ['name'] as const,
};
const exportable = defineResource({
  ...config,
  name: 'gadget',
  prefix: '/gadget',
  title: '器件',
  actions: ['page', 'export'],
});
const listOnly = defineResource({ ...config, name: 'widget', prefix: '/widget', title: '部件', actions: ['page'] });

const state: ListState = {
  filters: { keyword: '新', status: 1 },
  offset: 3,
  size: 50,
  sort: { field: 'name', order: 'ascend' },
};

const allow = (...codes: string[]) => useSession.setState({ permissions: new Set(codes) });
const exportButton = () => screen.queryByRole('button', { name: /导\s*出/ });

function renderButton(resource = exportable) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <App>
        <MemoryRouter initialEntries={['/list']}>
          <Routes>
            <Route path="/list" element={<ExportButton resource={resource} state={state} />} />
            <Route path="/profile/exportCenter" element={<p>导出中心页面</p>} />
          </Routes>
        </MemoryRouter>
      </App>
    </QueryClientProvider>,
  );
}

describe('export button', { timeout: 30_000 }, () => {
  beforeEach(() => {
    api.mockReset();
    allow('gadget.page', 'gadget.export', 'widget.page', 'widget.export');
  });
  afterEach(cleanup);

  it('shows only with the export permission, and only for resources that offer export', () => {
    allow('gadget.page');
    renderButton();
    expect(exportButton()).toBeNull();
    cleanup();
    allow('gadget.page', 'gadget.export', 'widget.export');
    renderButton(listOnly);
    expect(exportButton()).toBeNull();
    cleanup();
    renderButton();
    expect(exportButton()).not.toBeNull();
  });

  it('posts the filters and sort (not the paging), says 导出任务已创建 and links to 导出中心', async () => {
    api.mockResolvedValue({ id: '7', status: 'queued' });
    renderButton();
    fireEvent.click(exportButton()!);
    await waitFor(() => expect(api).toHaveBeenCalledTimes(1));
    const [endpoint, input] = api.mock.calls[0] as [{ path: string }, { body: unknown }];
    expect(endpoint.path).toBe('/gadget/export');
    expect(input.body).toEqual({ keyword: '新', status: 1, sort: { field: 'name', order: 'ascend' } });
    expect(await screen.findByText(/导出任务已创建/)).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: '查看导出中心' }));
    expect(await screen.findByText('导出中心页面')).toBeTruthy();
  });

  it('says nothing more when the request client has shown the refusal', async () => {
    api.mockRejectedValue(new ApiError({ errCode: 403001, errMsg: '没有权限执行此操作' }, true));
    renderButton();
    fireEvent.click(exportButton()!);
    await waitFor(() => expect(api).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(exportButton()!.className).not.toContain('loading'));
    expect(screen.queryByText(/导出任务已创建/)).toBeNull();
  });
});
