import type { FastifyInstance } from 'fastify';
import PgBoss from 'pg-boss';
import { countJob } from '../run-job.js';
import type { EnqueueOptions, EveryOptions, JobEnvelope, JobRun, Jobs, JobsTuning, WorkOptions } from './jobs.js';
import { SINGLETON_WINDOW_SECONDS, envelope } from './jobs.js';

interface Schedule {
  seconds: number;
  handler: () => Promise<unknown>;
  firstAfterSeconds?: number;
}

interface Queue {
  handler: (run: JobRun<object>) => Promise<unknown>;
  options: WorkOptions;
}

const isDeadlock = (err: unknown) => typeof err === 'object' && err !== null && 'code' in err && err.code === '40P01';

/** How long a drain waits for this process's running jobs before releasing them to another. */
const DRAIN_WAIT_MS = 20_000;

/**
 * A tick of whole minutes that divide an hour, or whole hours that divide a day, as cron; pg-boss
 * runs a cron schedule once across every process (its cron monitor sends one job per minute slot).
 */
export function cronOf(seconds: number): string | null {
  if (!Number.isInteger(seconds) || seconds % 60 !== 0) return null;
  const minutes = seconds / 60;
  if (minutes === 1) return '* * * * *';
  if (minutes < 60 && 60 % minutes === 0) return `*/${minutes} * * * *`;
  const hours = minutes / 60;
  if (Number.isInteger(hours) && hours <= 24 && 24 % hours === 0)
    return hours === 1 ? '0 * * * *' : `0 */${hours} * * *`;
  return null;
}

/**
 * How often a schedule's idle workers ask for its job: a quarter of its tick (so a slot's job
 * waits at most that long), at least once a minute, never more often than pg-boss allows (0.5 s).
 * Every process polls every schedule. It no longer follows the queues' poll (JOBS_POLL_SECONDS),
 * which went from 2 s to 10 s to cut what an idle process costs: a quarter of the 15 s presence
 * sweep's tick is the sweep's own promise, whatever the queues do.
 */
export function schedulePollSeconds(tickSeconds: number): number {
  return Math.max(0.5, Math.min(tickSeconds / 4, 60));
}

/**
 * The jobs of every process over one PostgreSQL database, through pg-boss 10 in its own `pgboss`
 * schema (created and migrated by pg-boss on start, not by our migrations).
 *
 * - A schedule of minutes or hours is a pg-boss cron schedule. A shorter one (the 15 s presence
 *   sweep) is a job per slot: every process sends one with `singletonKey` = the name and
 *   `singletonSeconds` = the tick, and the unique index over (name, slot, key) keeps all but the
 *   first, so each slot has one job and one worker takes it. The sends come every half tick, so
 *   timers drifting across a slot boundary never leave a slot without one.
 * - A queued job held by a process that dies stays active until its expiry; pg-boss's
 *   maintenance (one process at a time) then fails it into a retry, which another process takes.
 */
export class PgBossJobs implements Jobs {
  readonly engine = 'pgboss';
  private readonly boss: PgBoss;
  private readonly schedules = new Map<string, Schedule>();
  private readonly queues = new Map<string, Queue>();
  private readonly workers = new Map<string, string[]>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly running = new Set<Promise<unknown>>();
  private started = false;

  constructor(
    private readonly app: FastifyInstance,
    databaseUrl: string,
    private readonly tuning: JobsTuning,
  ) {
    const url = new URL(databaseUrl);
    // `?schema=` picks our tables' schema (db/open.ts); pg-boss names its own.
    url.searchParams.delete('schema');
    this.boss = new PgBoss({
      connectionString: url.toString(),
      schema: 'pgboss',
      application_name: 'console-jobs',
      max: 4,
      // Expiry is found by maintenance: run it often enough that a lost job waits about its expiry.
      maintenanceIntervalSeconds: Math.min(60, Math.max(1, Math.ceil(tuning.expireSeconds / 2))),
      expireInSeconds: tuning.expireSeconds,
    });
    this.boss.on('error', (err) => app.log.error({ err }, 'job engine (pg-boss) error'));
  }

  every(name: string, seconds: number, handler: () => Promise<unknown>, options: EveryOptions = {}): void {
    if (this.started) throw new Error('job schedules are declared before the app is ready');
    if (this.schedules.has(name) || this.queues.has(name)) throw new Error(`job ${name} is declared twice`);
    this.schedules.set(name, { seconds, handler, firstAfterSeconds: options.firstAfterSeconds });
  }

  work<T extends object>(name: string, handler: (run: JobRun<T>) => Promise<unknown>, options: WorkOptions = {}): void {
    if (this.started) throw new Error('job queues are declared before the app is ready');
    if (this.schedules.has(name) || this.queues.has(name)) throw new Error(`job ${name} is declared twice`);
    // The queue holds JSON; each handler reads its own data type.
    const loose = handler as (run: JobRun<object>) => Promise<unknown>;
    this.queues.set(name, { handler: loose, options });
  }

  async enqueue<T extends object>(name: string, data: T, options: EnqueueOptions = {}): Promise<string | null> {
    const queue = this.queues.get(name);
    if (!queue) throw new Error(`job queue ${name} has no worker declared`);
    const { singletonKey } = options;
    // On a standard queue pg-boss 10 enforces a key only together with a slot (see jobs.ts).
    const once = singletonKey === undefined ? {} : { singletonKey, singletonSeconds: SINGLETON_WINDOW_SECONDS };
    const id = await this.boss.send(name, envelope(data, options.operator), {
      retryLimit: queue.options.retryLimit ?? 2,
      retryDelay: queue.options.retryDelaySeconds ?? 0,
      expireInSeconds: this.tuning.expireSeconds,
      ...once,
    });
    if (!id && singletonKey !== undefined) return null;
    if (!id) throw new Error(`job queue ${name} refused the job`);
    // This process's worker asks at once instead of at its next poll.
    for (const worker of this.workers.get(name) ?? []) this.boss.notifyWorker(worker);
    return id;
  }

  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }

  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    await this.boss.start();
    await this.createQueues();
    for (const [name, schedule] of this.schedules) await this.startSchedule(name, schedule);
    for (const [name, queue] of this.queues) {
      // pg-boss 10 runs one batch per worker at a time: concurrency is that many workers.
      const ids: string[] = [];
      for (let i = 0; i < (queue.options.concurrency ?? 1); i += 1) {
        const id = await this.boss.work<JobEnvelope<object>>(name, this.workOptions(), async (jobs) => {
          for (const job of jobs) {
            const run = { id: job.id, name, data: job.data.data, operator: job.data.operator };
            await this.track(countJob(this.app, name, () => queue.handler(run)));
          }
        });
        ids.push(id);
      }
      this.workers.set(name, ids);
    }
  }

  async stop({ graceful }: { graceful: boolean }): Promise<void> {
    for (const t of this.timers) clearInterval(t);
    this.timers.clear();
    if (!this.started) return;
    await this.boss.stop({ graceful, wait: true, timeout: DRAIN_WAIT_MS });
  }

  /**
   * Each pg-boss 10 queue is a table partition with its indexes (~0.1 s to create): only the
   * missing ones are created. One at a time, and again when PostgreSQL reports a deadlock:
   * attaching partitions locks the parent table, and processes starting together (a cluster)
   * collide there; the loser's create is rolled back whole, so trying again is safe. The retry
   * and expiry each job gets are set on the job, not on the queue.
   */
  private async createQueues(): Promise<void> {
    const known = new Set((await this.boss.getQueues()).map((q) => q.name));
    const names = [...this.schedules.keys(), ...this.queues.keys()].filter((name) => !known.has(name));
    for (const name of names) {
      for (let attempt = 1; ; attempt += 1) {
        try {
          await this.boss.createQueue(name, { name });
          break;
        } catch (err) {
          if (attempt >= 5 || !isDeadlock(err)) throw err;
          await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
        }
      }
    }
  }

  private workOptions(pollSeconds = this.tuning.pollSeconds) {
    return { batchSize: 1, pollingIntervalSeconds: pollSeconds };
  }

  private async startSchedule(name: string, schedule: Schedule): Promise<void> {
    // A tick is not retried: the next one does the same work.
    const once = { retryLimit: 0, expireInSeconds: Math.max(schedule.seconds, this.tuning.expireSeconds) };
    const cron = cronOf(schedule.seconds);
    const seconds = Math.max(1, Math.round(schedule.seconds));
    if (cron) await this.boss.schedule(name, cron, {}, once);
    else {
      const send = () =>
        void this.boss
          .send(name, {}, { ...once, singletonKey: name, singletonSeconds: seconds })
          .catch((err: unknown) => this.app.log.error({ err, job: name }, 'scheduling a job tick failed'));
      const t = setInterval(send, (seconds * 1000) / 2);
      t.unref();
      this.timers.add(t);
    }
    if (schedule.firstAfterSeconds !== undefined) {
      // One early run per cluster start, not one per process: the same slot key for them all.
      await this.boss.send(
        name,
        {},
        { ...once, startAfter: schedule.firstAfterSeconds, singletonKey: `${name}:first`, singletonSeconds: seconds },
      );
    }
    const poll = schedulePollSeconds(schedule.seconds);
    await this.boss.work(name, this.workOptions(poll), async (jobs) => {
      for (let i = 0; i < jobs.length; i += 1) await this.track(countJob(this.app, name, schedule.handler));
    });
  }

  private track<T>(p: Promise<T>): Promise<T> {
    this.running.add(p);
    void p.finally(() => this.running.delete(p)).catch(() => undefined);
    return p;
  }
}
