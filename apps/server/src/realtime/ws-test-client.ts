import type { RealtimeEvent } from '@console/contract';
import type { FastifyInstance } from 'fastify';

// Test helper: a client socket over `app.injectWS` (no network) that records frames and close.

export interface TestSocket {
  send(frame: unknown): void;
  frames: RealtimeEvent[];
  /** Resolves with the close code. */
  closed: Promise<number>;
  /** Resolves with the first frame (already received or coming) that satisfies `pred`. */
  next(pred: (e: RealtimeEvent) => boolean, timeoutMs?: number): Promise<RealtimeEvent>;
  close(): void;
}

export async function openTestSocket(
  app: FastifyInstance,
  userId: number | string,
  headers: Record<string, string> = {},
): Promise<TestSocket> {
  const ws = await app.injectWS(`/ws/0/r${Math.random().toString(36).slice(2)}/${userId}`, {
    headers,
  });
  const frames: RealtimeEvent[] = [];
  const waiters: Array<() => void> = [];
  ws.on('message', (data) => {
    // Text frames arrive as one Buffer; the other RawData shapes are read the same way.
    const bytes = Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
    const text = bytes.toString();
    frames.push(JSON.parse(text) as RealtimeEvent);
    for (const w of waiters.splice(0)) w();
  });
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  return {
    send: (frame) => ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame)),
    frames,
    closed,
    close: () => ws.close(),
    next: (pred, timeoutMs = 3_000) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no matching frame in ${timeoutMs} ms`)), timeoutMs);
        const check = () => {
          const hit = frames.find(pred);
          if (hit) {
            clearTimeout(timer);
            resolve(hit);
          } else waiters.push(check);
        };
        check();
      }),
  };
}

/** Opens a socket and authenticates it; resolves once the server said ready. */
export async function openReadySocket(app: FastifyInstance, userId: number, token: string): Promise<TestSocket> {
  const s = await openTestSocket(app, userId);
  s.send({ type: 'auth', token });
  await s.next((e) => e.type === 'ready');
  return s;
}
