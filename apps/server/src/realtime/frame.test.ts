import { type RealtimeEvent, socketPath } from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { appWithOperator, type TestOperator } from '../../test/app-with-operator.js';
import { type TestApp, listenOnLoopback } from '../../test/test-app.js';
import { encodeTextFrame } from './frame.js';

describe('encodeTextFrame', () => {
  it('uses the 7-bit, 16-bit and 64-bit length forms at their limits, counting UTF-8 bytes', () => {
    expect([...encodeTextFrame('a'.repeat(125)).subarray(0, 2)]).toEqual([0x81, 125]);
    expect([...encodeTextFrame('a'.repeat(126)).subarray(0, 4)]).toEqual([0x81, 126, 0, 126]);
    expect([...encodeTextFrame('a'.repeat(65_535)).subarray(0, 4)]).toEqual([0x81, 126, 0xff, 0xff]);
    expect([...encodeTextFrame('a'.repeat(65_536)).subarray(0, 10)]).toEqual([0x81, 127, 0, 0, 0, 0, 0, 1, 0, 0]);
    // 消 is three bytes: 42 characters are 126 bytes, past the 7-bit form.
    const cjk = encodeTextFrame('消'.repeat(42));
    expect([...cjk.subarray(0, 4)]).toEqual([0x81, 126, 0, 126]);
    expect(cjk.subarray(4).toString('utf8')).toBe('消'.repeat(42));
  });
});

describe('fan-out over a real socket', () => {
  let t: TestApp;
  let op: TestOperator;
  let port: number;

  beforeAll(async () => {
    ({ t, operator: op } = await appWithOperator({ adminType: 1, permissions: [] }));
    port = await listenOnLoopback(t);
  });
  afterAll(async () => {
    await t.close();
  });

  /** A console's socket (Origin of the server, offering compression as browsers do), authenticated. */
  async function openConsoleSocket(): Promise<{ ws: WebSocket; frames: RealtimeEvent[] }> {
    const ws = new WebSocket(`ws://127.0.0.1:${port}${socketPath(0, 'r1', op.adminId)}`, {
      origin: `http://127.0.0.1:${port}`,
    });
    const frames: RealtimeEvent[] = [];
    ws.on('message', (data: Buffer, isBinary: boolean) => {
      if (isBinary) throw new Error('a binary frame');
      frames.push(JSON.parse(data.toString('utf8')) as RealtimeEvent);
    });
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    ws.send(JSON.stringify({ type: 'auth', token: op.token }));
    await until(() => frames.some((f) => f.type === 'ready'));
    return { ws, frames };
  }

  it('delivers pre-framed events of every length form intact, uncompressed', async () => {
    const { ws, frames } = await openConsoleSocket();
    // The server declines permessage-deflate, so the frames written beside `ws` are what it expects.
    expect(ws.extensions).toBe('');
    const events: RealtimeEvent[] = [
      { type: 'permissionsChanged' },
      { type: 'message', messageId: '7', messageTitle: '系统维护通知'.repeat(10), text: '您有一条新的系统消息' },
      { type: 'resourceChanged', resource: 'store', ids: Array.from({ length: 12_000 }, (_, i) => String(i)) },
    ];
    for (const event of events) await t.app.realtime.publish({ kind: 'admins', adminIds: [op.adminId] }, event);
    await until(() => frames.length === 1 + events.length);
    expect(frames.slice(1)).toEqual(events);
    // The socket still works both ways after frames written beside `ws`.
    ws.send(JSON.stringify({ type: 'ping' }));
    await until(() => frames.at(-1)?.type === 'pong');
    ws.close();
  });
});

async function until(done: () => boolean, timeoutMs = 3_000): Promise<void> {
  const started = Date.now();
  while (!done()) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
