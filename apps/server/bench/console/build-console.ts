import { join } from 'node:path';
import type { Plugin, build as viteBuild } from 'vite';
import { benchDataDir, webDir } from './paths.js';

const viteModule = 'vite';

/** One output chunk of a console build, as the bundler wrote it. */
export interface BuiltChunk {
  fileName: string;
  isEntry: boolean;
  isDynamicEntry: boolean;
  /** The source module the chunk was made for (a lazy page's file), when it has one. */
  facadeModuleId: string | null;
  /** Every module whose code the chunk holds (absolute paths; node_modules included). */
  moduleIds: string[];
  /** Chunks it imports statically: they load with it. */
  imports: string[];
}

export interface ConsoleBuild {
  outDir: string;
  chunks: BuiltChunk[];
}

/** Records the chunk graph of the build; the vite manifest names chunks but not the modules inside them. */
function chunkGraph(into: BuiltChunk[]): Plugin {
  return {
    name: 'console-bench-chunk-graph',
    apply: 'build',
    // Last, after vite's CSS step has removed the JavaScript chunks that held only styles (and
    // their names from the importers' `imports`): those files are never written.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const item of Object.values(bundle)) {
          if (item.type !== 'chunk') continue;
          into.push({
            fileName: item.fileName,
            isEntry: item.isEntry,
            isDynamicEntry: item.isDynamicEntry,
            facadeModuleId: item.facadeModuleId,
            moduleIds: [...item.moduleIds],
            imports: [...item.imports],
          });
        }
      },
    },
  };
}

/**
 * Builds the console with its own vite config (plugins, precompressed twins and all) into the
 * bench's data folder, never into apps/web/dist, which the e2e suite and other work share.
 * `mode` 'one-screen' is the registry's single-screen variant (apps/web/src/layout/screens.ts).
 */
export async function buildConsole(variant: 'full' | 'one-screen'): Promise<ConsoleBuild> {
  const outDir = join(benchDataDir, 'console', variant);
  const chunks: BuiltChunk[] = [];
  // The web workspace's bundler, loaded on use (the other suites never need it). The specifier is a
  // variable because eslint's import resolver cannot read vite's ESM-only package entry.
  const { build } = (await import(viteModule)) as { build: typeof viteBuild };
  await build({
    root: webDir,
    configFile: join(webDir, 'vite.config.ts'),
    mode: variant === 'full' ? 'production' : 'one-screen',
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, manifest: true },
    plugins: [chunkGraph(chunks)],
  });
  return { outDir, chunks };
}

/** The chunk and every chunk it imports statically, transitively: what loads when it loads. */
export function staticClosure(chunks: readonly BuiltChunk[], start: BuiltChunk): BuiltChunk[] {
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const seen = new Map<string, BuiltChunk>();
  const visit = (chunk: BuiltChunk) => {
    if (seen.has(chunk.fileName)) return;
    seen.set(chunk.fileName, chunk);
    for (const name of chunk.imports) {
      const next = byName.get(name);
      if (next) visit(next);
    }
  };
  visit(start);
  return [...seen.values()];
}

export function entryChunk(built: ConsoleBuild): BuiltChunk {
  const entries = built.chunks.filter((c) => c.isEntry);
  if (entries.length !== 1) throw new Error(`控制台构建应有一个入口 chunk，实际 ${entries.length} 个`);
  return entries[0]!;
}
