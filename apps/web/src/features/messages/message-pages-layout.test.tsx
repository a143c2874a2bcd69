import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ThemeProvider } from '../../layout/theme-provider';
import { useSession } from '../../stores/session';
import { SystemMessagePage } from './system-message-page';

const sent = {
  id: '1',
  messageTitle: '平台系统升级通知',
  agentIds: ['1', '2'],
  adminTypes: [],
  readCount: 0,
  recipientCount: 3,
  senderName: '平台管理员',
  sendTime: '2026-11-25T01:09:00.000Z',
};
const received = { id: '1', messageTitle: '平台系统升级通知', receiveTime: '2026-11-25T01:09:00.000Z', status: 0 };

function renderPage(page: React.JSX.Element, row: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(() =>
      Promise.resolve(new Response(JSON.stringify({ errCode: 0, errMsg: '成功', data: { total: 1, list: [row] } }))),
    ),
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ThemeProvider>
        <MemoryRouter>{page}</MemoryRouter>
      </ThemeProvider>
    </QueryClientProvider>,
  );
}

/** The table of the page lays its columns out at their natural width (it scrolls sideways when narrow). */
const naturalWidth = () => screen.getAllByRole('table').every((table) => table.style.width === 'max-content');

describe('系统消息 at phone width', { timeout: 20_000 }, () => {
  beforeEach(() => useSession.setState({ permissions: new Set(['saasMessage.create']) }));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('the platform screen keeps its search out of the card head, and its columns at their natural width', async () => {
    renderPage(<SystemMessagePage audience="platform" />, sent);
    expect(await screen.findByText('平台系统升级通知')).toBeTruthy();
    expect(screen.getByPlaceholderText('按标题搜索').closest('.ant-card-head')).toBeNull();
    expect(naturalWidth()).toBe(true);
  });

  it("an operator's inbox keeps its columns at their natural width", async () => {
    renderPage(<SystemMessagePage audience="inbox" />, received);
    expect(await screen.findByText('平台系统升级通知')).toBeTruthy();
    expect(naturalWidth()).toBe(true);
  });
});
