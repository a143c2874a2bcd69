import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { EXPORT_ROWS_HEADER, EXPORT_TRUNCATED_HEADER, exportTaskEndpoints } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import { bindEndpoint } from '../../http/bind-endpoint.js';
import { bindFileEndpoint } from '../../http/bind-file-endpoint.js';
import { type Operator, requireOperator } from '../../http/context.js';
import { ACTIVE_STATUSES, type ExportTaskRow, selectTasks, taskToWire } from '../../http/export-tasks/task-rows.js';
import { exportWriters } from '../../http/export-tasks/writers.js';
import { shanghaiStamp } from '../../http/xlsx-sheet.js';
import { AppError } from '../../lib/app-error.js';
import { toDbId } from '../../lib/ids.js';
import type { Database } from '../../db/types.js';
import type { Kysely } from 'kysely';

/** Counted no further than lists count (ARCHITECTURE: the wire). */
const COUNT_LIMIT = 10_001;

/**
 * A task the caller may see: their own; any account's for a platform operator. Another's task
 * answers 404001 to everyone else, exactly as a missing one.
 */
async function visibleTask(db: Kysely<Database>, operator: Operator, id: string): Promise<ExportTaskRow> {
  let q = selectTasks(db).where('e.id', '=', toDbId(id));
  if (operator.adminType !== 0) q = q.where('e.adminId', '=', operator.id);
  const row = await q.executeTakeFirst();
  if (!row) throw new AppError('recordNotFound');
  return row;
}

/**
 * 导出中心 (issue 31 part 4). Providers' operators see and download only their own exports (a
 * provider admin's staff export under their own grants, and a file is its asker's); platform
 * operators may list every account's (`all`, `operatorId`) and download any, as the issue asks.
 * Only the asker deletes a task.
 */
export function registerExportTaskRoutes(app: FastifyInstance, dir: string): void {
  const ep = exportTaskEndpoints;

  bindEndpoint(app, ep.page, async ({ body }, ctx) => {
    const operator = requireOperator(ctx);
    const everyone = operator.adminType === 0 && body.all === true;
    let q = selectTasks(ctx.db);
    if (!everyone) q = q.where('e.adminId', '=', operator.id);
    else if (body.operatorId) q = q.where('e.adminId', '=', toDbId(body.operatorId));
    if (body.status) q = q.where('e.status', '=', body.status);
    const counted = await ctx.db
      .selectFrom(q.clearSelect().select('e.id').limit(COUNT_LIMIT).as('c'))
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const rows = await q
      .orderBy('e.id', 'desc')
      .limit(body.size)
      .offset((body.offset - 1) * body.size)
      .execute();
    const active = await ctx.db
      .selectFrom('exportTask')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('adminId', '=', operator.id)
      .where('status', 'in', ACTIVE_STATUSES)
      .executeTakeFirstOrThrow();
    const total = Number(counted.n);
    return {
      total,
      ...(total >= COUNT_LIMIT ? { totalCapped: true } : {}),
      list: rows.map((row) => taskToWire(row, operator.id)),
      active: Number(active.n),
    };
  });

  bindEndpoint(app, ep.get, async ({ query }, ctx) => {
    const operator = requireOperator(ctx);
    return taskToWire(await visibleTask(ctx.db, operator, query.id), operator.id);
  });

  bindFileEndpoint(app, ep.download, async ({ query }, ctx) => {
    const task = await visibleTask(ctx.db, requireOperator(ctx), query.id);
    if (task.status !== 'ready' || !task.fileName) throw new AppError('exportNotReady');
    ctx.audit.targetId = String(task.id);
    const stamp = shanghaiStamp(new Date(task.finishedAt ?? task.createdAt));
    const body = createReadStream(join(dir, task.fileName));
    const finished = new Promise<Record<string, unknown>>((resolve, reject) => {
      body.once('end', () => resolve({ taskId: String(task.id), rows: task.rowsDone }));
      body.once('error', reject);
    });
    const asciiName = exportWriters(app).get(task.source)?.asciiName ?? 'export';
    return {
      filename: `${task.title}-${stamp}.xlsx`,
      asciiFilename: `${asciiName}-${stamp}.xlsx`,
      headers: {
        [EXPORT_ROWS_HEADER]: String(task.rowsDone),
        ...(task.truncated === 1 ? { [EXPORT_TRUNCATED_HEADER]: '1' } : {}),
      },
      body,
      finished,
    };
  });

  bindEndpoint(app, ep.delete, async ({ query }, ctx) => {
    const operator = requireOperator(ctx);
    ctx.audit.targetId = query.id;
    const gone = await ctx.db
      .deleteFrom('exportTask')
      .where('id', '=', toDbId(query.id))
      .where('adminId', '=', operator.id)
      .returning(['fileName'])
      .executeTakeFirst();
    if (!gone) throw new AppError('recordNotFound');
    // The file goes once the row's deletion committed; a running job notices at its next batch
    // and removes its partial file itself.
    const fileName = gone.fileName;
    if (fileName)
      ctx.reply.raw.once('finish', () => {
        if (ctx.reply.statusCode < 400) void rm(join(dir, fileName), { force: true });
      });
    return null;
  });
}
