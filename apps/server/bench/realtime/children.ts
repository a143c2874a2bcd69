import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleServer } from '../../build/bundle.js';

/** apps/server: where `--import tsx` resolves and relative paths of the server's config start. */
export const serverRoot = fileURLToPath(new URL('../../', import.meta.url));

/**
 * How the benchmark runs a server: as `npm start` does by default (bundled ahead by the server's
 * own build, plain node with the start script's Node flags), or through tsx as `npm run dev` and
 * the tests do, to compare. `nodeArgs` are the Node flags.
 */
export interface Runner {
  compiled: boolean;
  nodeArgs: string[];
}

/** Client processes and helpers: TypeScript through tsx, no flags. */
export const tsxRunner: Runner = { compiled: false, nodeArgs: [] };

/**
 * The Node flags of `npm start` (apps/server's start script, `node <flags> dist/main.js`), read
 * from the script so the benchmark cannot drift from what production runs.
 */
export function startScriptNodeArgs(): string[] {
  const manifest = JSON.parse(readFileSync(join(serverRoot, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const words = manifest.scripts.start?.split(/\s+/) ?? [];
  if (words[0] !== 'node' || words.at(-1) !== 'dist/main.js') {
    throw new Error(`apps/server 的 start 脚本不是 node … dist/main.js：${manifest.scripts.start}`);
  }
  return words.slice(1, -1);
}

const compiledDir = fileURLToPath(new URL('../.data/compiled/', import.meta.url));

/**
 * Bundles a TypeScript entry (absolute path) as the server's build does, once per run; returns
 * the JavaScript file. Entries are told apart by their folder and name (api/server-entry.ts and
 * realtime/server-entry.ts both exist).
 */
export async function compiledEntry(file: string): Promise<string> {
  const out = join(compiledDir, `${basename(dirname(file))}-${basename(file).replace(/\.ts$/, '.mjs')}`);
  return (built[out] ??= bundleServer(out, file));
}
const built: Record<string, Promise<string>> = {};

/**
 * A TypeScript entry in its own Node process with an IPC channel. Output is discarded unless
 * BENCH_VERBOSE=1 (the server logs a line per socket upgrade, as in production). An `env` entry
 * that is undefined removes that variable.
 */
export async function spawnEntry(
  file: string,
  env: Record<string, string | undefined> = {},
  runner: Runner = tsxRunner,
): Promise<ChildProcess> {
  const verbose = process.env.BENCH_VERBOSE === '1';
  const merged: NodeJS.ProcessEnv = { ...process.env, ...env };
  for (const [key, value] of Object.entries(merged)) if (value === undefined) delete merged[key];
  const program = runner.compiled
    ? [await compiledEntry(fileURLToPath(new URL(file, import.meta.url)))]
    : ['--import', 'tsx', fileURLToPath(new URL(file, import.meta.url))];
  return spawn(process.execPath, [...runner.nodeArgs, ...program], {
    cwd: serverRoot,
    env: merged,
    stdio: ['ignore', verbose ? 'inherit' : 'ignore', 'inherit', 'ipc'],
  });
}

/** The first IPC message from `child` that `pick` accepts (returns non-undefined). */
export function nextNotice<N, R>(
  child: ChildProcess,
  pick: (notice: N) => R | undefined,
  timeoutMs: number,
  what: string,
): Promise<R> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => finish(new Error(`${what}: 超时（${timeoutMs} ms）`)), timeoutMs);
    const onMessage = (notice: N) => {
      const hit = pick(notice);
      if (hit !== undefined) finish(null, hit);
    };
    const onExit = (code: number | null) => finish(new Error(`${what}: 子进程已退出（${code}）`));
    function finish(err: Error | null, value?: R) {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
      if (err) reject(err);
      else resolve(value as R);
    }
    child.on('message', onMessage);
    child.on('exit', onExit);
  });
}

/** Ends a child and waits for it to be gone. */
export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await gone;
  clearTimeout(timer);
}

/**
 * A process's resident memory in MB from /proc/<pid>/status: all of it (VmRSS), its private
 * anonymous memory (RssAnon: the JavaScript heap, buffers, native allocations) and the pages of
 * files it maps (RssFile: the program's code and, under SQLite's mmap, the database file, pages
 * the kernel shares as its file cache and can drop under pressure).
 */
export function residentParts(pid: number): { total: number; anon: number; file: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const mb = (field: string) => {
    const kb = new RegExp(`^${field}:\\s+(\\d+)\\s+kB`, 'm').exec(status)?.[1];
    if (!kb) throw new Error(`进程 ${pid} 没有 ${field}`);
    return Number(kb) / 1024;
  };
  return { total: mb('VmRSS'), anon: mb('RssAnon'), file: mb('RssFile') };
}

/** Resident memory of a process in MB (VmRSS of /proc/<pid>/status). */
export function residentMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1];
  if (!kb) throw new Error(`进程 ${pid} 没有 VmRSS`);
  return Number(kb) / 1024;
}
