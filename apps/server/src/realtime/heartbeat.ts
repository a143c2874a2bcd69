import { socketCloseCodes } from '@console/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';
import type { Hub } from './hub.js';

const DEFAULT_HEARTBEAT_MS = 30_000;

/** One beat; see startHeartbeat. */
export async function heartbeatOnce(db: Kysely<Database>, hub: Hub): Promise<void> {
  const connections = hub.all();
  for (const c of connections) {
    if (c.awaitingPong) {
      hub.remove(c);
      c.socket.terminate();
      continue;
    }
    c.awaitingPong = true;
    c.socket.ping();
  }
  const live = connections.filter((c) => hub.has(c));
  const ids = [...new Set(live.map((c) => c.sessionId))];
  const now = Date.now();
  const alive = new Set<number>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .selectFrom('session')
      .where('id', 'in', ids.slice(i, i + 500))
      .select(['id', 'revokedAt', 'expiresAt', 'lastSeenAt', 'idleMinutes'])
      .execute();
    for (const r of rows) {
      const ok =
        r.revokedAt === null &&
        Date.parse(r.expiresAt) > now &&
        now - Date.parse(r.lastSeenAt) < r.idleMinutes * 60_000;
      if (ok) alive.add(r.id);
    }
  }
  for (const c of live) {
    if (!alive.has(c.sessionId)) {
      hub.revoke({ tokenHash: c.tokenHash, reason: '登录已过期，请重新登录' }, socketCloseCodes.sessionEnded);
    }
  }
}

/**
 * Every beat: a socket that did not answer the last ping is dead and dropped; the others are
 * pinged; and sockets whose session has expired or was revoked (possibly by a process that
 * missed telling us) are told and closed. The check reads the session row without touching
 * it, so an open tab alone does not keep an idle session alive.
 */
export function startHeartbeat(
  db: Kysely<Database>,
  hub: Hub,
  everyMs = DEFAULT_HEARTBEAT_MS,
  onError: (err: unknown) => void,
): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    heartbeatOnce(db, hub)
      .catch(onError)
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
