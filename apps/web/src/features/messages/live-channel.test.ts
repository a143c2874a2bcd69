import { QueryClient } from '@tanstack/react-query';
import type * as RequestModule from '../../lib/api/request';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const api = vi.fn();
vi.mock('../../lib/api/request', async (importOriginal) => ({
  ...(await importOriginal<typeof RequestModule>()),
  api: (...args: unknown[]) => api(...args) as unknown,
}));
vi.mock('../../lib/api/feedback', () => ({
  feedback: () => ({ message: { error: vi.fn() }, modal: { confirm: vi.fn() } }),
}));

import { useSession } from '../../stores/session';
import { RESOURCE_CHANGED_EVENT, applyRealtimeEvent } from './live-channel';
import { UNREAD_QUERY } from './unread';
import { resourceQueryKey } from '../../lib/api/resource-query-key';

describe('applyRealtimeEvent', () => {
  let queryClient: QueryClient;
  let signOut: ReturnType<typeof vi.fn<(reason: string) => void>>;

  beforeEach(() => {
    api.mockReset();
    queryClient = new QueryClient();
    signOut = vi.fn<(reason: string) => void>();
    useSession.setState({ notReadNumber: 0, notReadMessageList: [] });
  });
  const deps = (tracksUnread = true) => ({ queryClient, tracksUnread, signOut });

  it('refreshes the unread list when a frame contains the reminder text', async () => {
    const row = { id: '9', messageTitle: '停机', receiveTime: '2026-11-22T08:00:00.000Z', status: 0 as const };
    api.mockResolvedValue({ total: 3, list: [row] });
    const raw = JSON.stringify({
      type: 'message',
      messageId: '1',
      messageTitle: '停机',
      text: '您有一条新的系统消息：停机',
    });
    applyRealtimeEvent(
      { type: 'message', messageId: '1', messageTitle: '停机', text: '您有一条新的系统消息：停机' },
      raw,
      deps(),
    );
    await vi.waitFor(() => expect(useSession.getState().notReadNumber).toBe(3));
    expect(api.mock.calls[0]?.[1]).toMatchObject({ body: UNREAD_QUERY });
    expect(useSession.getState().notReadMessageList).toEqual([row]);
  });

  it('leaves the unread list alone for operators without the bell', () => {
    applyRealtimeEvent(
      { type: 'message', messageId: '1', messageTitle: 'x', text: '您有一条新的系统消息：x' },
      '您有一条新的系统消息',
      deps(false),
    );
    expect(api).not.toHaveBeenCalled();
  });

  it('invalidates the changed resource lists and tells other listeners', async () => {
    // Pages of two lists as the resource list screen keys them; only the changed one goes stale.
    const storePage = [...resourceQueryKey('store'), 'page', { page: 2, keyword: '西湖' }];
    const agentPage = [...resourceQueryKey('agent'), 'page', { page: 1 }];
    queryClient.setQueryData(storePage, { total: 0, list: [] });
    queryClient.setQueryData(agentPage, { total: 0, list: [] });
    const heard = vi.fn();
    window.addEventListener(RESOURCE_CHANGED_EVENT, heard);
    applyRealtimeEvent({ type: 'resourceChanged', resource: 'store', ids: ['4'] }, '{}', deps());
    expect(heard).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(queryClient.getQueryState(storePage)?.isInvalidated).toBe(true));
    expect(queryClient.getQueryState(agentPage)?.isInvalidated).toBe(false);
    window.removeEventListener(RESOURCE_CHANGED_EVENT, heard);
  });

  it('signs out at once when the session is revoked, and reloads menus when permissions change', () => {
    applyRealtimeEvent({ type: 'sessionRevoked', reason: '已被强制下线' }, '{}', deps());
    expect(signOut).toHaveBeenCalledWith('已被强制下线');
    const load = vi.spyOn(useSession.getState(), 'loadPermissions').mockResolvedValue();
    useSession.setState({ loadPermissions: load });
    applyRealtimeEvent({ type: 'permissionsChanged' }, '{}', deps());
    expect(load).toHaveBeenCalledTimes(1);
  });
});
