import { type RealtimeEvent, SOCKET_UNSUPPORTED_ALERT, SYSTEM_MESSAGE_REMINDER } from '@console/contract';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { DEVICE_PRESENCE_EVENT } from '../../components/resource/live-presence';
import { invalidateChanged } from '../../lib/api/invalidate-changed';
import { resourceQueryKey } from '../../lib/api/resource-query-key';
import { useSession } from '../../stores/session';
import { useViewAs } from '../../stores/view-as';
import { MessageSocket, type SocketFactory, socketSupported } from './socket-client';
import { messageKeys, refreshUnread } from './unread';

/** Fired on window for screens that keep their own state outside TanStack Query. */
export const RESOURCE_CHANGED_EVENT = 'console:resource-changed';

export interface LiveChannelDeps {
  queryClient: QueryClient;
  /** The bell's operators (every signed-in account) keep an unread list. */
  tracksUnread: boolean;
  signOut: (reason: string) => void;
}

/** What one event from the server does to the console. */
export function applyRealtimeEvent(event: RealtimeEvent, raw: string, deps: LiveChannelDeps): void {
  // Spec section 4: the unread list refreshes when a frame contains the reminder text.
  if (raw.includes(SYSTEM_MESSAGE_REMINDER)) {
    if (deps.tracksUnread) void refreshUnread();
    void invalidateChanged(deps.queryClient, messageKeys.inbox);
  }
  switch (event.type) {
    case 'resourceChanged':
      // Invalidation refetches the open lists with their own page and filters kept.
      void invalidateChanged(deps.queryClient, resourceQueryKey(event.resource));
      window.dispatchEvent(new CustomEvent(RESOURCE_CHANGED_EVENT, { detail: event }));
      break;
    case 'devicePresence':
      // Open device lists patch their rows in place (live-presence.ts); nothing is refetched.
      window.dispatchEvent(new CustomEvent(DEVICE_PRESENCE_EVENT, { detail: event }));
      break;
    case 'permissionsChanged':
      // The new menu tree re-filters screens; the tab bar closes the tabs that are no longer allowed.
      useSession
        .getState()
        .loadPermissions()
        .catch((error: unknown) => console.error('权限刷新失败', error));
      break;
    case 'sessionRevoked':
      deps.signOut(event.reason);
      break;
    default:
      break;
  }
}

/**
 * The console's live channel, mounted once in the signed-in layout: opens the message socket
 * for the operator, applies its events, and runs the spec's liveness warning.
 */
export function LiveChannel({ create }: { create?: SocketFactory }) {
  const token = useSession((s) => s.token);
  const userId = useSession((s) => s.userInfo?.id);
  const adminType = useSession((s) => s.adminType);
  // A 以服务商身份查看 tab holds a view-as token, which the socket refuses (only an operator's own
  // session has an inbox and live events); without this it would warn 连接已断开 after 20 s.
  const viewAs = useViewAs((s) => s.active);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { modal, message } = App.useApp();
  const warnedUnsupported = useRef(false);

  useEffect(() => {
    if (!token || !userId || viewAs) return;
    if (!create && !socketSupported()) {
      if (!warnedUnsupported.current) {
        warnedUnsupported.current = true;
        modal.warning({ title: '提示', content: SOCKET_UNSUPPORTED_ALERT, okText: '知道了' });
      }
      return;
    }
    const deps: LiveChannelDeps = {
      queryClient,
      tracksUnread: adminType !== null,
      signOut: (reason) => {
        socket.stop();
        void message.warning(reason || '登录已失效，请重新登录', 3);
        useSession.getState().clearLocal();
        void navigate('/login', { replace: true });
      },
    };
    const socket = new MessageSocket({
      userId: String(userId),
      token,
      create,
      onEvent: (event, raw) => applyRealtimeEvent(event, raw, deps),
      onDown: () => {
        modal.confirm({
          title: '提示',
          content: '系统消息连接已断开，将无法及时收到新消息',
          okText: '重新连接',
          cancelText: '不再提醒',
          onOk: () => socket.reconnect(),
          onCancel: () => socket.silence(),
        });
      },
    });
    socket.start();
    return () => socket.stop();
  }, [token, userId, adminType, viewAs, create, queryClient, navigate, modal, message]);

  return null;
}
