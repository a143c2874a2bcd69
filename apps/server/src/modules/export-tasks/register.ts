import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import { EXPORT_JOB, type ExportJobData, exportDirOf } from '../../http/export-tasks/export-job.js';
import { expireExportTasks } from '../../http/export-tasks/expire-export-tasks.js';
import { runExportTask } from '../../http/export-tasks/run-export-task.js';
import { ACTIVE_STATUSES } from '../../http/export-tasks/task-rows.js';
import { nowIso } from '../../lib/clock.js';
import { registerExportTaskRoutes } from './routes.js';

const EXPIRY_EVERY_SECONDS = 60 * 60;

/**
 * 导出中心: the task endpoints, the `export` queue that writes the files (two at a time per
 * process, so one huge export does not hold every other operator's back) and the hourly expiry.
 */
export function registerExportTasks(app: FastifyInstance, config: Config): void {
  const dir = exportDirOf(config);
  registerExportTaskRoutes(app, dir);
  app.jobs.work<ExportJobData>(EXPORT_JOB, (run) => runExportTask(app, dir, run), {
    concurrency: 2,
    // A process lost mid-file (pg-boss hands the job on): the next run starts the file again.
    retryLimit: 1,
  });
  app.jobs.every('export-expiry', EXPIRY_EVERY_SECONDS, () => expireExportTasks(app, dir), { firstAfterSeconds: 60 });
  // The in-process engine keeps its queue in memory: tasks a restart left behind will never run.
  if (app.jobs.engine === 'local') {
    app.addHook('onReady', async () => {
      await app.db
        .updateTable('exportTask')
        .set({
          status: 'failed',
          failReason: '服务已重启，导出中断，请重新导出',
          finishedAt: nowIso(),
          updatedAt: nowIso(),
        })
        .where('status', 'in', ACTIVE_STATUSES)
        .execute();
    });
  }
}
