import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type ResourceLimits, Worker } from 'node:worker_threads';
import type { TaskChannel, TaskReply } from './task-workers.js';

/**
 * A child process running `node -e <source>` (plain CommonJS, so it runs the same under tsx,
 * vitest and the bundled server), talking over its IPC channel. `name` goes into the reasons.
 */
export function childProcessChannel(source: string, env: NodeJS.ProcessEnv, name: string): TaskChannel {
  const child: ChildProcess = spawn(process.execPath, ['-e', source], {
    env,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return {
    send: (request, failed) =>
      child.send(request, (err) => {
        if (err) failed(err);
      }),
    onReply: (listener) => child.on('message', (reply: TaskReply) => listener(reply)),
    onGone: (listener) => {
      let gone = false;
      const once = (why: string) => {
        if (!gone) listener(why);
        gone = true;
      };
      child.on('error', (err) => once(`${name}出错：${err.message}`));
      child.on('exit', (code, signal) => once(`${name}已退出（${signal ?? code}）`));
    },
    setRef: (on) => {
      if (on) {
        child.ref();
        child.channel?.ref();
      } else {
        child.unref();
        child.channel?.unref();
      }
    },
    get pid() {
      return child.pid;
    },
  };
}

/** Whether this code runs as TypeScript source (tsx, vitest) rather than as the built bundle. */
const fromSource = import.meta.url.endsWith('.ts');

/**
 * The file URL of tsx's ESM API (`tsx/esm/api`, import condition). `--import tsx` in a worker's
 * execArgv does not reach the worker's own module loading on Node 20, and require.resolve gives
 * the CommonJS variant, whose register() fails there: the package's export map says where it is.
 */
function tsxEsmApi(): string {
  const manifestPath = createRequire(import.meta.url).resolve('tsx/package.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as {
    exports: { './esm/api': { import: { default: string } } };
  };
  return pathToFileURL(join(dirname(manifestPath), manifest.exports['./esm/api'].import.default)).href;
}

/**
 * A worker thread running one of the server's worker entries, named by its source file (`new
 * URL('./x-worker.ts', import.meta.url)`). From source it registers tsx's loader in the thread,
 * then imports that file; in the built server it runs the bundle `build/bundle.ts` writes beside
 * the server's (x-worker.mjs; every module of a bundle shares its URL, so the name is all that is used).
 */
export function threadChannel(entry: URL, resourceLimits: ResourceLimits, name: string): TaskChannel {
  const boot = `import(${JSON.stringify(tsxEsmApi())}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry.href)}); })`;
  const worker = fromSource
    ? new Worker(boot, { eval: true, execArgv: [], resourceLimits })
    : new Worker(new URL(`./${workerBundleName(entry)}`, import.meta.url), { execArgv: [], resourceLimits });
  return {
    send: (request, failed) => {
      try {
        worker.postMessage(request);
      } catch (err) {
        failed(err as Error);
      }
    },
    onReply: (listener) => worker.on('message', (reply: TaskReply) => listener(reply)),
    onGone: (listener) => {
      let gone = false;
      const once = (why: string) => {
        if (!gone) listener(why);
        gone = true;
      };
      worker.on('error', (err) => once(`${name}出错：${err.message}`));
      worker.on('exit', (code) => once(`${name}已退出（${code}）`));
    },
    setRef: (on) => (on ? worker.ref() : worker.unref()),
    pid: process.pid,
  };
}

/** The file name of a worker entry's bundle: `sheet-worker.ts` → `sheet-worker.mjs`. */
export function workerBundleName(entry: URL | string): string {
  return basename(typeof entry === 'string' ? entry : entry.pathname).replace(/\.[cm]?[jt]s$/, '.mjs');
}
