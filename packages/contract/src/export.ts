import { z } from 'zod';
import { id, isoTime } from './common.js';

/**
 * Spreadsheet exports of resource lists (`POST <prefix>/export`) and reports: the request creates
 * an export task (./endpoints/export-tasks.ts), a background job writes the .xlsx, and the
 * operator downloads it from 导出中心. Declared here so both sides read the same limits.
 */

/** An export stops after this many rows; the file and the task say so. */
export const EXPORT_ROW_CAP = 1_000_000;

/** Days a generated file is kept; then the task is 已过期 and the file deleted. */
export const EXPORT_KEEP_DAYS = 7;

/** Data rows one worksheet holds: Excel's 1 048 576 rows less the header row. */
export const EXPORT_SHEET_ROWS = 1_048_575;

/** Download header: `1` when the list had more rows than the export carries. */
export const EXPORT_TRUNCATED_HEADER = 'X-Export-Truncated';
/** Download header: how many data rows the file holds. */
export const EXPORT_ROWS_HEADER = 'X-Export-Rows';

export const xlsxMediaType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Where an export stands: waiting for a worker, being written, downloadable, failed, or past its keep. */
export const exportTaskStatuses = ['queued', 'running', 'ready', 'failed', 'expired'] as const;
export const exportTaskStatus = z.enum(exportTaskStatuses);
export type ExportTaskStatus = z.infer<typeof exportTaskStatus>;
export const exportTaskStatusLabels: Record<ExportTaskStatus, string> = {
  queued: '排队中',
  running: '生成中',
  ready: '已完成',
  failed: '失败',
  expired: '已过期',
};

/** One export as its operator sees it in 导出中心. */
export const exportTask = z.object({
  id,
  /** The list's resource name (`store`) or the report's key (`report.monthData`). */
  source: z.string(),
  /** Chinese name of what is exported: 门店列表, 月度数据统计. */
  title: z.string(),
  /** The filters the export was asked with, as the list's or report's request took them. */
  filters: z.record(z.string(), z.unknown()),
  status: exportTaskStatus,
  rowsDone: z.number().int(),
  /** Rows the file will hold, known once the job has counted them. */
  rowsTotal: z.number().int().nullable(),
  /** More rows matched than an export carries (EXPORT_ROW_CAP): the file holds the first ones. */
  truncated: z.boolean(),
  failReason: z.string().nullable(),
  /** Bytes of the generated file. */
  fileSize: z.number().int().nullable(),
  createdAt: isoTime,
  finishedAt: isoTime.nullable(),
  /** When a ready file is deleted (EXPORT_KEEP_DAYS after it was finished). */
  expiresAt: isoTime.nullable(),
  operatorId: id,
  operatorName: z.string(),
  /** The caller asked for it: only then may they delete it. */
  mine: z.boolean(),
});
export type ExportTask = z.infer<typeof exportTask>;
