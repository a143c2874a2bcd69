import type { Operator } from '../../credentials/operator.js';

/**
 * Background work, run once across every API process (issue 27): pg-boss on PostgreSQL
 * (pg-boss-engine.ts), an in-process runner on SQLite, where there is one process by definition
 * (local-engine.ts). Modules declare their jobs while the app is registered; the engine starts
 * when the app is ready and stops with it (graceful on a drain, releasing what it holds).
 */
export interface Jobs {
  readonly engine: 'local' | 'pgboss';
  /**
   * A schedule for the whole cluster: one run per tick of `seconds`, whichever process takes it.
   * A failed run is counted and logged, and the next tick comes as usual (no retry). One process
   * never overlaps two runs; a run longer than its tick may overlap the next one on another
   * process under pg-boss, so a scheduled job keeps each run short (bounded batches).
   */
  every(name: string, seconds: number, handler: () => Promise<unknown>, options?: EveryOptions): void;
  /** Who runs a queue's jobs: `concurrency` at a time per process, a failure is retried `retryLimit` times. */
  work<T extends object>(name: string, handler: (run: JobRun<T>) => Promise<unknown>, options?: WorkOptions): void;
  /**
   * Queues one job of a queue declared with `work` (only once the app is ready). `operator`
   * travels with the job to its run (the operation log names who started it). Returns the job id,
   * or null when `singletonKey` kept it out.
   */
  enqueue<T extends object>(name: string, data: T, options?: EnqueueOptions): Promise<string | null>;
  /** Resolves once no job this process took is still running (tests; a drain waits in stop). */
  idle(): Promise<void>;
  start(): Promise<void>;
  /**
   * Graceful: no new runs, the running ones finish (within the engine's limit), then what this
   * process still holds is released for another. Not graceful (tests of a crash): released at once.
   */
  stop(options: { graceful: boolean }): Promise<void>;
}

export interface EveryOptions {
  /** The first run after start waits this long instead of a whole tick (e.g. an hourly sweep after a minute). */
  firstAfterSeconds?: number;
}

export interface WorkOptions {
  /** Jobs of the queue one process runs at once (default 1). */
  concurrency?: number;
  /** Runs after the first that fail before the job is given up (default 2). */
  retryLimit?: number;
  retryDelaySeconds?: number;
}

export interface EnqueueOptions {
  operator?: Operator | null;
  /**
   * Once per key: a job enqueued while one of the same queue and key is waiting or running (or,
   * under pg-boss, was queued in the same `SINGLETON_WINDOW_SECONDS` slot) is dropped. Processes
   * starting together queue the same work once; the handler still checks its rows, since a
   * later job with the key (the next slot, a restart) may find the work done.
   */
  singletonKey?: string;
}

/** pg-boss 10 keeps a key unique only per time slot on a standard queue (its unique index on slot and key). */
export const SINGLETON_WINDOW_SECONDS = 3600;

/** The part of the operator a queued job carries (not the session or the permission set). */
export type JobOperator = Pick<Operator, 'id' | 'loginName' | 'name' | 'adminType' | 'agentId'>;

export interface JobRun<T> {
  id: string;
  name: string;
  data: T;
  /** Who queued it, when an operator did. */
  operator: JobOperator | null;
}

/** What a queued job holds in the engine: the data and who started it. */
export interface JobEnvelope<T> {
  data: T;
  operator: JobOperator | null;
}

export function envelope<T>(data: T, operator: Operator | null | undefined): JobEnvelope<T> {
  const who = operator
    ? {
        id: operator.id,
        loginName: operator.loginName,
        name: operator.name,
        adminType: operator.adminType,
        agentId: operator.agentId,
      }
    : null;
  return { data, operator: who };
}

export interface JobsTuning {
  /** How long a queued job may run before it counts as lost (its process died) and is run again. */
  expireSeconds: number;
  /** How often an idle worker asks for jobs (pg-boss polling). */
  pollSeconds: number;
}
