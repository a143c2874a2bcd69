import { receivedMessageEndpoints } from '@console/contract';
import { type MockInstance, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const toast = vi.fn();
vi.mock('../../lib/api/feedback', () => ({
  feedback: () => ({ message: { error: toast }, modal: { confirm: vi.fn() } }),
}));

import { useSession } from '../../stores/session';
import { refreshUnread } from './unread';

const row = { id: '31', messageTitle: '今晚停机维护', receiveTime: '2026-11-22T08:00:00.000Z', status: 0 as const };

// These go through the real request client: only fetch is replaced.
describe('refreshUnread', () => {
  let warned: MockInstance<typeof console.warn>;
  beforeEach(() => {
    toast.mockReset();
    useSession.setState({ notReadNumber: 3, notReadMessageList: [row] });
    warned = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    warned.mockRestore();
    vi.unstubAllGlobals();
  });

  it('asks for the latest five unread and stores the count', async () => {
    const fetchMock = vi.fn((_url: string, _init?: RequestInit) =>
      Promise.resolve(new Response(JSON.stringify({ errCode: 0, errMsg: '成功', data: { total: 9, list: [row] } }))),
    );
    vi.stubGlobal('fetch', fetchMock);
    await refreshUnread();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(`/api${receivedMessageEndpoints.page.path}`);
    expect(JSON.parse(init?.body as string)).toEqual({ offset: 1, size: 5, status: 0 });
    expect(useSession.getState().notReadNumber).toBe(9);
    expect(warned).not.toHaveBeenCalled();
  });

  it('only logs a network failure: no toast, the badge keeps its last count', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await refreshUnread();
    expect(toast).not.toHaveBeenCalled();
    expect(warned).toHaveBeenCalledWith('未读消息获取失败', expect.objectContaining({ name: 'NetworkError' }));
    expect(useSession.getState().notReadNumber).toBe(3);
  });

  it('only logs an error code from the server', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          new Response(JSON.stringify({ errCode: 500000, errMsg: '服务器开小差了，请稍后再试', data: null }), {
            status: 500,
          }),
        ),
      ),
    );
    await refreshUnread();
    expect(toast).not.toHaveBeenCalled();
    expect(warned).toHaveBeenCalledWith('未读消息获取失败', expect.objectContaining({ errCode: 500000 }));
  });
});
