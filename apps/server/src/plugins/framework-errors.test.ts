import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithOperator, type TestOperator } from '../../test/app-with-operator.js';
import { listenOnLoopback, type TestApp } from '../../test/test-app.js';

type Envelope = { errCode: number; errMsg: string; data: unknown };

/**
 * Issue 26: every refusal is the envelope with a Chinese errMsg, the framework's own too. Sent
 * over a raw socket because inject (and every HTTP client) would encode the URL first: the bytes
 * here are what a hand-written client or a device sends.
 */
describe('errors the framework raises', () => {
  let t: TestApp;
  let port: number;
  let admin: TestOperator;

  beforeAll(async () => {
    ({ t, operator: admin } = await appWithOperator({ permissions: ['saasRole.page'] }));
    port = await listenOnLoopback(t);
  });
  afterAll(async () => {
    await t.close();
  });

  /**
   * Writes the bytes as they are and reads the whole answer. The socket is left open for writing:
   * the server closes it after an error or `Connection: close`, while a half-close of ours could
   * end the connection before a slower answer (a session read first) was written.
   */
  const raw = (request: string | Buffer) =>
    new Promise<{ status: number; headers: string; body: string }>((resolve, reject) => {
      const chunks: Buffer[] = [];
      const socket = connect(port, '127.0.0.1', () => socket.write(request));
      socket.on('data', (chunk: Buffer) => chunks.push(chunk));
      socket.on('error', reject);
      socket.on('close', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const [head = '', body = ''] = text.split('\r\n\r\n', 2);
        resolve({ status: Number(head.split(' ')[1]), headers: head, body });
      });
    });

  const request = (line: string, headers: string[] = [], body = '') =>
    [line, 'Host: 127.0.0.1', 'Connection: close', ...headers, '', body].join('\r\n');

  const expectEnvelope = (label: string, res: { body: string }, errCode: number) => {
    const body = JSON.parse(res.body) as Envelope;
    expect(body.errCode, label).toBe(errCode);
    expect(body.data, label).toBeNull();
    expect(body.errMsg, label).toMatch(/[\u4e00-\u9fff]/);
    expect(res.body, label).not.toMatch(/Bad Request|Client Error|statusCode|"error"/);
  };

  it('answers raw Chinese in the URL with the envelope', async () => {
    for (const line of [
      'GET /api/saasRole/getById?id=中文 HTTP/1.1',
      'POST /api/files/upload?name=头像.png HTTP/1.1',
      'GET /api/中文 HTTP/1.1',
    ]) {
      const res = await raw(Buffer.from(request(line, [`token: ${admin.token}`])));
      expect(res.status, line).toBe(400);
      expect(res.headers, line).toMatch(/content-type: application\/json; charset=utf-8/i);
      expectEnvelope(line, res, 400001);
    }
  });

  it('answers what Node cannot parse at all with the envelope (spaces, unknown method, garbage)', async () => {
    for (const text of [request('GET /api/a b c HTTP/1.1'), request('FETCH /api/health HTTP/1.1'), 'HELLO\r\n\r\n']) {
      const res = await raw(text);
      expect(res.status, text).toBe(400);
      expectEnvelope(text, res, 400001);
    }
  });

  it('answers headers too large with the envelope', async () => {
    const res = await raw(request('GET /api/health HTTP/1.1', [`X-Padding: ${'a'.repeat(20_000)}`]));
    expect(res.status).toBe(431);
    expectEnvelope('431', res, 431001);
  });

  it('answers a malformed percent escape in the path with the envelope', async () => {
    const res = await raw(request('GET /api/saasRole/%E4%ZZ HTTP/1.1'));
    expect(res.status).toBe(400);
    expectEnvelope('bad %', res, 400001);
  });

  it('answers refusals inside Fastify (media type, size, JSON, unknown route or method) with the envelope', async () => {
    const token = `token: ${admin.token}`;
    const cases: Array<[string, string, number, number]> = [
      [
        'unsupported media type',
        request(
          'POST /api/saasRole/getList HTTP/1.1',
          [token, 'Content-Type: application/xml', 'Content-Length: 2'],
          'hi',
        ),
        415,
        415001,
      ],
      [
        'bad content-type',
        request('POST /api/saasRole/getList HTTP/1.1', [token, 'Content-Type: ;;', 'Content-Length: 2'], 'hi'),
        415,
        415001,
      ],
      [
        'malformed JSON',
        request(
          'POST /api/saasRole/getList HTTP/1.1',
          [token, 'Content-Type: application/json', 'Content-Length: 2'],
          '{x',
        ),
        400,
        400100,
      ],
      [
        'too large',
        request(
          'POST /api/saasRole/getList HTTP/1.1',
          [token, 'Content-Type: application/json', `Content-Length: ${2 * 1024 * 1024}`],
          '',
        ),
        413,
        413001,
      ],
      ['unknown route', request('GET /api/no/such/thing HTTP/1.1'), 404, 404],
      ['method not served', request('DELETE /api/saasRole/getList HTTP/1.1', [token]), 404, 404],
    ];
    for (const [label, text, status, errCode] of cases) {
      const res = await raw(text);
      expect(res.status, label).toBe(status);
      expectEnvelope(label, res, errCode);
    }
  });
});
