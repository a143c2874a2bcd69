import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compiledEntry, startScriptNodeArgs } from '../realtime/children.js';
import { DATA_DIR } from './data.js';

const SERVER_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const ENTRY = fileURLToPath(new URL('server-entry.ts', import.meta.url));
/** Where the servers' access logs go: a real file, as production's stdout would be redirected. */
export const LOG_FILE = join(DATA_DIR, 'api-server.log');

export interface ServerUnderTest {
  url: string;
  pid: number;
  stop: () => Promise<void>;
}

/**
 * Starts the bench server entry as a child process with the given environment (on top of a
 * minimal one: the parent's PATH and HOME only, so no developer setting leaks in) and waits for
 * the port it reports. It runs as `npm start` runs the product: bundled ahead by the server's own
 * build and started by plain node with the start script's Node flags (tsx's loader would be
 * measured too otherwise). `BENCH_API_SERVER=tsx` runs it through tsx, as `npm run dev` does.
 * `bundle` runs an entry bundled earlier instead (A/B of two builds, bench/api/cpu-over-http.ts).
 */
export async function startServer(env: Record<string, string>, bundle?: string): Promise<ServerUnderTest> {
  mkdirSync(DATA_DIR, { recursive: true });
  const log = openSync(LOG_FILE, 'a');
  const program =
    process.env.BENCH_API_SERVER === 'tsx'
      ? ['--import', 'tsx', ENTRY]
      : [...startScriptNodeArgs(), bundle ?? (await compiledEntry(ENTRY))];
  const child: ChildProcess = spawn(process.execPath, program, {
    cwd: SERVER_DIR,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'production', ...env },
    stdio: ['ignore', log, 'inherit', 'ipc'],
  });
  closeSync(log);
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('被测服务 60 秒内未启动')), 60_000);
    child.once('message', (m: { port?: number }) => {
      clearTimeout(timer);
      if (typeof m.port === 'number') resolve(m.port);
      else reject(new Error('被测服务未报告端口'));
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`被测服务启动失败，退出码 ${code}`));
    });
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid ?? 0,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
