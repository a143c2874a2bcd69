import type { FastifyInstance } from 'fastify';
import { bindEndpoint } from '../bind-endpoint.js';
import { type Operator, type RequestContext, requireOperator } from '../context.js';
import { nowIso } from '../../lib/clock.js';
import { EXPORT_JOB, type ExportJobData } from './export-job.js';
import { selectTasks, taskToWire } from './task-rows.js';
import { type ExportWriter, exportWriters } from './writers.js';

/**
 * Binds an export endpoint (a list's `POST <prefix>/export`, a report's): the request is checked
 * (permission, body) and audited with its filters like any write, and answers a queued task; the
 * `export` job writes the file once the task row is committed (run-export-task.ts).
 */
export function bindExportTask(app: FastifyInstance, writer: ExportWriter): void {
  exportWriters(app).set(writer.def.path, writer);
  bindEndpoint(app, writer.def, async ({ body }, ctx) => {
    const operator = requireOperator(ctx);
    const now = nowIso();
    const { id } = await ctx.db
      .insertInto('exportTask')
      .values({
        adminId: operator.id,
        agentId: operator.agentId,
        source: writer.def.path,
        title: writer.title,
        filters: JSON.stringify(body ?? {}),
        status: 'queued',
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ctx.audit.targetId = String(id);
    ctx.audit.resource = 'exportTask';
    afterCommit(ctx, () => queueTask(app, id, operator));
    return taskToWire(await selectTasks(ctx.db).where('e.id', '=', id).executeTakeFirstOrThrow(), operator.id);
  });
}

/** Once the response went out, the task's row is committed: a job on any process finds it. */
function afterCommit(ctx: RequestContext, fn: () => Promise<void>): void {
  ctx.reply.raw.once('finish', () => {
    if (ctx.reply.statusCode < 400) void fn();
  });
}

async function queueTask(app: FastifyInstance, id: number, operator: Operator): Promise<void> {
  try {
    await app.jobs.enqueue<ExportJobData>(EXPORT_JOB, { taskId: id }, { operator, singletonKey: `export:${id}` });
  } catch (err) {
    app.log.error({ err, taskId: id }, 'export task not queued');
    await app.db
      .updateTable('exportTask')
      .set({ status: 'failed', failReason: '导出任务未能排队，请重新导出', finishedAt: nowIso(), updatedAt: nowIso() })
      .where('id', '=', id)
      .execute()
      .catch((e: unknown) => app.log.error({ err: e, taskId: id }, 'export task not marked failed'));
  }
}
