import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';

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

type Reply = { id: number; value?: unknown; error?: string };
type Pending = { resolve: (v: unknown) => void; reject: (e: Error) => void };

/**
 * argon2id in a separate child process at the lowest CPU priority. A hash is tens of
 * milliseconds of a whole core and 19 MiB; on the event loop's process, even on nice 19 threads,
 * it shares the address space, the allocator and V8's helper threads (which run at normal
 * priority) with the requests; its own process has its own, all at nice 19, so the kernel runs
 * the server first and hashes with what is left. Hashes run on the child's libuv pool (one thread
 * per core; ./hash-gate.ts bounds how many are asked for). The child starts on first use and
 * again after a crash; it keeps the server alive only while a task runs (a graceful shutdown
 * waits for it), and exits when the server does.
 */
export class HashWorkers {
  private child: ChildProcess | null = null;
  private readonly pending = new Map<number, Pending>();
  private serial = 0;

  hash(plain: string): Promise<string> {
    return this.run('hash', [plain]) as Promise<string>;
  }

  verify(stored: string, plain: string): Promise<boolean> {
    return this.run('verify', [stored, plain]) as Promise<boolean>;
  }

  /** The hashing process's id, once started (tests, diagnostics). */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  private run(op: 'hash' | 'verify', args: string[]): Promise<unknown> {
    const child = this.child ?? this.spawn();
    const id = (this.serial += 1);
    if (this.pending.size === 0) setRef(child, true);
    return new Promise<unknown>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      child.send({ id, op, args }, (err) => {
        if (err) this.settle(id, { id, error: err.message });
      });
    }).finally(() => {
      if (this.pending.size === 0 && this.child === child) setRef(child, false);
    });
  }

  private settle(id: number, { value, error }: Reply): void {
    const p = this.pending.get(id);
    if (!p) return;
    this.pending.delete(id);
    if (error === undefined) p.resolve(value);
    else p.reject(new Error(error));
  }

  private spawn(): ChildProcess {
    const child = spawn(process.execPath, ['-e', source], {
      // The server's own Node options (a loader, a preload, an inspector) are not the hasher's.
      env: { ...process.env, NODE_OPTIONS: '', UV_THREADPOOL_SIZE: String(availableParallelism()) },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.child = child;
    child.on('message', (reply: Reply) => this.settle(reply.id, reply));
    const gone = (why: string) => {
      // A dead hasher fails its tasks and is replaced by the next task's.
      if (this.child !== child) return;
      this.child = null;
      for (const id of [...this.pending.keys()]) this.settle(id, { id, error: why });
    };
    child.on('error', (err) => gone(`密码哈希进程出错：${err.message}`));
    child.on('exit', (code, signal) => gone(`密码哈希进程已退出（${signal ?? code}）`));
    setRef(child, false);
    return child;
  }
}

/** A hashing process with tasks in flight keeps the server alive; an idle one does not. */
function setRef(child: ChildProcess, on: boolean): void {
  if (on) {
    child.ref();
    child.channel?.ref();
  } else {
    child.unref();
    child.channel?.unref();
  }
}

export const hashWorkers = new HashWorkers();
