import type { FastifyInstance } from 'fastify';
import './metrics.js';

/**
 * One run of a background job (a timer's tick, a queued sync): counted in
 * `console_jobs_total{job,outcome}` as ok or failed. A failure is logged here and not thrown, so
 * a timer that calls this keeps its schedule; the job decides nothing about when it runs next.
 */
export async function runJob(app: FastifyInstance, job: string, work: () => Promise<unknown>): Promise<void> {
  try {
    await work();
    app.metrics.jobs.labels(job, 'ok').inc();
  } catch (err) {
    app.metrics.jobs.labels(job, 'failed').inc();
    app.log.error({ err, job }, 'background job failed');
  }
}
