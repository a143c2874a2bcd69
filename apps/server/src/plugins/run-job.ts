import type { FastifyInstance } from 'fastify';
import './metrics.js';

/**
 * One run of a background job (a schedule's tick, a queued job): counted in
 * `console_jobs_total{job,outcome}` as ok or failed. A failure is logged here and not thrown, so
 * a schedule that calls this keeps its ticks; the job decides nothing about when it runs next.
 */
export async function runJob(app: FastifyInstance, job: string, work: () => Promise<unknown>): Promise<void> {
  await countJob(app, job, work).catch(() => undefined);
}

/** The same count and log, but the failure is thrown on: a queued job's engine retries it. */
export async function countJob<T>(app: FastifyInstance, job: string, work: () => Promise<T>): Promise<T> {
  try {
    const result = await work();
    app.metrics.jobs.labels(job, 'ok').inc();
    return result;
  } catch (err) {
    app.metrics.jobs.labels(job, 'failed').inc();
    app.log.error({ err, job }, 'background job failed');
    throw err;
  }
}
