import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { childProcessChannel } from '../lib/task-channels.js';
import { TaskWorkers } from '../lib/task-workers.js';

/** The lowest scheduling priority: the hashing process gets only CPU time nothing else wants. */
const HASH_NICE = 19;

const argon2Path = createRequire(import.meta.url).resolve('@node-rs/argon2');
// Plain CommonJS run by `node -e`, so it runs the same under tsx, vitest and the bundled server.
const source = `
const os = require('node:os');
const fs = require('node:fs');
// Every thread of this process, V8's helpers included, drops to the lowest priority before any
// hash runs; libuv's pool, where the hashes run, starts later and inherits it. On Linux a nice
// value belongs to a thread, so each is lowered by id; elsewhere it belongs to the process.
try {
  if (process.platform === 'linux') {
    for (const tid of fs.readdirSync('/proc/self/task')) os.setPriority(Number(tid), ${HASH_NICE});
  } else {
    os.setPriority(${HASH_NICE});
  }
} catch {}
const argon2 = require(${JSON.stringify(argon2Path)});
process.on('message', ({ id, op, args }) => {
  const task = op === 'hash' ? argon2.hash(args[0]) : argon2.verify(args[0], args[1]);
  task.then(
    (value) => process.send({ id, value }),
    (err) => process.send({ id, error: String((err && err.message) || err) }),
  );
});
// The server is gone (exited or crashed): nothing will ask for a hash again.
process.on('disconnect', () => process.exit(0));`;

/**
 * argon2id in a separate child process at the lowest CPU priority. A hash is tens of
 * milliseconds of a whole core and 19 MiB; on the event loop's process, even on nice 19 threads,
 * it shares the address space, the allocator and V8's helper threads (which run at normal
 * priority) with the requests; its own process has its own, all at nice 19, so the kernel runs
 * the server first and hashes with what is left. Hashes run on the child's libuv pool (one thread
 * per core; ./hash-gate.ts bounds how many are asked for), so the one process takes every task at
 * once. It starts on first use and again after a crash (../lib/task-workers.ts).
 */
export class HashWorkers {
  private readonly workers = new TaskWorkers({
    size: 1,
    tasksPerHelper: Number.POSITIVE_INFINITY,
    start: () =>
      childProcessChannel(
        source,
        // The server's own Node options (a loader, a preload, an inspector) are not the hasher's.
        { ...process.env, NODE_OPTIONS: '', UV_THREADPOOL_SIZE: String(availableParallelism()) },
        '密码哈希进程',
      ),
  });

  hash(plain: string): Promise<string> {
    return this.workers.run('hash', [plain]) as Promise<string>;
  }

  verify(stored: string, plain: string): Promise<boolean> {
    return this.workers.run('verify', [stored, plain]) as Promise<boolean>;
  }

  /** The hashing process's id, once started (tests, diagnostics). */
  get pid(): number | undefined {
    return this.workers.pids[0];
  }
}

export const hashWorkers = new HashWorkers();
