import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** The lowest scheduling priority: the hashing threads get only CPU time nothing else wants. */
const HASH_NICE = 19;

const argon2Path = createRequire(import.meta.url).resolve('@node-rs/argon2');
// Plain CommonJS evaluated in the worker, so it runs the same under tsx, vitest and node.
const source = `
const { parentPort } = require('node:worker_threads');
const argon2 = require(${JSON.stringify(argon2Path)});
// On Linux this lowers this thread only and the event loop keeps its priority; elsewhere it would
// lower the whole process, so there the workers keep the normal priority.
if (process.platform === 'linux') {
  try { require('node:os').setPriority(${HASH_NICE}); } catch {}
}
parentPort.on('message', ({ id, op, args }) => {
  try {
    const value = op === 'hash' ? argon2.hashSync(args[0]) : argon2.verifySync(args[0], args[1]);
    parentPort.postMessage({ id, value });
  } catch (err) {
    parentPort.postMessage({ id, error: String((err && err.message) || err) });
  }
});`;

type Reply = { id: number; value?: unknown; error?: string };

/**
 * argon2id on dedicated worker threads at the lowest CPU priority. On libuv's pool a hash runs
 * at the event loop's priority and, on a small machine, takes the CPU the event loop needs for
 * every other request; here the kernel runs the event loop first and hashes with what is left.
 * The pool grows to as many workers as tasks run at once (the gate bounds that); idle workers
 * do not keep the process alive.
 */
export class HashWorkers {
  private readonly idle: Worker[] = [];
  private readonly dead = new WeakSet<Worker>();
  private readonly pending = new Map<
    number,
    { worker: Worker; resolve: (v: unknown) => void; reject: (e: Error) => void }
  >();
  private serial = 0;

  hash(plain: string): Promise<string> {
    return this.run('hash', [plain]) as Promise<string>;
  }

  verify(stored: string, plain: string): Promise<boolean> {
    return this.run('verify', [stored, plain]) as Promise<boolean>;
  }

  private run(op: 'hash' | 'verify', args: string[]): Promise<unknown> {
    const worker = this.idle.pop() ?? this.spawn();
    const id = (this.serial += 1);
    // A running task keeps the process alive (a graceful shutdown waits for it); an idle worker does not.
    worker.ref();
    return new Promise<unknown>((resolve, reject) => {
      this.pending.set(id, { worker, resolve, reject });
      worker.postMessage({ id, op, args });
    }).finally(() => {
      worker.unref();
      if (!this.dead.has(worker)) this.idle.push(worker);
    });
  }

  private spawn(): Worker {
    const worker = new Worker(source, { eval: true });
    worker.unref();
    worker.on('message', ({ id, value, error }: Reply) => {
      const p = this.pending.get(id);
      this.pending.delete(id);
      if (error === undefined) p?.resolve(value);
      else p?.reject(new Error(error));
    });
    worker.on('error', (err) => {
      // A crashed worker fails its task and leaves the pool; the next task starts a new one.
      this.dead.add(worker);
      for (const [id, p] of this.pending) {
        if (p.worker !== worker) continue;
        this.pending.delete(id);
        p.reject(err);
      }
    });
    return worker;
  }
}

export const hashWorkers = new HashWorkers();
