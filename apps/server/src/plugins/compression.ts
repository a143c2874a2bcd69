import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Below this, compressing costs more than the bytes it saves. */
export const compressThreshold = 1024;
/**
 * Up to this size an envelope is compressed on the event loop; a bigger one on libuv's threads,
 * as @fastify/compress does on a machine of two cores (its stream path starts at 8 KiB there).
 */
export const compressSyncLimit = 8192;

/** Favour latency over ratio: JSON compresses well even at a low brotli quality. */
const brotliOptions = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };

/**
 * On-the-fly brotli/gzip for API responses. Console assets are compressed once at build time
 * and served as `.br`/`.gz` twins (static-console.ts); a response that already carries a
 * Content-Encoding is left alone. Envelope endpoints (bindEndpoint) opt out of the plugin and
 * use `compressEnvelope` instead.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    threshold: compressThreshold,
    encodings: ['br', 'gzip'],
    brotliOptions,
  });
}

type Encoding = 'br' | 'gzip';
/** Accept-Encoding values seen, and what they choose: clients send a handful of distinct ones. */
const negotiated = new Map<string, Encoding | null>();

/**
 * What an Accept-Encoding header asks for among br and gzip (preferred in that order at equal
 * weight), as @fastify/compress negotiates it: `q` weights, `*` and `x-gzip` for gzip, and
 * q=0 refuses; null when neither is acceptable.
 */
export function negotiateEncoding(header: string): Encoding | null {
  let best: Encoding | null = null;
  let bestQ = 0;
  for (const part of header.toLowerCase().split(',')) {
    const [rawName = '', ...params] = part.split(';');
    const token = rawName.trim();
    const name = token === '*' || token === 'x-gzip' ? 'gzip' : token;
    if (name !== 'br' && name !== 'gzip') continue;
    let q = 1;
    for (const p of params) {
      const [k, v] = p.split('=');
      if (k?.trim() === 'q') q = Number(v);
    }
    if (q > bestQ || (q === bestQ && q > 0 && name === 'br')) {
      best = name;
      bestQ = q;
    }
  }
  return best;
}

function encodingOf(req: FastifyRequest): Encoding | null {
  const header = req.headers['accept-encoding'];
  if (!header || req.headers['x-no-compression'] !== undefined) return null;
  let encoding = negotiated.get(header);
  if (encoding === undefined) {
    encoding = negotiateEncoding(header);
    // Bounded: a client inventing headers must not grow the map without end.
    if (negotiated.size < 100) negotiated.set(header, encoding);
  }
  return encoding;
}

function markCompressed(reply: FastifyReply, encoding: Encoding, body: Buffer): void {
  const vary = reply.getHeader('vary');
  if (vary === undefined) reply.header('vary', 'accept-encoding');
  else if (!String(vary).includes('accept-encoding')) reply.header('vary', `${String(vary)}, accept-encoding`);
  reply.header('content-encoding', encoding);
  reply.header('content-length', body.length);
}

/**
 * The envelope endpoints' compression, one onSend hook instead of the plugin's three per request
 * (onRequest, preParsing, onSend with a full Accept-Encoding parse each time). An envelope is a
 * JSON string; most are far below the threshold, and that is decided from its length before
 * anything else is looked at (a UTF-16 unit is at most 3 bytes of UTF-8). Larger ones are
 * compressed as the plugin would: brotli (quality 4) or gzip by the client's Accept-Encoding,
 * `Vary: accept-encoding`, not when the client sends `x-no-compression`, the reply is not JSON or
 * already encoded.
 */
export function compressEnvelope(
  req: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: (err: Error | null, payload?: unknown) => void,
): void {
  if (typeof payload !== 'string' || payload.length * 3 < compressThreshold) {
    done(null, payload);
    return;
  }
  const size = Buffer.byteLength(payload);
  const encoding = size < compressThreshold ? null : encodingOf(req);
  if (!encoding) {
    done(null, payload);
    return;
  }
  const type = reply.getHeader('content-type');
  if (
    reply.getHeader('content-encoding') !== undefined ||
    typeof type !== 'string' ||
    !type.startsWith('application/json')
  ) {
    done(null, payload);
    return;
  }
  if (size <= compressSyncLimit) {
    const body = encoding === 'br' ? brotliCompressSync(payload, brotliOptions) : gzipSync(payload);
    markCompressed(reply, encoding, body);
    done(null, body);
    return;
  }
  const finish = (err: Error | null, body: Buffer) => {
    if (err) {
      done(err);
      return;
    }
    markCompressed(reply, encoding, body);
    done(null, body);
  };
  if (encoding === 'br') brotliCompress(payload, brotliOptions, finish);
  else gzip(payload, finish);
}
