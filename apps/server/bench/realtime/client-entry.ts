import { type RealtimeEvent, socketPath } from '@console/contract';
import WebSocket from 'ws';
import type { BenchSession } from './prepare-database.js';
import { wallNow } from './wall-clock.js';

/**
 * A child process holding many console sockets (the load generator, kept off the server's and
 * the benchmark's event loops). Each socket connects like a console tab: the console's Origin,
 * the auth frame first, then waits for `ready`. For every system message it reports once all of
 * its sockets have it, with the time the last one arrived.
 */
export type ClientCommand =
  { op: 'connect'; port: number; sessions: BenchSession[]; concurrency: number } | { op: 'close' };

export type ClientNotice =
  | { op: 'connected'; open: number; failed: number; retries: number; firstError: string | null }
  | { op: 'received'; messageId: string; lastAt: number }
  /** An authenticated socket closed while the benchmark still needed it. */
  | { op: 'lost'; code: number };

const sockets: WebSocket[] = [];
/** Messages set aside while another one's frames arrived (messages are sent one at a time). */
const arrivals = new Map<string, { bytes: Buffer; messageId: string; count: number; lastAt: number }>();
let closing = false;

function tell(notice: ClientNotice): void {
  process.send?.(notice);
}

// With the default binaryType a frame's data is one Buffer.
const textOf = (data: WebSocket.RawData) => (data as Buffer).toString('utf8');

/**
 * The message being counted: every socket receives the same bytes for it (the server frames an
 * event once), so a frame equal to them is counted without decoding it again. The client's own
 * work per frame is not the server's latency; on this two-core machine the client processes take
 * their CPU time from the same cores as the server, so they do as little as they can.
 */
let current: { bytes: Buffer; messageId: string; count: number; lastAt: number } | null = null;

function onFrame(data: WebSocket.RawData): void {
  const at = wallNow();
  const bytes = data as Buffer;
  if (current?.bytes.equals(bytes) !== true) {
    const event = JSON.parse(textOf(data)) as RealtimeEvent;
    if (event.type !== 'message') return;
    if (current?.messageId !== event.messageId) {
      if (current) arrivals.set(current.messageId, current);
      current = arrivals.get(event.messageId) ?? {
        bytes: Buffer.from(bytes),
        messageId: event.messageId,
        count: 0,
        lastAt: 0,
      };
      arrivals.delete(event.messageId);
    }
  }
  current.count += 1;
  current.lastAt = Math.max(current.lastAt, at);
  if (current.count === sockets.length) {
    tell({ op: 'received', messageId: current.messageId, lastAt: current.lastAt });
    current = null;
  }
}

/** Opens one socket and authenticates it; resolves once the server said ready. */
function open(port: number, session: BenchSession): Promise<WebSocket> {
  const origin = `http://127.0.0.1:${port}`;
  const randomId = Math.random().toString(36).slice(2, 10);
  // The server's frames are its own JSON.stringify output: the bench does not re-check their UTF-8.
  const ws = new WebSocket(`ws://127.0.0.1:${port}${socketPath(0, randomId, session.adminId)}`, {
    origin,
    skipUTF8Validation: true,
  });
  return new Promise((resolve, reject) => {
    ws.once('error', reject);
    ws.once('close', (code) => reject(new Error(`closed ${code} before ready`)));
    ws.once('open', () => ws.send(JSON.stringify({ type: 'auth', token: session.token })));
    ws.once('message', (data) => {
      const event = JSON.parse(textOf(data)) as RealtimeEvent;
      if (event.type !== 'ready') {
        reject(new Error(`first frame ${event.type}`));
        return;
      }
      ws.removeAllListeners();
      // A socket error is followed by its close, reported below.
      ws.on('error', () => {});
      ws.on('message', onFrame);
      ws.on('close', (code) => {
        if (!closing) tell({ op: 'lost', code });
      });
      resolve(ws);
    });
  });
}

/**
 * A console reconnects when its socket closes for any reason but an ended session; a busy
 * server can let the auth frame wait past the 5 s auth timeout. So does the benchmark, a few times.
 */
const ATTEMPTS = 4;

async function connectAll(port: number, sessions: BenchSession[], concurrency: number): Promise<void> {
  let next = 0;
  let failed = 0;
  let retries = 0;
  let firstError: string | null = null;
  const worker = async () => {
    while (next < sessions.length) {
      const session = sessions[next++]!;
      for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
        try {
          sockets.push(await open(port, session));
          break;
        } catch (err) {
          firstError ??= err instanceof Error ? err.message : String(err);
          if (attempt === ATTEMPTS) failed += 1;
          else retries += 1;
        }
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  tell({ op: 'connected', open: sockets.length, failed, retries, firstError });
}

process.on('message', (command: ClientCommand) => {
  if (command.op === 'connect') {
    void connectAll(command.port, command.sessions, command.concurrency);
    return;
  }
  closing = true;
  for (const ws of sockets) ws.terminate();
  process.exit(0);
});
process.once('disconnect', () => process.exit(0));
