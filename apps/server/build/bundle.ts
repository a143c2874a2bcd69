import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { workerBundleName } from '../src/lib/task-channels.js';

/** Where `npm start` runs the server from: beside src/, so paths relative to the entry still hold. */
export const serverBundle = fileURLToPath(new URL('../dist/main.js', import.meta.url));

const entry = fileURLToPath(new URL('../src/main.ts', import.meta.url));
// The contract is a workspace package exporting TypeScript, which Node cannot load: it goes into
// the bundle. Every other package stays external and is loaded from node_modules as usual.
const contractSource = fileURLToPath(new URL('../../../packages/contract/src/index.ts', import.meta.url));
/**
 * Worker-thread entries (../src/lib/task-channels.ts `threadChannel`): each is bundled on its own
 * beside the server's bundle, where the built server looks for it by name.
 */
const workerEntries = [fileURLToPath(new URL('../src/imports/sheet-worker.ts', import.meta.url))];

/**
 * Bundles the server (src/main.ts and everything it imports from src/ and the contract) into one
 * ES module, and each worker entry into its own beside it. Running that with plain `node` spares
 * the process tsx's loader: a second V8 isolate holding the transformed sources, about 35 MB
 * resident. The files are written under a temporary name and renamed, so a server starting while
 * another build runs never reads half a file.
 */
export async function bundleServer(outfile = serverBundle, entryPoint = entry): Promise<string> {
  for (const worker of workerEntries) await bundleOne(join(dirname(outfile), workerBundleName(worker)), worker);
  return bundleOne(outfile, entryPoint);
}

async function bundleOne(outfile: string, entryPoint: string): Promise<string> {
  const result = await build({
    entryPoints: [entryPoint],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    alias: { '@console/contract': contractSource },
    write: false,
    logLevel: 'error',
  });
  const output = result.outputFiles[0];
  if (!output) throw new Error(`esbuild produced nothing for ${entryPoint}`);
  mkdirSync(dirname(outfile), { recursive: true });
  const partial = `${outfile}.${process.pid}.tmp`;
  writeFileSync(partial, output.contents);
  renameSync(partial, outfile);
  return outfile;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await bundleServer();
}
