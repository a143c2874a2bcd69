import { receivedMessageEndpoints } from '@console/contract';
import { api } from '../../lib/api/request';
import { useSession } from '../../stores/session';

/** The bell's query (spec section 7): the latest five unread. */
export const UNREAD_QUERY = { offset: 1, size: 5, status: 0 } as const;

/**
 * Loads the unread count and the latest five into the session store. A failed fetch is only
 * logged (spec section 8): `quiet` keeps the client from toasting error codes and network errors
 * alike; a lost session (5000) still signs out through the client.
 */
export async function refreshUnread(): Promise<void> {
  try {
    const page = await api(receivedMessageEndpoints.page, { body: UNREAD_QUERY, quiet: true });
    useSession.getState().setUnread(page.total, page.list);
  } catch (error) {
    console.warn('未读消息获取失败', error);
  }
}

/** Query keys of the message screens, so the live channel can refresh them. */
export const messageKeys = {
  inbox: ['saasMessageAgentUser'] as const,
  sent: ['saasMessage'] as const,
};
