import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** apps/server: where `--import tsx` resolves and relative paths of the server's config start. */
export const serverRoot = fileURLToPath(new URL('../../', import.meta.url));

/**
 * How the benchmark runs a server: as `npm start` does (TypeScript through tsx), or compiled
 * ahead into one JavaScript file (esbuild, dependencies left in node_modules), which shows what
 * a build step would save. Extra Node flags (e.g. `--max-semi-space-size=1`) apply to either.
 */
export interface Runner {
  compiled: boolean;
  nodeArgs: string[];
}

export const tsxRunner: Runner = { compiled: false, nodeArgs: [] };

const compiledDir = fileURLToPath(new URL('../.data/realtime-compiled/', import.meta.url));
const esbuild = fileURLToPath(new URL('../../../../node_modules/.bin/esbuild', import.meta.url));
const contractSource = fileURLToPath(new URL('../../../../packages/contract/src/index.ts', import.meta.url));

/** Bundles a TypeScript entry (once per run) and returns the JavaScript file. */
function compiled(file: string): string {
  const out = join(compiledDir, basename(file).replace(/\.ts$/, '.mjs'));
  if (built.has(out)) return out;
  const result = spawnSync(
    esbuild,
    [
      fileURLToPath(new URL(file, import.meta.url)),
      '--bundle',
      '--platform=node',
      '--format=esm',
      '--target=node20',
      '--packages=external',
      `--alias:@console/contract=${contractSource}`,
      `--outfile=${out}`,
      '--log-level=error',
    ],
    { stdio: 'inherit' },
  );
  if (result.status !== 0) throw new Error(`编译 ${file} 失败`);
  built.add(out);
  return out;
}
const built = new Set<string>();

/**
 * A TypeScript entry in its own Node process with an IPC channel. Output is discarded unless
 * BENCH_VERBOSE=1 (the server logs a line per socket upgrade, as in production). An `env` entry
 * that is undefined removes that variable.
 */
export function spawnEntry(
  file: string,
  env: Record<string, string | undefined> = {},
  runner: Runner = tsxRunner,
): ChildProcess {
  const verbose = process.env.BENCH_VERBOSE === '1';
  const merged: NodeJS.ProcessEnv = { ...process.env, ...env };
  for (const [key, value] of Object.entries(merged)) if (value === undefined) delete merged[key];
  const program = runner.compiled
    ? [compiled(file)]
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

/** Resident memory of a process in MB (VmRSS of /proc/<pid>/status). */
export function residentMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1];
  if (!kb) throw new Error(`进程 ${pid} 没有 VmRSS`);
  return Number(kb) / 1024;
}
