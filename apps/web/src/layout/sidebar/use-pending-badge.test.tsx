import type { RealtimeEvent } from '@console/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyRealtimeEvent } from '../../features/messages/live-channel';
import { useAppStore } from '../../stores/app';
import { useSession } from '../../stores/session';
import { usePendingBadge } from './use-pending-badge';

describe('the store-application badge', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks again at once when the server announces a change of the application queue', async () => {
    let pending = 3;
    const fetch = vi.fn(() =>
      Promise.resolve(new Response(JSON.stringify({ errCode: 0, errMsg: '成功', data: pending }))),
    );
    vi.stubGlobal('fetch', fetch);
    useSession.setState({ token: 't', adminType: 0, permissions: new Set(['storeApplication']) });
    const queryClient = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => usePendingBadge(), { wrapper });
    await waitFor(() => expect(result.current).toBe(3));
    expect(useAppStore.getState().sidebarBadge).toBe(3);

    // Another operator approved one: the frame names the queue, not the badge.
    pending = 2;
    const event: RealtimeEvent = { type: 'resourceChanged', resource: 'storeApplication', ids: ['7'] };
    applyRealtimeEvent(event, JSON.stringify(event), { queryClient, tracksUnread: false, signOut: vi.fn() });
    await waitFor(() => expect(result.current).toBe(2));
    expect(useAppStore.getState().sidebarBadge).toBe(2);
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
