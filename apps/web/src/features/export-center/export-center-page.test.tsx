import type { ExportTask } from '@console/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as RequestModule from '../../lib/api/request';

const api = vi.fn();
const download = vi.fn();
const saveFile = vi.fn();
vi.mock('../../lib/api/request', async (importOriginal) => ({
  ...(await importOriginal<typeof RequestModule>()),
  api: (...args: unknown[]) => api(...args) as unknown,
}));
vi.mock('../../lib/api/download', () => ({
  download: (...args: unknown[]) => download(...args) as unknown,
  saveFile: (...args: unknown[]) => saveFile(...args) as unknown,
}));

import { READ_ONLY_TIP } from '../../components/resource/write-lock';
import { useSession } from '../../stores/session';
import { useViewAs } from '../../stores/view-as';
import ExportCenterPage from './export-center-page';

const base: ExportTask = {
  id: '1',
  source: '/store/export',
  title: '门店列表',
  filters: { keyword: '成都' },
  status: 'ready',
  rowsDone: 12,
  rowsTotal: 12,
  truncated: false,
  failReason: null,
  fileSize: 20_480,
  createdAt: '2026-12-03T02:00:00.000Z',
  finishedAt: '2026-12-03T02:00:05.000Z',
  expiresAt: '2026-12-10T02:00:05.000Z',
  operatorId: '5',
  operatorName: '张三(zhang)',
  mine: true,
};
const task = (over: Partial<ExportTask>): ExportTask => ({ ...base, ...over });

type Call = [{ path: string }, { body?: Record<string, unknown>; query?: Record<string, unknown> }];
const pageCalls = () => (api.mock.calls as Call[]).filter(([e]) => e.path === '/exportTask/page');

function renderPage() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <App>
        <ExportCenterPage />
      </App>
    </QueryClientProvider>,
  );
}

describe('导出中心', { timeout: 30_000 }, () => {
  beforeEach(() => {
    api.mockReset();
    download.mockReset();
    saveFile.mockReset();
    useSession.setState({ adminType: 1 });
  });
  afterEach(cleanup);

  it('shows each status, the filters, the size, and 下载 only for a ready file', async () => {
    api.mockResolvedValue({
      total: 5,
      active: 0,
      list: [
        task({ id: '5', status: 'queued', rowsDone: 0, rowsTotal: null, fileSize: null }),
        task({ id: '4', status: 'failed', failReason: '账号已停用或已删除，导出未执行', fileSize: null }),
        task({ id: '3', status: 'expired', fileSize: null }),
        task({ id: '2', status: 'ready', filters: { from: '2026-11-01', to: '2026-11-30' }, title: '月度数据统计' }),
        task({ id: '1', status: 'ready', mine: false }),
      ],
    });
    renderPage();
    expect(await screen.findByText('排队中')).toBeTruthy();
    expect(screen.getByText('失败（账号已停用或已删除，导出未执行）')).toBeTruthy();
    expect(screen.getByText('已过期')).toBeTruthy();
    expect(screen.getByText('2026-11-01 至 2026-11-30')).toBeTruthy();
    expect(screen.getAllByText('关键词：成都').length).toBeGreaterThan(0);
    expect(screen.getAllByText('20 KB')).toHaveLength(2);
    expect(screen.getAllByRole('button', { name: /下\s*载/ })).toHaveLength(2);
    // 删除 is the asker's own: not on another account's task.
    expect(screen.getAllByRole('button', { name: /删\s*除/ })).toHaveLength(4);
  });

  it('polls while a task runs, showing rows done of total, until it is ready', async () => {
    api
      .mockResolvedValueOnce({
        total: 1,
        active: 1,
        list: [task({ status: 'running', rowsDone: 3_000, rowsTotal: 10_000, fileSize: null })],
      })
      .mockResolvedValue({ total: 1, active: 0, list: [task({})] });
    renderPage();
    expect(await screen.findByText('生成中 3,000/10,000')).toBeTruthy();
    expect(await screen.findByText('已完成', {}, { timeout: 5_000 })).toBeTruthy();
    const polls = pageCalls().length;
    await new Promise((r) => setTimeout(r, 2_500));
    // Nothing runs any more: no further requests.
    expect(pageCalls()).toHaveLength(polls);
  });

  it('downloads a ready file, and deletes a task only after confirming', async () => {
    api.mockImplementation((e: { path: string }) =>
      Promise.resolve(e.path === '/exportTask/page' ? { total: 1, active: 0, list: [task({ id: '9' })] } : null),
    );
    download.mockResolvedValue({ blob: new Blob(['x']), filename: '门店列表-202612031000.xlsx' });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: /下\s*载/ }));
    await waitFor(() => expect(saveFile).toHaveBeenCalledWith(expect.any(Blob), '门店列表-202612031000.xlsx'));
    expect((download.mock.calls[0] as [{ path: string }, { query: unknown }])[1].query).toEqual({ id: '9' });

    fireEvent.click(screen.getByRole('button', { name: /删\s*除/ }));
    const confirm = await screen.findByRole('tooltip');
    expect(within(confirm).getByText('确定删除这个导出任务吗？')).toBeTruthy();
    expect((api.mock.calls as Call[]).some(([e]) => e.path === '/exportTask/delete')).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() =>
      expect((api.mock.calls as Call[]).find(([e]) => e.path === '/exportTask/delete')?.[1].query).toEqual({ id: '9' }),
    );
  });

  it('says so when there is nothing yet, and offers 重试 when the list fails', async () => {
    api.mockResolvedValueOnce({ total: 0, active: 0, list: [] });
    renderPage();
    expect(await screen.findByText(/暂无导出任务/)).toBeTruthy();
    cleanup();
    api.mockRejectedValueOnce(new Error('down')).mockResolvedValueOnce({ total: 0, active: 0, list: [] });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByText(/暂无导出任务/)).toBeTruthy();
  });

  it("lets a platform operator switch to every account's exports", async () => {
    useSession.setState({ adminType: 0 });
    api.mockResolvedValue({ total: 1, active: 0, list: [task({ mine: false })] });
    renderPage();
    fireEvent.click(await screen.findByText('全部账号'));
    await waitFor(() => expect(pageCalls().at(-1)?.[1].body).toMatchObject({ all: true, offset: 1 }));
    expect(await screen.findByText('张三(zhang)')).toBeTruthy();
  });

  it('still downloads in a read-only 以服务商身份查看 tab, but 删除 is locked there', async () => {
    useViewAs.setState({ active: true, session: null, ended: false });
    try {
      api.mockImplementation((e: { path: string }) =>
        Promise.resolve(e.path === '/exportTask/page' ? { total: 1, active: 0, list: [task({ id: '9' })] } : null),
      );
      renderPage();
      const get = await screen.findByRole<HTMLButtonElement>('button', { name: /下\s*载/ });
      expect(get.disabled).toBe(false);
      const remove = screen.getByRole<HTMLButtonElement>('button', { name: /删\s*除/ });
      expect(remove.disabled).toBe(true);
      expect(remove.closest('.write-locked')?.getAttribute('data-locked')).toBe(READ_ONLY_TIP);
      fireEvent.click(remove);
      expect(screen.queryByText('确定删除这个导出任务吗？')).toBeNull();
    } finally {
      useViewAs.setState({ active: false, session: null, ended: false });
    }
  });
});
