import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

const compressible = /\.(js|mjs|css|html|svg|json|txt|xml|wasm)$/;
/** Below this a compressed twin saves less than its request headers cost. */
const minBytes = 1024;

/**
 * Writes `.br` and `.gz` twins beside every compressible file of the build, at maximum
 * compression since it happens once; the server (@fastify/static `preCompressed`) picks the twin
 * the browser accepts. A twin that would not be smaller is not written.
 */
export function precompress(): Plugin {
  return {
    name: 'console-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir;
      if (!dir) return;
      const jobs = Object.values(bundle)
        .filter((item) => compressible.test(item.fileName))
        .map(async (item) => {
          const source = item.type === 'chunk' ? item.code : item.source;
          const raw = typeof source === 'string' ? Buffer.from(source) : Buffer.from(source);
          if (raw.length < minBytes) return;
          const [br, gzipped] = await Promise.all([
            brotli(raw, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
              },
            }),
            gz(raw, { level: constants.Z_BEST_COMPRESSION }),
          ]);
          const target = join(dir, item.fileName);
          if (br.length < raw.length) await writeFile(`${target}.br`, br);
          if (gzipped.length < raw.length) await writeFile(`${target}.gz`, gzipped);
        });
      await Promise.all(jobs);
    },
  };
}
