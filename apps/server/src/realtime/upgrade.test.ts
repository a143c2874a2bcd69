import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { type RealtimeEvent, socketPath } from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { appWithOperator, type TestOperator } from '../../test/app-with-operator.js';
import { type TestApp, listenOnLoopback } from '../../test/test-app.js';

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

describe('a live socket keeps nothing of its upgrade request', () => {
  let t: TestApp;
  let op: TestOperator;
  let port: number;
  /** The raw upgrade requests the websocket server has seen, weakly. */
  const upgrades: Array<WeakRef<object>> = [];

  beforeAll(async () => {
    ({ t, operator: op } = await appWithOperator({ adminType: 1, permissions: [] }));
    port = await listenOnLoopback(t);
    t.app.websocketServer.on('connection', (_ws: unknown, raw: object) => upgrades.push(new WeakRef(raw)));
  });
  afterAll(async () => {
    await t.close();
  });

  async function openReady(): Promise<{ ws: WebSocket; frames: RealtimeEvent[]; closed: Promise<number> }> {
    const ws = new WebSocket(`ws://127.0.0.1:${port}${socketPath(0, 'r1', op.adminId)}`, {
      origin: `http://127.0.0.1:${port}`,
    });
    const frames: RealtimeEvent[] = [];
    ws.on('message', (data: Buffer) => frames.push(JSON.parse(data.toString('utf8')) as RealtimeEvent));
    const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    ws.send(JSON.stringify({ type: 'auth', token: op.token }));
    await until(() => frames.some((f) => f.type === 'ready'));
    return { ws, frames, closed };
  }

  it('lets the request be collected while the socket stays open, receives, answers and closes', async () => {
    const before = t.app.realtime.localConnections();
    const { ws, frames, closed } = await openReady();
    const request = upgrades.at(-1)!;
    for (let i = 0; i < 5 && request.deref(); i += 1) {
      await new Promise((resolve) => setImmediate(resolve));
      collectGarbage();
    }
    expect(request.deref()).toBeUndefined();

    await t.app.realtime.publish({ kind: 'admins', adminIds: [op.adminId] }, { type: 'permissionsChanged' });
    ws.send(JSON.stringify({ type: 'ping' }));
    await until(() => frames.some((f) => f.type === 'pong'));
    expect(frames.map((f) => f.type)).toEqual(['ready', 'permissionsChanged', 'pong']);

    expect(t.app.realtime.localConnections()).toBe(before + 1);
    ws.close();
    expect(await closed).toBe(1005);
    await until(() => t.app.realtime.localConnections() === before);
  });

  it('ends a socket whose websocket reports an error, as the plugin did', async () => {
    const before = t.app.realtime.localConnections();
    const { closed } = await openReady();
    const [server] = [...t.app.websocketServer.clients].slice(-1) as Array<{ emit(e: 'error', err: Error): void }>;
    server!.emit('error', new Error('a broken frame'));
    // Terminated: the TCP connection is destroyed without a close frame.
    expect(await closed).toBe(1006);
    await until(() => t.app.realtime.localConnections() === before);
  });
});

async function until(done: () => boolean, timeoutMs = 3_000): Promise<void> {
  const started = Date.now();
  while (!done()) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
