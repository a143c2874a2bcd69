import { connect } from 'node:net';
import { socketPath } from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { appWithOperator, type TestOperator } from '../../test/app-with-operator.js';
import { type TestApp, listenOnLoopback } from '../../test/test-app.js';

/** Sends a raw upgrade request and resolves with everything the server wrote before closing. */
function rawUpgrade(port: number, path: string, token: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString('latin1')));
    socket.on('close', () => resolve(received));
    socket.on('error', reject);
    socket.write(
      [
        `GET ${path} HTTP/1.1`,
        `Host: 127.0.0.1:${port}`,
        'Connection: Upgrade',
        'Upgrade: websocket',
        'Sec-WebSocket-Version: 13',
        'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
        `token: ${token}`,
        `Origin: http://127.0.0.1:${port}`,
        '',
        '',
      ].join('\r\n'),
    );
  });
}

describe('the websocket plugin lives in the /ws scope', () => {
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

  it('answers an upgrade request for an API path 404 and closes it, running no route', async () => {
    const answer = await rawUpgrade(port, '/api/adminLogin/info', op.token);
    expect(answer.startsWith('HTTP/1.1 404')).toBe(true);
    expect(answer).not.toContain('"code"');
  });

  it('still upgrades the socket path', async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}${socketPath(0, 'r1', op.adminId)}`, {
      origin: `http://127.0.0.1:${port}`,
    });
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    ws.close();
  });
});
