import { receivedMessageEndpoints, sentMessageEndpoints } from '@console/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import type * as RequestModule from '../../lib/api/request';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const api = vi.fn();
vi.mock('../../lib/api/request', async (importOriginal) => ({
  ...(await importOriginal<typeof RequestModule>()),
  api: (...args: unknown[]) => api(...args) as unknown,
}));

import { useSession } from '../../stores/session';
import { PlatformSystemMessagePage } from './system-message-page';

const sent = {
  id: '1',
  messageTitle: '平台系统升级通知',
  agentIds: [],
  adminTypes: [],
  readCount: 0,
  recipientCount: 3,
  senderName: '平台管理员',
  sendTime: '2026-11-25T01:09:00.000Z',
};
const received = {
  id: '9',
  messageTitle: '您的两步验证已被管理员重置',
  receiveTime: '2026-12-03T08:00:00.000Z',
  status: 0,
};

describe("the platform's 系统消息: 已发送 and its own inbox side by side", { timeout: 20_000 }, () => {
  afterEach(cleanup);
  beforeEach(() => {
    useSession.setState({ adminType: 0, permissions: new Set(['saasMessage.page', 'saasMessage.create']) });
    api.mockReset();
    api.mockImplementation((def: unknown) =>
      Promise.resolve({
        total: 1,
        list: def === sentMessageEndpoints.page ? [sent] : def === receivedMessageEndpoints.page ? [received] : [],
      }),
    );
  });

  it('opens on 已发送 and shows the admin’s own notices under 我收到的', async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <App>
          <MemoryRouter>
            <PlatformSystemMessagePage />
          </MemoryRouter>
        </App>
      </QueryClientProvider>,
    );
    expect(await screen.findByText('平台系统升级通知')).toBeTruthy();
    expect(api).not.toHaveBeenCalledWith(receivedMessageEndpoints.page, expect.anything());
    fireEvent.click(screen.getByRole('tab', { name: '我收到的' }));
    expect(await screen.findByText('您的两步验证已被管理员重置')).toBeTruthy();
    expect(screen.queryByText('平台系统升级通知')).toBeNull();
    expect(screen.getByRole('button', { name: '全部已读' })).toBeTruthy();
  });
});
