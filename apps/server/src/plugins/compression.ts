import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Below this, compressing costs more than the bytes it saves. */
export const compressThreshold = 1024;

/**
 * On-the-fly brotli/gzip for API responses. Console assets are compressed once at build time
 * and served as `.br`/`.gz` twins (static-console.ts); a response that already carries a
 * Content-Encoding is left alone.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    threshold: compressThreshold,
    encodings: ['br', 'gzip'],
    // Favour latency over ratio: JSON compresses well even at a low brotli quality.
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
