import { type ReceivedMessageDetail, receivedMessageEndpoints } from '@console/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type * as RequestModule from '../../lib/api/request';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const api = vi.fn();
vi.mock('../../lib/api/request', async (importOriginal) => ({
  ...(await importOriginal<typeof RequestModule>()),
  api: (...args: unknown[]) => api(...args) as unknown,
}));

import { useViewAs } from '../../stores/view-as';
import MessageDetailPage from './message-detail-page';

const detail = (link: string | null): ReceivedMessageDetail => ({
  id: '40',
  messageId: '12',
  messageTitle: '文件已生成',
  content: '<p>门店列表已导出</p>',
  senderName: '系统',
  receiveTime: '2026-12-03T08:00:00.000Z',
  status: 1,
  readAt: '2026-12-03T08:01:00.000Z',
  link,
});

function Where() {
  const location = useLocation();
  return <p>{`到达 ${location.pathname}${location.search}`}</p>;
}

function renderDetail(message: ReceivedMessageDetail) {
  api.mockImplementation((def: unknown) => Promise.resolve(def === receivedMessageEndpoints.get ? message : null));
  render(
    <QueryClientProvider client={new QueryClient()}>
      <App>
        <MemoryRouter initialEntries={['/profile/messageDetail?id=40']}>
          <Routes>
            <Route path="/profile/messageDetail" element={<MessageDetailPage />} />
            <Route path="*" element={<Where />} />
          </Routes>
        </MemoryRouter>
      </App>
    </QueryClientProvider>,
  );
}

describe('消息详情: the link of a notice', () => {
  afterEach(cleanup);
  beforeEach(() => api.mockReset());

  it('shows 前往查看 and navigates inside the console to the linked screen', async () => {
    renderDetail(detail('/profile/exports?id=7'));
    expect(await screen.findByText('门店列表已导出')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '前往查看' }));
    await screen.findByText('到达 /profile/exports?id=7');
  });

  it('shows no button without a link, or for a link that leaves the console', async () => {
    for (const link of [null, '//evil.example/x', 'https://evil.example/x']) {
      renderDetail(detail(link));
      expect(await screen.findByText('门店列表已导出')).toBeTruthy();
      expect(screen.queryByRole('button', { name: '前往查看' })).toBeNull();
      cleanup();
    }
    await waitFor(() => expect(api).toHaveBeenCalledWith(receivedMessageEndpoints.get, { query: { id: '40' } }));
  });

  it('marks an unread message read on opening, except in a 以服务商身份查看 tab', async () => {
    const unread = { ...detail(null), status: 0 as const, readAt: null };
    renderDetail(unread);
    await waitFor(() => expect(api).toHaveBeenCalledWith(receivedMessageEndpoints.read, { query: { id: '40' } }));
    cleanup();
    api.mockReset();
    useViewAs.setState({ active: true, session: null, ended: false });
    try {
      renderDetail(unread);
      expect(await screen.findByText('门店列表已导出')).toBeTruthy();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(api).not.toHaveBeenCalledWith(receivedMessageEndpoints.read, expect.anything());
    } finally {
      useViewAs.setState({ active: false, session: null, ended: false });
    }
  });
});
