import {
  type RealtimeEvent,
  SOCKET_AUTH_TIMEOUT_MS,
  SOCKET_RATE,
  clientFrame,
  socketCloseCodes,
} from '@console/contract';
import type { Operator } from '../credentials/operator.js';
import { hashToken } from '../credentials/tokens.js';
import type { Connection, Hub, Socket } from './hub.js';
import type { UpgradeFacts } from './upgrade.js';

export interface ConnectionDeps {
  hub: Hub;
  resolve(token: string): Promise<Operator | null>;
  /** A failed session lookup (the server's logger: the socket keeps no request of its own). */
  onLookupError(err: unknown): void;
  authTimeoutMs?: number;
  /** Called once when the socket stops being pending: authenticated, or closed (PendingSockets). */
  settled?: () => void;
}

/**
 * A browser may only open the channel from the console's own origin: compared with the Host
 * the request came to, since the console is served by this same server. Clients without an
 * Origin (not browsers) are judged by their token alone.
 */
export function sameOrigin({ origin, host }: Pick<UpgradeFacts, 'origin' | 'host'>): boolean {
  if (!origin) return true;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

function parseJson(data: unknown): unknown {
  try {
    return JSON.parse(Buffer.isBuffer(data) ? data.toString('utf8') : '');
  } catch {
    return null;
  }
}

function send(socket: Socket, event: RealtimeEvent): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(event));
}

/**
 * One console tab's socket: waits for `{"type":"auth","token"}` (closing after 5 s without),
 * checks the token belongs to the path's userId, then joins the hub. Frames beyond the rate are
 * a misbehaving client, and it is disconnected. It is given facts copied from the upgrade
 * request, not the request: its listeners live as long as the socket (see releaseUpgrade).
 */
export function handleConnection(rawSocket: unknown, upgrade: UpgradeFacts, userIdParam: string, deps: ConnectionDeps) {
  // A `ws` socket; the package ships no types, and the channel needs only this much of it.
  const socket = rawSocket as Socket;
  const { stream } = upgrade;
  if (!sameOrigin(upgrade)) {
    deps.settled?.();
    socket.close(socketCloseCodes.foreignOrigin, 'origin not allowed');
    return;
  }
  const userId = /^\d{1,15}$/.test(userIdParam) ? Number(userIdParam) : NaN;
  let conn: Connection | null = null;
  let authing = false;
  let windowStart = Date.now();
  let frames = 0;

  const timer = setTimeout(() => {
    if (!conn) socket.close(socketCloseCodes.authTimeout, 'auth timeout');
  }, deps.authTimeoutMs ?? SOCKET_AUTH_TIMEOUT_MS);

  socket.on('close', () => {
    deps.settled?.();
    clearTimeout(timer);
    if (conn) deps.hub.remove(conn);
  });
  socket.on('pong', () => {
    if (conn) conn.awaitingPong = false;
  });

  socket.on('message', (data, isBinary) => {
    const now = Date.now();
    if (now - windowStart > SOCKET_RATE.windowMs) {
      windowStart = now;
      frames = 0;
    }
    frames += 1;
    if (frames > SOCKET_RATE.frames) {
      socket.close(socketCloseCodes.rateLimited, 'too many frames');
      return;
    }
    const frame = clientFrame.safeParse(isBinary ? null : parseJson(data));
    if (!conn) {
      // Before authentication only one auth frame is accepted; anything else ends the socket.
      if (authing) return;
      if (!frame.success || frame.data.type !== 'auth') {
        socket.close(socketCloseCodes.authFailed, 'auth required');
        return;
      }
      authing = true;
      const token = frame.data.token;
      deps.resolve(token).then(
        (operator) => {
          if (socket.readyState !== socket.OPEN) return;
          if (!operator || operator.id !== userId) {
            socket.close(socketCloseCodes.authFailed, 'auth failed');
            return;
          }
          clearTimeout(timer);
          conn = {
            socket,
            ...(stream ? { stream } : {}),
            adminId: operator.id,
            sessionId: operator.sessionId,
            tokenHash: hashToken(token),
            adminType: operator.adminType,
            agentId: operator.agentId,
            awaitingPong: false,
          };
          deps.hub.add(conn);
          deps.settled?.();
          send(socket, { type: 'ready' });
        },
        (err: unknown) => {
          deps.onLookupError(err);
          socket.close(socketCloseCodes.authFailed, 'auth failed');
        },
      );
      return;
    }
    if (frame.success && frame.data.type === 'ping') send(socket, { type: 'pong' });
  });
}
