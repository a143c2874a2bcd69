import type { ViewAsSession } from '@console/contract';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useViewAs } from '../../stores/view-as';
import { ViewAsBanner, formatRemaining } from './view-as-banner';

const LEFT_MS = (28 * 60 + 41) * 1000 + 500;

function session(mode: ViewAsSession['mode'] = 'read'): ViewAsSession {
  const now = Date.now();
  return {
    agentId: '12',
    agentName: '成都蜀联',
    mode,
    reason: null,
    startedAt: new Date(now - 60_000).toISOString(),
    expiresAt: new Date(now + LEFT_MS).toISOString(),
    adminName: '平台管理员',
    adminLoginName: 'admin',
  };
}

const answer = (errCode: number, data: unknown, status = 200) =>
  Promise.resolve(
    new Response(JSON.stringify({ errCode, errMsg: errCode === 0 ? '成功' : '以服务商身份查看已结束', data }), {
      status,
      headers: { 'Content-Type': 'application/json' },
    }),
  );

function renderBanner() {
  render(
    <App>
      <ViewAsBanner />
    </App>,
  );
}

describe('the 以服务商身份查看 banner', { timeout: 30_000 }, () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    // A view-as tab of a browser whose admin cookie is also there: the tab must never send it.
    sessionStorage.setItem('viewAs.tab', '1');
    sessionStorage.setItem('viewAs.token', 'va.tab-token');
    Cookies.set('SaaS-Token', 'admin-cookie-token');
    useViewAs.setState({ active: true, session: null, ended: false });
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    sessionStorage.clear();
    Cookies.remove('SaaS-Token');
  });

  it('formats what is left as mm:ss, never below zero', () => {
    expect(formatRemaining(LEFT_MS)).toBe('28:41');
    expect(formatRemaining(-5)).toBe('00:00');
  });

  it('names the provider and the mode, and counts down', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    const current = session();
    fetchMock = vi.fn(() => answer(0, current));
    vi.stubGlobal('fetch', fetchMock);
    renderBanner();
    expect(await screen.findByText('正在以「成都蜀联」身份查看')).toBeTruthy();
    expect(screen.getByText('只读')).toBeTruthy();
    expect(screen.getByText('剩余 28:41')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(2_000);
    });
    expect(screen.getByText('剩余 28:39')).toBeTruthy();
    // The tab's own token, never the admin's cookie.
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect((init.headers as Record<string, string>).token).toBe('va.tab-token');
  });

  it('退出 ends the view on the server, closes the tab, and shows it ended where closing is refused', async () => {
    const close = vi.spyOn(window, 'close').mockImplementation(() => undefined);
    fetchMock = vi.fn((url: string) => answer(0, url.includes('/viewAs/current') ? session() : null));
    vi.stubGlobal('fetch', fetchMock);
    renderBanner();
    await screen.findByText('剩余 28:41');
    fireEvent.click(screen.getByRole('button', { name: /退\s*出/ }));
    await waitFor(() => expect(close).toHaveBeenCalled());
    const urls = fetchMock.mock.calls.map(([url]) => String(url));
    expect(urls.some((url) => url.endsWith('/api/viewAs/end'))).toBe(true);
    expect(await screen.findByText('查看已结束')).toBeTruthy();
    expect(sessionStorage.getItem('viewAs.token')).toBeNull();
  });

  it('says 查看已结束 on 401110 and offers to close the tab', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => answer(401110, null, 401)),
    );
    renderBanner();
    expect(await screen.findByText('查看已结束')).toBeTruthy();
    expect(screen.getByRole('button', { name: '关闭标签页' })).toBeTruthy();
    // Still a view-as tab: nothing here falls back to the admin's cookie.
    expect(sessionStorage.getItem('viewAs.tab')).toBe('1');
  });

  it('shows nothing in an ordinary tab', () => {
    useViewAs.setState({ active: false });
    const { container } = render(<ViewAsBanner />);
    expect(container.textContent).toBe('');
  });
});
