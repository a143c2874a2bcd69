import type { ExportTask, ExportTaskStatus } from '@console/contract';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/types.js';
import type { ExportTaskTable } from '../../db/tables/export-tasks.js';

export type ExportTaskRow = Selectable<ExportTaskTable> & { operatorName: string; operatorLogin: string };

/** Tasks with the asking account's name (导出中心 shows who asked when a platform operator lists all). */
export function selectTasks(db: Kysely<Database>) {
  return db
    .selectFrom('exportTask as e')
    .innerJoin('admin as a', 'a.id', 'e.adminId')
    .selectAll('e')
    .select(['a.name as operatorName', 'a.loginName as operatorLogin']);
}

/** A task as `viewerId` reads it. */
export function taskToWire(row: ExportTaskRow, viewerId: number): ExportTask {
  return {
    id: String(row.id),
    source: row.source,
    title: row.title,
    filters: parseFilters(row.filters),
    status: row.status as ExportTaskStatus,
    rowsDone: row.rowsDone,
    rowsTotal: row.rowsTotal,
    truncated: row.truncated === 1,
    failReason: row.failReason,
    fileSize: row.fileSize === null ? null : Number(row.fileSize),
    createdAt: row.createdAt,
    finishedAt: row.finishedAt,
    expiresAt: row.expiresAt,
    operatorId: String(row.adminId),
    operatorName: `${row.operatorName}(${row.operatorLogin})`,
    mine: row.adminId === viewerId,
  };
}

/** The stored request body; an object by construction (the endpoint's validated body). */
export function parseFilters(text: string): Record<string, unknown> {
  const value: unknown = JSON.parse(text);
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? { ...value } : {};
}

/** The statuses a job still has work to do in. */
export const ACTIVE_STATUSES: ExportTaskStatus[] = ['queued', 'running'];
