import { Writable } from 'node:stream';
import Fastify, { LogController } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-app.js';
import { loggableUrl, registerAccessLog } from './access-log.js';

/** A log destination that keeps every line for the test to read. */
function captureLog() {
  const lines: Record<string, unknown>[] = [];
  const raw: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      const text = chunk.toString();
      raw.push(text);
      for (const line of text.split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { stream, lines, raw };
}

const secretToken = 'tok_4f9c2d1e8a7b6c5d4e3f2a1b0c9d8e7f';
const secretPassword = 'Pa55word!never-log-me';

describe('access log', () => {
  let database: TestDatabase;
  const log = captureLog();
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    database = await createTestDatabase();
    const config = loadConfig({ DATABASE_URL: database.url, SEED_DEMO: '0', LOG_LEVEL: 'info' });
    app = await buildApp({ config, database, logStream: log.stream });
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  it('writes one structured line per request with method, masked url, status, duration and request id', async () => {
    log.lines.length = 0;
    const res = await app.inject({ method: 'GET', url: `/api/health?token=${secretToken}&view=full` });
    const requestLines = log.lines.filter((l) => l.msg === 'request');
    expect(requestLines).toHaveLength(1);
    const line = requestLines[0]!;
    expect(line).toMatchObject({ method: 'GET', url: '/api/health?token=***&view=full', status: 200, level: 30 });
    expect(typeof line.durationMs).toBe('number');
    expect(line.requestId).toBe(res.headers['x-request-id'] ?? line.requestId);
    expect(String(line.requestId)).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('never writes tokens, cookies or passwords, whatever the request carries', async () => {
    log.raw.length = 0;
    await app.inject({
      method: 'POST',
      url: `/api/no/such/thing?password=${secretPassword}`,
      headers: { token: secretToken, 'x-token': secretToken, cookie: `SaaS-Token=${secretToken}` },
      payload: { loginName: 'admin', password: secretPassword },
    });
    await app.inject({ method: 'GET', url: '/api/health', headers: { token: secretToken } });
    const text = log.raw.join('');
    expect(text).toContain('"msg":"request"');
    expect(text).not.toContain(secretToken);
    expect(text).not.toContain(secretPassword);
    expect(text).not.toMatch(/cookie/i);
  });

  it('logs the error envelope’s request id on the line of a failed request', async () => {
    log.lines.length = 0;
    const res = await app.inject({ method: 'POST', url: '/api/no/such/thing' });
    const body = res.json<{ requestId: string }>();
    const line = log.lines.find((l) => l.msg === 'request');
    expect(line).toMatchObject({ status: 404, requestId: body.requestId });
  });
});

describe('access log operator id', () => {
  it('names the signed-in operator when the request had one', async () => {
    const log = captureLog();
    const app = Fastify({
      logger: { level: 'info', stream: log.stream },
      logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: 'requestId' }),
    });
    app.decorateRequest('operator', null);
    registerAccessLog(app);
    app.get('/as-operator', (req, reply) => {
      req.operator = { id: 42 } as NonNullable<typeof req.operator>;
      return reply.send('ok');
    });
    app.get('/anonymous', (_req, reply) => reply.send('ok'));
    await app.inject({ method: 'GET', url: '/as-operator' });
    await app.inject({ method: 'GET', url: '/anonymous' });
    await app.close();
    const lines = log.lines.filter((l) => l.msg === 'request');
    expect(lines.map((l) => l.operatorId)).toEqual([42, undefined]);
  });
});

describe('loggableUrl', () => {
  it('masks secret-looking query values and keeps the rest', () => {
    expect(loggableUrl('/api/x')).toBe('/api/x');
    expect(loggableUrl('/ws/0/a/1?ticket=abc')).toBe('/ws/0/a/1?ticket=***');
    // A signed link to a private file works for minutes: its signature stays out of the log too.
    expect(loggableUrl('/files/a.png?exp=1700000000&sig=abc-_')).toBe('/files/a.png?exp=1700000000&sig=***');
    expect(loggableUrl('/api/x?name=%E5%BC%A0&X-Token=t&psw=p&captchaCode=1')).toBe(
      '/api/x?name=%E5%BC%A0&X-Token=***&psw=***&captchaCode=***',
    );
  });

  it('writes a plain query back exactly as the decoding round trip would (its fast path)', () => {
    // The masking rule spelled out the slow way: decode every pair, mask, write back.
    const roundTrip = (url: string) => {
      const q = url.indexOf('?');
      const params = new URLSearchParams(url.slice(q + 1));
      for (const key of new Set(params.keys())) {
        if (
          /pass(word)?|psw|token|ticket|secret|captcha|^code$|credential|api_?key|access_?key|^sign$|^sig$|signature/i.test(
            key,
          )
        )
          params.set(key, '***');
      }
      const rest = params.toString();
      return rest ? `${url.slice(0, q)}?${rest}` : url.slice(0, q);
    };
    for (const url of [
      '/api/ZKBManager/getDevice?id=123',
      '/api/x?id=1&view=full&a.b=c-d*e_f',
      '/api/x?id=',
      '/api/x?token=abc&id=1',
      '/api/x?id=1&Password=p',
      '/api/x?code=1&sign=2',
      '/files/a.png?exp=1&sig=2',
      '/api/x?id=1&&b=2',
      '/api/x?flag',
      '/api/x?q=a+b',
      '/api/x?pass%77ord=p',
      '/api/x?q=%E4%B8%AD&id=1',
      '/api/x?',
    ]) {
      expect(loggableUrl(url), url).toBe(roundTrip(url));
    }
  });
});
