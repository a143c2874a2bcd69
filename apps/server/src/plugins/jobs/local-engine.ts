import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { countJob, runJob } from '../run-job.js';
import type { EnqueueOptions, EveryOptions, JobEnvelope, JobRun, Jobs, WorkOptions } from './jobs.js';
import { envelope } from './jobs.js';

interface Schedule {
  seconds: number;
  handler: () => Promise<unknown>;
  firstAfterSeconds?: number;
  running: Promise<void> | null;
}

interface Queue {
  handler: (run: JobRun<object>) => Promise<unknown>;
  options: WorkOptions;
  waiting: { id: string; job: JobEnvelope<object>; attempt: number; key?: string }[];
  running: Set<Promise<void>>;
  /** The singleton keys of the jobs waiting, running or due for a retry. */
  keys: Set<string>;
}

/**
 * The jobs of one process (SQLite: one process by definition, so a timer per schedule is the
 * whole cluster). Queued jobs live in memory: a restart loses the ones not yet run, which is why
 * a module whose jobs leave rows (the billing sync) closes those rows at start-up on this engine.
 */
export class LocalJobs implements Jobs {
  readonly engine = 'local';
  private readonly schedules = new Map<string, Schedule>();
  private readonly queues = new Map<string, Queue>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private state: 'new' | 'started' | 'stopped' = 'new';

  constructor(private readonly app: FastifyInstance) {}

  every(name: string, seconds: number, handler: () => Promise<unknown>, options: EveryOptions = {}): void {
    if (this.schedules.has(name)) throw new Error(`job schedule ${name} is declared twice`);
    this.schedules.set(name, { seconds, handler, firstAfterSeconds: options.firstAfterSeconds, running: null });
    if (this.state === 'started') this.arm(name);
  }

  work<T extends object>(name: string, handler: (run: JobRun<T>) => Promise<unknown>, options: WorkOptions = {}): void {
    if (this.queues.has(name)) throw new Error(`job queue ${name} is declared twice`);
    // The queue holds jobs of every data type; each handler reads its own (as pg-boss's JSON does).
    const loose = handler as (run: JobRun<object>) => Promise<unknown>;
    this.queues.set(name, { handler: loose, options, waiting: [], running: new Set(), keys: new Set() });
  }

  enqueue<T extends object>(name: string, data: T, options: EnqueueOptions = {}): Promise<string | null> {
    const queue = this.queues.get(name);
    if (!queue) return Promise.reject(new Error(`job queue ${name} has no worker declared`));
    if (this.state === 'stopped') return Promise.reject(new Error('jobs are stopped'));
    const key = options.singletonKey;
    if (key !== undefined) {
      if (queue.keys.has(key)) return Promise.resolve(null);
      queue.keys.add(key);
    }
    const id = randomUUID();
    queue.waiting.push({ id, job: envelope(data, options.operator), attempt: 0, key });
    this.pump(name, queue);
    return Promise.resolve(id);
  }

  async idle(): Promise<void> {
    for (;;) {
      const busy = [
        ...[...this.schedules.values()].map((s) => s.running),
        ...[...this.queues.values()].flatMap((q) => [...q.running]),
      ].filter((p) => p !== null);
      if (busy.length === 0) return;
      await Promise.allSettled(busy);
    }
  }

  start(): Promise<void> {
    if (this.state !== 'new') return Promise.resolve();
    this.state = 'started';
    for (const name of this.schedules.keys()) this.arm(name);
    for (const [name, queue] of this.queues) this.pump(name, queue);
    return Promise.resolve();
  }

  async stop({ graceful }: { graceful: boolean }): Promise<void> {
    this.state = 'stopped';
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    for (const queue of this.queues.values()) {
      queue.waiting = [];
      queue.keys.clear();
    }
    if (graceful) await this.idle();
  }

  private later(seconds: number, fn: () => void): void {
    const t = setTimeout(() => {
      this.timers.delete(t);
      fn();
    }, seconds * 1000);
    t.unref();
    this.timers.add(t);
  }

  private arm(name: string): void {
    const schedule = this.schedules.get(name)!;
    const tick = () => {
      if (this.state !== 'started') return;
      this.later(schedule.seconds, tick);
      // A tick that comes while the last run is still going is skipped, not stacked.
      if (schedule.running) return;
      schedule.running = runJob(this.app, name, schedule.handler).finally(() => {
        schedule.running = null;
      });
    };
    this.later(schedule.firstAfterSeconds ?? schedule.seconds, tick);
  }

  /** Runs the queue's jobs, `concurrency` at a time, each retried as its options say. */
  private pump(name: string, queue: Queue): void {
    while (this.state === 'started' && queue.running.size < (queue.options.concurrency ?? 1)) {
      const next = queue.waiting.shift();
      if (!next) return;
      const run = { id: next.id, name, data: next.job.data, operator: next.job.operator };
      const running: Promise<void> = countJob(this.app, name, () => queue.handler(run))
        .then(
          () => this.release(queue, next.key),
          () => {
            if (next.attempt >= (queue.options.retryLimit ?? 2)) return this.release(queue, next.key);
            this.later(queue.options.retryDelaySeconds ?? 0, () => {
              queue.waiting.push({ ...next, attempt: next.attempt + 1 });
              this.pump(name, queue);
            });
          },
        )
        .finally(() => {
          queue.running.delete(running);
          this.pump(name, queue);
        });
      queue.running.add(running);
    }
  }

  /** The job is done with (succeeded or given up): its key may be queued again. */
  private release(queue: Queue, key: string | undefined): void {
    if (key !== undefined) queue.keys.delete(key);
  }
}
