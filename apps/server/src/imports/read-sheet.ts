import { availableParallelism } from 'node:os';
import { IMPORT_MAX_INFLATED_MB, IMPORT_MAX_ROWS } from '@console/contract';
import { fieldError } from '../lib/app-error.js';
import { threadChannel } from '../lib/task-channels.js';
import { TaskWorkers } from '../lib/task-workers.js';
import { rowsFromJson } from './draft-rows.js';
import type { Sheet, SheetLimits, SheetReply } from './sheet-lines.js';

export type { Sheet } from './sheet-lines.js';

/**
 * Threads that parse uploaded sheets: one per core beyond the event loop's, at most two. A parse
 * is CPU-bound for up to a few seconds; more threads than cores would take the event loop's, and
 * previews beyond the pool wait in its queue instead of each holding a file's worth of memory.
 */
export const SHEET_WORKERS = Math.max(1, Math.min(2, availableParallelism() - 1));
/** A backstop beside the inflation budget: a thread whose heap outgrows this dies, failing its parse. */
const SHEET_WORKER_HEAP_MB = 1024;

export const sheetWorkers = new TaskWorkers({
  size: SHEET_WORKERS,
  tasksPerHelper: 1,
  start: () =>
    threadChannel(
      new URL('./sheet-worker.ts', import.meta.url),
      { maxOldGenerationSizeMb: SHEET_WORKER_HEAP_MB },
      '表格解析线程',
    ),
});

const limits: SheetLimits = { maxInflatedBytes: IMPORT_MAX_INFLATED_MB * 1024 * 1024, maxRows: IMPORT_MAX_ROWS };

/** The refusal of a file with more rows than one import takes. */
export const tooManyRows = (rows: number) =>
  fieldError(
    'content',
    `一次最多导入 ${IMPORT_MAX_ROWS.toLocaleString('en-US')} 行，本文件有 ${rows.toLocaleString('en-US')} 行`,
  );

/**
 * Reads an .xlsx (Excel, WPS, LibreOffice) or a .csv (UTF-8 with or without BOM, or GBK) on a
 * worker thread (./sheet-worker.ts), so a large file or a ZIP bomb never holds the event loop.
 */
export async function readSheet(fileName: string, bytes: Buffer): Promise<Sheet> {
  const parsed = (await sheetWorkers.run('parse', [fileName, bytes, limits])) as SheetReply;
  if ('rowsJson' in parsed) return { headers: parsed.headers, rows: await rowsFromJson(parsed.rowsJson) };
  switch (parsed.refused) {
    case 'tooLarge':
      throw fieldError('content', `文件解压后超过 ${IMPORT_MAX_INFLATED_MB} MB，请拆分后分批导入`);
    case 'tooManyRows':
      throw tooManyRows(parsed.rows);
    case 'empty':
      throw fieldError('content', '文件中没有数据');
    default:
      throw fieldError('content', '无法读取该 Excel 文件，请另存为 .xlsx 或 .csv 后重试');
  }
}
