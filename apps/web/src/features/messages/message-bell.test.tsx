import { receivedMessageEndpoints } from '@console/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter, Route, Routes } from 'react-router';
import type * as RequestModule from '../../lib/api/request';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const api = vi.fn();
const toast = vi.fn();
vi.mock('../../lib/api/request', async (importOriginal) => ({
  ...(await importOriginal<typeof RequestModule>()),
  api: (...args: unknown[]) => api(...args) as unknown,
}));
vi.mock('../../lib/api/feedback', () => ({
  feedback: () => ({ message: { error: toast }, modal: { confirm: vi.fn() } }),
}));

import { useSession } from '../../stores/session';
import { MessageBell } from './message-bell';

const rows = [
  { id: '31', messageTitle: '今晚停机维护', receiveTime: '2026-11-22T08:00:00.000Z', status: 0 as const },
  { id: '30', messageTitle: '新版本上线', receiveTime: '2026-03-05T08:00:00.000Z', status: 0 as const },
];

function renderBell() {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <App>
        <MemoryRouter initialEntries={['/dashboard']}>
          <Routes>
            <Route path="/dashboard" element={<MessageBell />} />
            <Route path="/profile/messageDetail" element={<p>消息详情页</p>} />
          </Routes>
        </MemoryRouter>
      </App>
    </QueryClientProvider>,
  );
}

describe('MessageBell', () => {
  afterEach(cleanup);
  beforeEach(() => {
    api.mockReset();
    toast.mockReset();
    useSession.setState({ notReadNumber: 0, notReadMessageList: [] });
  });

  it('shows for every signed-in operator, platform admins and staff included, and not when signed out', async () => {
    api.mockResolvedValue({ total: 1, list: rows.slice(0, 1) });
    for (const adminType of [0, 2]) {
      useSession.setState({ adminType });
      const { container } = renderBell();
      await waitFor(() => expect(container.querySelector('.ant-badge-count')?.getAttribute('title')).toBe('1'));
      cleanup();
    }
    api.mockClear();
    useSession.setState({ adminType: null });
    const { container } = renderBell();
    expect(container.querySelector('[aria-label="系统消息"]')).toBeNull();
    expect(api).not.toHaveBeenCalled();
  });

  it("a platform admin's bell lists their own unread notices and opens one", async () => {
    useSession.setState({ adminType: 0 });
    const notice = {
      id: '40',
      messageTitle: '您的两步验证已被管理员重置',
      receiveTime: '2026-12-03T08:00:00.000Z',
      status: 0 as const,
    };
    api.mockImplementation((def: unknown) =>
      Promise.resolve(def === receivedMessageEndpoints.page ? { total: 1, list: [notice] } : null),
    );
    renderBell();
    fireEvent.click(screen.getByLabelText('系统消息'));
    fireEvent.click(await screen.findByText('您的两步验证已被管理员重置'));
    await screen.findByText('消息详情页');
    expect(api).toHaveBeenCalledWith(receivedMessageEndpoints.read, { query: { id: '40' } });
  });

  it('loads the latest five unread and shows the count and month/day', async () => {
    useSession.setState({ adminType: 1 });
    api.mockResolvedValue({ total: 7, list: rows });
    const { container } = renderBell();
    await waitFor(() => expect(container.querySelector('.ant-badge-count')?.getAttribute('title')).toBe('7'));
    expect(api).toHaveBeenCalledWith(
      receivedMessageEndpoints.page,
      expect.objectContaining({ body: { offset: 1, size: 5, status: 0 }, quiet: true }),
    );
    fireEvent.click(screen.getByLabelText('系统消息'));
    await screen.findByText('今晚停机维护');
    expect(screen.getByText('11/22')).toBeTruthy();
    expect(screen.getByText('03/05')).toBeTruthy();
  });

  it('marks a message read and opens its detail', async () => {
    useSession.setState({ adminType: 1 });
    api.mockImplementation((def: unknown) =>
      Promise.resolve(def === receivedMessageEndpoints.page ? { total: 2, list: rows } : null),
    );
    renderBell();
    fireEvent.click(screen.getByLabelText('系统消息'));
    fireEvent.click(await screen.findByText('新版本上线'));
    await screen.findByText('消息详情页');
    expect(api).toHaveBeenCalledWith(receivedMessageEndpoints.read, { query: { id: '30' } });
  });

  it('only logs a failed fetch', async () => {
    useSession.setState({ adminType: 1 });
    const logged = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    api.mockRejectedValue(new Error('boom'));
    renderBell();
    await waitFor(() => expect(logged).toHaveBeenCalled());
    expect(toast).not.toHaveBeenCalled();
    logged.mockRestore();
  });

  it('announces a newly arrived message politely to screen readers, and nothing on reading', () => {
    useSession.setState({ adminType: 1, notReadNumber: 2, notReadMessageList: rows });
    api.mockResolvedValue({ total: 2, list: rows });
    renderBell();
    const live = screen.getByRole('status');
    expect(live.getAttribute('aria-live')).toBe('polite');
    expect(live.textContent).toBe('');
    const arrived = {
      id: '32',
      messageTitle: '门店续费提醒',
      receiveTime: '2026-11-23T08:00:00.000Z',
      status: 0 as const,
    };
    act(() => useSession.getState().setUnread(3, [arrived, ...rows]));
    expect(live.textContent).toBe('收到新的系统消息：门店续费提醒');
    act(() => useSession.getState().setUnread(2, rows));
    expect(live.textContent).toBe('收到新的系统消息：门店续费提醒');
  });
});
