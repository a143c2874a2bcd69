import type { FastifyInstance } from 'fastify';
import type { JobRun } from '../plugins/jobs/jobs.js';
import { writeOperationLog } from './operation-log.js';

export interface JobRunRecord {
  /** The 操作日志 module and action the row shows (the endpoint that started the job names the module). */
  module: string;
  action: string;
  targetId?: string;
  params?: unknown;
}

/** How a job's work ended, as the operator is told: a job may record its own failure instead of throwing. */
export interface JobOutcome {
  ok: boolean;
  errMsg?: string;
}

/**
 * Runs a queued job's work and, when an operator started it, records the run in 操作日志 under
 * that operator (issue 27: background work appears in the operation log where an operator started
 * it), beside the row of the request that queued it. A throw is recorded as failed and thrown on,
 * so the engine retries; every attempt is a row of its own.
 */
export async function recordJobRun(
  app: FastifyInstance,
  run: JobRun<unknown>,
  what: JobRunRecord,
  work: () => Promise<JobOutcome>,
): Promise<void> {
  const started = performance.now();
  const record = async (outcome: JobOutcome) => {
    if (!run.operator) return;
    await writeOperationLog(app.db, {
      operator: run.operator,
      module: what.module,
      action: what.action,
      method: 'JOB',
      path: run.name,
      params: what.params ?? run.data,
      audit: what.targetId ? { targetId: what.targetId } : {},
      ok: outcome.ok,
      errMsg: outcome.errMsg ?? '',
      ip: '',
      userAgent: '',
      durationMs: performance.now() - started,
    }).catch((err: unknown) => app.log.error({ err, job: run.name }, 'job operation log write failed'));
  };
  let outcome: JobOutcome;
  try {
    outcome = await work();
  } catch (err) {
    await record({ ok: false, errMsg: '后台任务执行出错' });
    throw err;
  }
  await record(outcome);
}
