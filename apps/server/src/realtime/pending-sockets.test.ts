import { type RealtimeEvent, socketCloseCodes, socketPath } from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { appWithOperator, type TestOperator } from '../../test/app-with-operator.js';
import { type TestApp, listenOnLoopback } from '../../test/test-app.js';

/** Issue 15 defect 9: 300 unauthenticated sockets from one address were all accepted. */
describe('unauthenticated sockets per address', () => {
  let t: TestApp;
  let op: TestOperator;
  let port: number;

  beforeAll(async () => {
    ({ t, operator: op } = await appWithOperator({
      adminType: 1,
      permissions: [],
      env: { WS_PENDING_PER_ADDRESS: '3' },
    }));
    port = await listenOnLoopback(t);
  });
  afterAll(async () => {
    await t.close();
  });

  interface Client {
    ws: WebSocket;
    closed: Promise<number>;
    ready: Promise<void>;
  }
  async function open(): Promise<Client> {
    const ws = new WebSocket(`ws://127.0.0.1:${port}${socketPath(0, 'r1', op.adminId)}`);
    const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
    const ready = new Promise<void>((resolve) =>
      ws.on('message', (data: Buffer) => {
        if ((JSON.parse(data.toString('utf8')) as RealtimeEvent).type === 'ready') resolve();
      }),
    );
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return { ws, closed, ready };
  }
  /** The close code if the server closes the socket at once, else 'open'. */
  const fate = (c: Client) =>
    Promise.race([c.closed, new Promise<'open'>((resolve) => setTimeout(() => resolve('open'), 200))]);

  it('closes sockets beyond the cap with 4029; authenticating or closing frees a place', async () => {
    const pending = [await open(), await open(), await open()];
    for (const c of pending) expect(await fate(c)).toBe('open');
    expect(await fate(await open())).toBe(socketCloseCodes.rateLimited);

    // An authenticated socket is no longer pending.
    pending[0]!.ws.send(JSON.stringify({ type: 'auth', token: op.token }));
    await pending[0]!.ready;
    const fourth = await open();
    expect(await fate(fourth)).toBe('open');
    expect(await fate(await open())).toBe(socketCloseCodes.rateLimited);

    // A pending socket that goes away frees its place.
    pending[1]!.ws.close();
    await pending[1]!.closed;
    const fifth = await open();
    expect(await fate(fifth)).toBe('open');

    // So does a failed authentication, which closes the socket.
    fifth.ws.send(JSON.stringify({ type: 'auth', token: 'not-a-token' }));
    expect(await fifth.closed).toBe(socketCloseCodes.authFailed);
    const sixth = await open();
    expect(await fate(sixth)).toBe('open');
    for (const c of [pending[0]!, pending[2]!, fourth, sixth]) c.ws.close();
  });
});
