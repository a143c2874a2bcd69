import { baseFields, defineResource, labelledEnum } from '@console/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ThemeProvider } from '../theme-provider';
import { defineWebResource } from './define-web-resource';
import { ResourceDetailDrawer } from './resource-detail-drawer';

const status = labelledEnum({ 1: '在售', 0: '下架' });
const gadget = defineResource({
  name: 'gadget',
  prefix: '/gadget',
  title: '器件',
  module: '测试',
  audience: 'platform',
  tenant: 'none',
  entity: z.object({ ...baseFields, name: z.string().describe('名称'), status }),
  labels: { status: '状态' },
  actions: ['page', 'get'],
});
const gadgetWeb = defineWebResource(gadget, { fields: {}, columns: ['name', 'status'], rowTitle: (row) => row.name });
const record: z.infer<typeof gadget.entity> = {
  id: '7',
  name: '扳手',
  status: 0,
  version: 2,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-02T00:00:00.000Z',
};

const entry = {
  id: '31',
  at: '2026-03-01T02:03:04.000Z',
  operatorName: '张三',
  operatorAccount: 'zhangsan',
  agentName: '杭州服务商',
  ip: '10.0.0.8',
  kind: 'updated',
  action: '修改器件',
  changes: [{ field: 'status', before: 1, after: 0 }],
};

function serve(answer: (url: URL) => { errCode: number; errMsg: string; data: unknown }) {
  const urls: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      const parsed = new URL(url, 'http://x');
      urls.push(parsed);
      return Promise.resolve(new Response(JSON.stringify(answer(parsed))));
    }),
  );
  return urls;
}

function renderDrawer() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ThemeProvider>
        <ResourceDetailDrawer web={gadgetWeb} record={record} onClose={() => undefined} />
      </ThemeProvider>
    </QueryClientProvider>,
  );
}

const ok = (data: unknown) => ({ errCode: 0, errMsg: '成功', data });
const historyCalls = (urls: URL[]) => urls.filter((u) => u.pathname === '/api/operationLog/history');

describe('the detail drawer’s 操作历史 tab', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('reads the history only when opened, and shows who changed what with the screen’s labels', async () => {
    const urls = serve(() => ok({ total: 1, list: [entry] }));
    renderDrawer();
    expect(screen.getByText('扳手')).toBeTruthy();
    expect(historyCalls(urls)).toHaveLength(0);
    fireEvent.click(screen.getByRole('tab', { name: '操作历史' }));
    await screen.findByText('张三');
    const [call] = historyCalls(urls);
    expect(call?.searchParams.get('resource')).toBe('gadget');
    expect(call?.searchParams.get('id')).toBe('7');
    expect(screen.getByText('（zhangsan）')).toBeTruthy();
    expect(screen.getByText('杭州服务商')).toBeTruthy();
    expect(screen.getByText('修改器件')).toBeTruthy();
    // The enum's labels, not its raw 1 → 0, under the field's Chinese label.
    const table = document.querySelector('.field-change-table');
    expect(table?.textContent).toContain('状态');
    expect(table?.textContent).toContain('在售');
    expect(table?.textContent).toContain('下架');
  });

  it('says so when the record has no history', async () => {
    serve(() => ok({ total: 0, list: [] }));
    renderDrawer();
    fireEvent.click(screen.getByRole('tab', { name: '操作历史' }));
    await screen.findByText('暂无操作记录');
  });

  it('shows a failed read with a retry', async () => {
    serve(() => ({ errCode: 403001, errMsg: '没有权限执行此操作', data: null }));
    renderDrawer();
    fireEvent.click(screen.getByRole('tab', { name: '操作历史' }));
    await screen.findByText('操作历史加载失败');
    await waitFor(() => expect(screen.getByRole('button', { name: /重\s*试/ })).toBeTruthy());
  });
});
