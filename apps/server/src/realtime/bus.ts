import { createHash } from 'node:crypto';
import type { RealtimeEvent } from '@console/contract';
import { Redis } from 'ioredis';
import type { Revocation, Target } from './hub.js';

/** What travels between processes: an event for some sockets, or sessions to end. */
export type BusMessage =
  | { op: 'event'; target: Target; event: RealtimeEvent }
  | { op: 'revoke'; revocation: Revocation }
  /** Cached permissions of these accounts (or all, when null) are stale on every process. */
  | { op: 'forget'; adminIds: number[] | null };

/**
 * Fan-out between server processes. Every process, the sender included, acts on a message
 * when it comes back from the bus, so one code path serves one process and many.
 */
export interface Bus {
  publish(message: BusMessage): Promise<void>;
  /** Resolves when the bus answers (readiness); the in-process bus always does. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** One process: delivery is a function call. */
export function localBus(onMessage: (m: BusMessage) => void): Bus {
  return {
    publish: (m) => {
      onMessage(m);
      return Promise.resolve();
    },
    ping: () => Promise.resolve(),
    close: () => Promise.resolve(),
  };
}

/**
 * The pub/sub channel of one installation: processes sharing a database share events, and
 * two installations (or two test runs) on one Redis never hear each other.
 */
export function channelFor(databaseUrl: string): string {
  return `console:realtime:${createHash('sha256').update(databaseUrl).digest('hex').slice(0, 16)}`;
}

/** Several processes behind a load balancer: Redis pub/sub (a subscriber needs its own connection). */
export async function redisBus(
  url: string,
  channel: string,
  onMessage: (m: BusMessage) => void,
  onError: (err: unknown) => void,
): Promise<Bus> {
  const pub = new Redis(url, { maxRetriesPerRequest: 3 });
  const sub = new Redis(url, { maxRetriesPerRequest: 3 });
  pub.on('error', onError);
  sub.on('error', onError);
  sub.on('message', (_channel: string, raw: string) => {
    try {
      onMessage(JSON.parse(raw) as BusMessage);
    } catch (err) {
      onError(err);
    }
  });
  await sub.subscribe(channel);
  return {
    publish: async (m) => {
      await pub.publish(channel, JSON.stringify(m));
    },
    // Both connections: a process whose subscriber is down still publishes but hears nothing.
    ping: async () => {
      await Promise.all([pub.ping(), sub.ping()]);
    },
    close: async () => {
      await Promise.allSettled([sub.quit(), pub.quit()]);
    },
  };
}
