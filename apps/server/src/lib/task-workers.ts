/**
 * Work the event loop must not do itself (a password hash, parsing a spreadsheet) sent to a few
 * helpers, a child process or a worker thread, as numbered tasks. A helper starts on first use
 * and again after it dies (its tasks fail with the reason); an idle helper does not keep the
 * server alive, a busy one does (a graceful shutdown waits for it). Tasks beyond what the helpers
 * take at once wait in a queue, first come first served.
 */

export interface TaskRequest {
  id: number;
  op: string;
  args: unknown[];
}
export interface TaskReply {
  id: number;
  value?: unknown;
  error?: string;
}

/** One helper as the pool sees it; ./task-channels.ts makes one of a child process or a worker thread. */
export interface TaskChannel {
  send(request: TaskRequest, failed: (err: Error) => void): void;
  onReply(listener: (reply: TaskReply) => void): void;
  /** Called once when the helper exits or fails, with the reason its tasks fail with. */
  onGone(listener: (why: string) => void): void;
  /** Whether the helper keeps the server's process alive. */
  setRef(on: boolean): void;
  readonly pid: number | undefined;
}

export interface TaskWorkersOptions {
  /** How many helpers run at most. */
  size: number;
  /** Tasks one helper takes at a time (a hashing process runs many on its own thread pool). */
  tasksPerHelper: number;
  start: () => TaskChannel;
}

type Pending = { resolve: (v: unknown) => void; reject: (e: Error) => void; helper: Helper };
type Helper = { channel: TaskChannel; running: number };
type Queued = { op: string; args: unknown[]; resolve: (v: unknown) => void; reject: (e: Error) => void };

export class TaskWorkers {
  private readonly helpers: Helper[] = [];
  private readonly pending = new Map<number, Pending>();
  private readonly queue: Queued[] = [];
  private serial = 0;

  constructor(private readonly options: TaskWorkersOptions) {}

  run(op: string, args: unknown[]): Promise<unknown> {
    return new Promise<unknown>((resolve, reject) => {
      this.queue.push({ op, args, resolve, reject });
      this.dispatch();
    });
  }

  /** The helpers' process ids (a child process's own; a worker thread's is the server's). */
  get pids(): (number | undefined)[] {
    return this.helpers.map((h) => h.channel.pid);
  }

  /** Tasks waiting for a free helper (tests, diagnostics). */
  get waiting(): number {
    return this.queue.length;
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      const helper = this.freeHelper();
      if (!helper) return;
      const task = this.queue.shift()!;
      const id = (this.serial += 1);
      if (helper.running === 0) helper.channel.setRef(true);
      helper.running += 1;
      this.pending.set(id, { resolve: task.resolve, reject: task.reject, helper });
      helper.channel.send({ id, op: task.op, args: task.args }, (err) => this.settle({ id, error: err.message }));
    }
  }

  private freeHelper(): Helper | undefined {
    const idle = this.helpers.find((h) => h.running < this.options.tasksPerHelper);
    if (idle || this.helpers.length >= this.options.size) return idle;
    const helper: Helper = { channel: this.options.start(), running: 0 };
    helper.channel.onReply((reply) => this.settle(reply));
    helper.channel.onGone((why) => {
      // A dead helper fails its tasks and leaves its place to the next task's.
      const at = this.helpers.indexOf(helper);
      if (at >= 0) this.helpers.splice(at, 1);
      for (const [id, p] of [...this.pending]) if (p.helper === helper) this.settle({ id, error: why });
      this.dispatch();
    });
    helper.channel.setRef(false);
    this.helpers.push(helper);
    return helper;
  }

  private settle({ id, value, error }: TaskReply): void {
    const p = this.pending.get(id);
    if (!p) return;
    this.pending.delete(id);
    p.helper.running -= 1;
    if (p.helper.running === 0) p.helper.channel.setRef(false);
    if (error === undefined) p.resolve(value);
    else p.reject(new Error(error));
    this.dispatch();
  }
}
