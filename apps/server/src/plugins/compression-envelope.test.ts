import { brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import { defineEndpoint, errors } from '@console/contract';
import fastifyCompress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bindEndpoint } from '../http/bind-endpoint.js';
import { compressSyncLimit, compressThreshold, negotiateEncoding } from './compression.js';

const brotliOptions = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };

/**
 * The envelope hook against @fastify/compress itself: the same envelope from a route bound by
 * bindEndpoint (our hook) and from a plain route the plugin compresses must come out alike for
 * every Accept-Encoding and size: same Content-Encoding and Vary, same body once decoded.
 */
describe('envelope compression matches @fastify/compress', () => {
  let app: FastifyInstance;
  const envelope = (n: number, text: string) => ({
    errCode: errors.ok.code,
    errMsg: errors.ok.message,
    data: { list: Array.from({ length: n }, (_, i) => ({ id: String(i), name: `${text}${i}` })) },
  });
  beforeAll(async () => {
    app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(() => (data) => JSON.stringify(data));
    await app.register(fastifyCompress, {
      global: true,
      threshold: compressThreshold,
      encodings: ['br', 'gzip'],
      brotliOptions,
    });
    const query = z.object({ n: z.coerce.number(), text: z.string() });
    const def = defineEndpoint({
      method: 'GET',
      path: '/t/envelope',
      access: 'public',
      audience: 'any',
      summary: '测试',
      module: '测试',
      write: false,
      query,
      response: z.unknown(),
    });
    bindEndpoint(app, def, ({ query: q }) => Promise.resolve(envelope(q.n, q.text).data));
    app.get('/t/plugin', (req, reply) => {
      const q = query.parse(req.query);
      return reply.type('application/json; charset=utf-8').send(JSON.stringify(envelope(q.n, q.text)));
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
  });

  const decode = (encoding: string | undefined, body: Buffer) =>
    encoding === 'br'
      ? brotliDecompressSync(body).toString()
      : encoding === 'gzip'
        ? gunzipSync(body).toString()
        : body.toString();

  const headers = [
    undefined,
    'gzip',
    'br',
    'gzip, deflate, br, zstd',
    'gzip;q=1, br;q=0.5',
    'br;q=0, gzip',
    'br;q=0, gzip;q=0',
    '*',
    'x-gzip',
    'identity',
    'deflate',
    'BR',
  ];
  // Sizes below, around and above the threshold, past the synchronous limit, ASCII and Chinese.
  const sizes: [number, string][] = [
    [1, 'a'],
    [20, 'a'],
    [40, 'ab'],
    [20, '网关设备'],
    [12, '网关设备名称'],
    [200, 'device'],
    [400, '网关设备'],
  ];

  it('answers as the plugin does', async () => {
    let compressed = 0;
    for (const [n, text] of sizes) {
      for (const accept of headers) {
        const h = accept === undefined ? {} : { 'accept-encoding': accept };
        const ours = await app.inject({
          method: 'GET',
          url: `/api/t/envelope?n=${n}&text=${encodeURIComponent(text)}`,
          headers: h,
        });
        const theirs = await app.inject({
          method: 'GET',
          url: `/t/plugin?n=${n}&text=${encodeURIComponent(text)}`,
          headers: h,
        });
        const what = `${n}×${text}, accept-encoding ${accept}`;
        expect(ours.statusCode, what).toBe(200);
        expect(ours.headers['content-encoding'], what).toBe(theirs.headers['content-encoding']);
        expect(ours.headers.vary, what).toBe(theirs.headers.vary);
        expect(decode(ours.headers['content-encoding'], ours.rawPayload), what).toBe(
          decode(theirs.headers['content-encoding'], theirs.rawPayload),
        );
        if (ours.headers['content-encoding']) {
          compressed += 1;
          expect(Number(ours.headers['content-length']), what).toBe(ours.rawPayload.length);
        }
      }
    }
    // The table must exercise both sides of the threshold and the asynchronous path.
    expect(compressed).toBeGreaterThan(10);
    expect(JSON.stringify(envelope(400, '网关设备')).length).toBeGreaterThan(compressSyncLimit);
  });

  it('leaves the envelope alone for a client that asks for none', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/t/envelope?n=400&text=a',
      headers: { 'accept-encoding': 'gzip', 'x-no-compression': '1' },
    });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json<{ data: { list: unknown[] } }>().data.list).toHaveLength(400);
  });
});

describe('negotiateEncoding', () => {
  it('weighs q values and prefers brotli at equal weight', () => {
    expect(negotiateEncoding('gzip, br')).toBe('br');
    expect(negotiateEncoding('gzip;q=0.9, br;q=0.8')).toBe('gzip');
    expect(negotiateEncoding('br;q=0')).toBeNull();
    expect(negotiateEncoding('identity')).toBeNull();
    expect(negotiateEncoding('*;q=0.5, br;q=0.4')).toBe('gzip');
  });
});
