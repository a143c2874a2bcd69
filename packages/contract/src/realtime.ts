import { z } from 'zod';

/**
 * The live channel between the server and a signed-in console: one websocket per tab at
 * `/ws/{storeId}/{randomId}/{userId}` (console operators use storeId 0, userId = userInfo.id).
 * The token never travels in the URL: the first frame authenticates.
 */
export function socketPath(storeId: string | number, randomId: string, userId: string | number): string {
  return `/ws/${storeId}/${randomId}/${userId}`;
}

/** The text a new-message frame contains; the console refreshes its unread list on it (spec 4). */
export const SYSTEM_MESSAGE_REMINDER = '您有一条新的系统消息';
/** The console checks its socket this often (spec 9). */
export const SOCKET_LIVENESS_MS = 20_000;
/** Without an auth frame this soon after connecting, the server closes the socket. */
export const SOCKET_AUTH_TIMEOUT_MS = 5_000;
/** Largest frame the server accepts from a console. */
export const SOCKET_MAX_FRAME_BYTES = 4_096;
/** Frames a console may send per rate window before it is disconnected. */
export const SOCKET_RATE = { frames: 30, windowMs: 10_000 } as const;
export const SOCKET_UNSUPPORTED_ALERT = '您的浏览器不支持socket，无法接收系统消息，请更换浏览器';

/** Close codes the server uses; the console does not reconnect after the session ones. */
export const socketCloseCodes = {
  authFailed: 4001,
  foreignOrigin: 4003,
  authTimeout: 4008,
  rateLimited: 4029,
  sessionEnded: 4010,
  serverShutdown: 1001,
  /** The process is draining (SIGTERM): the console reconnects, through the load balancer, to another. */
  serviceRestart: 1012,
} as const;

export const clientFrame = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auth'), token: z.string().min(1).max(200) }),
  z.object({ type: z.literal('ping') }),
]);
export type ClientFrame = z.infer<typeof clientFrame>;

export const realtimeEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('pong') }),
  /** A new system message for this operator; `text` contains SYSTEM_MESSAGE_REMINDER. */
  z.object({ type: z.literal('message'), messageId: z.string(), messageTitle: z.string(), text: z.string() }),
  /** Records of a resource changed: an open list of it refreshes in place. */
  z.object({ type: z.literal('resourceChanged'), resource: z.string(), ids: z.array(z.string()) }),
  /**
   * Devices went on or off line: open gateway/terminal lists patch the rows they show (by id)
   * instead of refetching, so thousands of devices flapping never become thousands of list queries.
   */
  z.object({
    type: z.literal('devicePresence'),
    device: z.enum(['gateway', 'android']),
    rows: z.array(z.object({ id: z.string(), online: z.boolean(), at: z.string().nullable() })),
  }),
  /** This operator's permissions changed: the console reloads its menus. */
  z.object({ type: z.literal('permissionsChanged') }),
  /** This session ended (logout elsewhere, password change, force logout, expiry). */
  z.object({ type: z.literal('sessionRevoked'), reason: z.string() }),
]);
export type RealtimeEvent = z.infer<typeof realtimeEvent>;

/** The reminder frame text for one message. */
export function messageReminderText(title: string): string {
  return `${SYSTEM_MESSAGE_REMINDER}：${title}`;
}
