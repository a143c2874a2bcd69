import { errors, receivedMessageEndpoints } from '@console/contract';
import { api } from '../../lib/api/request';
import { useSession } from '../../stores/session';

/** The bell's query (spec section 7): the latest five unread. */
export const UNREAD_QUERY = { offset: 1, size: 5, status: 0 } as const;

// Only a lost session is worth telling the operator about; any other failure of the badge
// fetch is logged and nothing more (spec section 8).
const quietCodes = Object.values(errors)
  .map((e) => e.code)
  .filter((code) => code !== errors.notSignedIn.code);

/** Loads the unread count and the latest five into the session store; failures are only logged. */
export async function refreshUnread(): Promise<void> {
  try {
    const page = await api(receivedMessageEndpoints.page, { body: UNREAD_QUERY, quietCodes });
    useSession.getState().setUnread(page.total, page.list);
  } catch (error) {
    console.error('未读消息获取失败', error);
  }
}

/** Query keys of the message screens, so the live channel can refresh them. */
export const messageKeys = {
  inbox: ['saasMessageAgentUser'] as const,
  sent: ['saasMessage'] as const,
};
