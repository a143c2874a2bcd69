import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import { EXPORT_KEEP_DAYS, type EndpointDef, isDirectRun, permissionOf } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import { loadAccountOperator } from '../../credentials/account-operator.js';
import type { JobRun } from '../../plugins/jobs/jobs.js';
import { AppError } from '../../lib/app-error.js';
import { nowIso } from '../../lib/clock.js';
import { type Operator, type ReadContext, type TenantScope, scopeOf } from '../context.js';
import { directAgentId } from '../direct-run.js';
import { type JobOutcome, recordJobRun } from '../job-operation-log.js';
import type { ExportJobData } from './export-job.js';
import { parseFilters } from './task-rows.js';
import type { ExportOutcome, ExportWriter } from './writers.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A reason the operator reads in 导出中心; anything else failed for a reason logged, not shown. */
class ExportRefused extends Error {}

/** What to do once a task's file is ready (the bell: 文件已生成). */
export type ExportReadyHook = (task: { id: number; adminId: number; title: string }) => Promise<void>;

/**
 * The `export` job: writes one task's file as the asking account may see it now. The account is
 * read again (disabled, its permission or provider changed since it asked: the task fails with
 * the reason), the list is read with that account's scope, and the file streams to the export
 * directory with the task's progress updated per batch. The run is recorded in 操作日志 under the
 * account with the filters and the rows written. A failure is the task's, not the engine's: the
 * job does not throw, so it is not retried into a second file.
 */
export async function runExportTask(
  app: FastifyInstance,
  dir: string,
  run: JobRun<ExportJobData>,
  onReady?: ExportReadyHook,
): Promise<void> {
  const taskId = run.data.taskId;
  const task = await app.db.selectFrom('exportTask').selectAll().where('id', '=', taskId).executeTakeFirst();
  // Deleted, or finished by an earlier run of the same job (a retry after a lost process restarts a running one).
  if (!task || (task.status !== 'queued' && task.status !== 'running')) return;
  const writer = app.exportWriters.get(task.source);
  const filters = parseFilters(task.filters);
  const record = {
    module: writer?.def.module ?? '导出中心',
    action: `生成导出文件：${task.title}`,
    targetId: String(taskId),
    params: { source: task.source, body: filters } as Record<string, unknown>,
  };
  await recordJobRun(app, run, record, async (): Promise<JobOutcome> => {
    const fileName = `export-${taskId}-${randomBytes(8).toString('hex')}.xlsx`;
    const path = join(dir, fileName);
    try {
      if (!writer) throw new ExportRefused('该导出已不再提供');
      const ctx = await readContextOf(app, writer.def, task.adminId, task.agentId);
      await setTask(app, taskId, { status: 'running', rowsDone: 0, rowsTotal: null, truncated: 0, failReason: null });
      await mkdir(dir, { recursive: true });
      const outcome = await writeFile(app, writer, filters, ctx, path, taskId);
      const { size } = await stat(path);
      const now = new Date();
      const done = await setTask(app, taskId, {
        status: 'ready',
        rowsDone: outcome.rows,
        fileName,
        fileSize: size,
        finishedAt: now.toISOString(),
        expiresAt: new Date(now.getTime() + EXPORT_KEEP_DAYS * DAY_MS).toISOString(),
      });
      if (!done) throw new ExportRefused('导出任务已删除');
      record.params = { ...record.params, exported: outcome };
      if (onReady)
        await onReady(task).catch((err: unknown) => app.log.error({ err, taskId }, 'export ready hook failed'));
      return { ok: true };
    } catch (err) {
      await rm(path, { force: true });
      const reason =
        err instanceof ExportRefused || err instanceof AppError ? err.message : '导出文件生成失败，请稍后重试';
      if (!(err instanceof ExportRefused)) app.log.error({ err, taskId }, 'export task failed');
      await setTask(app, taskId, { status: 'failed', failReason: reason, fileName: null, finishedAt: nowIso() });
      return { ok: false, errMsg: reason };
    }
  });
}

/**
 * The asking account as it stands now, and the rows it may read: refused when it is gone or
 * disabled, no longer holds the export's permission or audience, or moved to another provider.
 */
async function readContextOf(
  app: FastifyInstance,
  def: EndpointDef,
  adminId: number,
  agentId: number | null,
): Promise<ReadContext> {
  const operator = await loadAccountOperator(app.db, adminId);
  if (!operator) throw new ExportRefused('账号已停用或已删除，导出未执行');
  const permission = permissionOf(def.access);
  const platform = operator.adminType === 0;
  if (
    (permission && !operator.permissions.has(permission)) ||
    (def.audience === 'platform' && !platform) ||
    (def.audience === 'agent' && platform)
  ) {
    throw new ExportRefused('账号已没有此导出的权限，导出未执行');
  }
  if (operator.agentId !== agentId) throw new ExportRefused('账号所属服务商已变更，导出未执行');
  return { db: app.db, operator, scope: await scopeFor(app, def, operator) };
}

/** The scope the export's endpoint reads in: a direct-run route's is the reserved provider's (http/direct-run.ts). */
async function scopeFor(app: FastifyInstance, def: EndpointDef, operator: Operator): Promise<TenantScope> {
  if (isDirectRun(def) && operator.adminType === 0) return { agentId: await directAgentId(app.db), directRun: true };
  return scopeOf(operator);
}

async function writeFile(
  app: FastifyInstance,
  writer: ExportWriter,
  filters: Record<string, unknown>,
  ctx: ReadContext,
  path: string,
  taskId: number,
): Promise<ExportOutcome> {
  const out = createWriteStream(path);
  const outcome = await writer.write(filters, ctx, out, {
    counted: async (total, truncated) => {
      if (!(await setTask(app, taskId, { rowsTotal: total, truncated: truncated ? 1 : 0 })))
        throw new ExportRefused('导出任务已删除');
    },
    batch: async (written) => {
      // The operator deleted the task: stop reading the list.
      if (!(await setTask(app, taskId, { rowsDone: written }))) throw new ExportRefused('导出任务已删除');
    },
  });
  await finished(out);
  return outcome;
}

type TaskChange = Partial<{
  status: string;
  rowsDone: number;
  rowsTotal: number | null;
  truncated: number;
  failReason: string | null;
  fileName: string | null;
  fileSize: number;
  finishedAt: string;
  expiresAt: string;
}>;

/** Updates the task; false when it is gone (deleted while it ran). */
async function setTask(app: FastifyInstance, id: number, change: TaskChange): Promise<boolean> {
  const result = await app.db
    .updateTable('exportTask')
    .set({ ...change, updatedAt: nowIso() })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
