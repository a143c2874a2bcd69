import { baseFields, defineResource, filter, labelledEnum, xlsxMediaType } from '@console/contract';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ThemeProvider } from '../theme-provider';
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
/** A closed antd message stays in jsdom's DOM marked as leaving (no animation end fires there). */
const progressShown = () =>
  screen.queryAllByText(/正在导出/).some((el) => !el.closest('.ant-message-notice')?.className.includes('leave'));

function renderButton(resource = exportable) {
  render(
    <ThemeProvider>
      <ExportButton resource={resource} state={state} />
    </ThemeProvider>,
  );
}

/** A file answer whose bytes the test releases chunk by chunk. */
function streamedFile(headers: Record<string, string>) {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  const response = new Response(body, {
    headers: {
      'Content-Type': xlsxMediaType,
      'Content-Disposition': `attachment; filename="gadget-202611221530.xlsx"; filename*=UTF-8''${encodeURIComponent('器件-202611221530.xlsx')}`,
      ...headers,
    },
  });
  return {
    response,
    send: (bytes: number) => controller.enqueue(new Uint8Array(bytes)),
    end: () => controller.close(),
    fail: () => controller.error(new TypeError('network error')),
  };
}

describe('export button', { timeout: 30_000 }, () => {
  const saved: { href: string; download: string }[] = [];
  let fetchMock: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    saved.length = 0;
    allow('gadget.page', 'gadget.export', 'widget.page', 'widget.export');
    URL.createObjectURL = vi.fn(() => 'blob:export-1');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.href, download: this.download });
    });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

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

  it('posts the filters and sort, shows the bytes as they arrive, then saves the file', async () => {
    const file = streamedFile({ 'X-Export-Rows': '2' });
    fetchMock = vi.fn(() => Promise.resolve(file.response));
    vi.stubGlobal('fetch', fetchMock);
    renderButton();
    fireEvent.click(exportButton()!);

    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect([url, init.method]).toEqual(['/api/gadget/export', 'POST']);
    expect(JSON.parse(init.body as string)).toEqual({
      keyword: '新',
      status: 1,
      sort: { field: 'name', order: 'ascend' },
    });
    expect((init.headers as Record<string, string>).Accept).toContain(xlsxMediaType);

    act(() => file.send(3 * 1024));
    expect(await screen.findByText('正在导出，已下载 3 KB')).toBeTruthy();
    expect(saved).toEqual([]);
    act(() => {
      file.send(1024);
      file.end();
    });
    expect(await screen.findByText(/导出完成，共 2 条/)).toBeTruthy();
    expect(saved).toEqual([{ href: 'blob:export-1', download: '器件-202611221530.xlsx' }]);
    const blob = (URL.createObjectURL as ReturnType<typeof vi.fn>).mock.calls[0]?.[0] as Blob;
    expect(blob.size).toBe(4 * 1024);
  });

  it('tells the operator when the server stopped at the cap', async () => {
    const file = streamedFile({ 'X-Export-Rows': '100000', 'X-Export-Truncated': '1' });
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(file.response)),
    );
    renderButton();
    fireEvent.click(exportButton()!);
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    act(() => {
      file.send(10);
      file.end();
    });
    expect(await screen.findByText(/仅导出前 100,000 条/)).toBeTruthy();
    expect(saved).toHaveLength(1);
  });

  it("shows the server's refusal from the envelope and saves nothing", async () => {
    const refusal = { errCode: 403001, errMsg: '没有权限执行此操作', data: null };
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          new Response(JSON.stringify(refusal), { status: 403, headers: { 'Content-Type': 'application/json' } }),
        ),
      ),
    );
    renderButton();
    fireEvent.click(exportButton()!);
    expect(await screen.findByText('没有权限执行此操作')).toBeTruthy();
    expect(saved).toEqual([]);
    expect(URL.createObjectURL).not.toHaveBeenCalled();
    await waitFor(() => expect(exportButton()?.className).not.toMatch(/loading/));
    await waitFor(() => expect(progressShown()).toBe(false));
  });

  it('says so when the connection drops while the file arrives', async () => {
    const file = streamedFile({});
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(file.response)),
    );
    renderButton();
    fireEvent.click(exportButton()!);
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    act(() => {
      file.send(100);
      file.fail();
    });
    expect(await screen.findByText('下载中断，请检查网络后重试')).toBeTruthy();
    expect(saved).toEqual([]);
    await waitFor(() => expect(progressShown()).toBe(false));
  });
});
