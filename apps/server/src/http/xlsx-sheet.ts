import type { Writable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { EXPORT_SHEET_ROWS } from '@console/contract';
import type ExcelJS from 'exceljs';
import { type Drainable, drainableOf, drained, zipQueueOf } from './xlsx-backpressure.js';

// The one .xlsx writer: resource exports (crud/export.ts) and report exports (http/bind-report.ts)
// both stream through it, so a fix to sheet names, styles or back-pressure reaches both.

// exceljs costs ~33 MB and a quarter second at start; only a process that exports pays for it.
let excel: Promise<typeof ExcelJS> | undefined;
const loadExcel = () => (excel ??= import('exceljs').then((m) => m.default));

export type Cell = string | number | null;

/** A column of a sheet as the writer sees it: header, width, number format. */
export interface SheetLayout {
  header: string;
  /** Column width in characters. */
  width: number;
  /** Excel number format for numeric cells (amounts in 元). */
  numFmt?: string;
}

export interface SheetSpec {
  /** The worksheet's name (cut to what Excel accepts). */
  title: string;
  columns: SheetLayout[];
  /** Batches of rows, each row one cell per column. */
  batches: AsyncIterable<Cell[][]> | Iterable<Cell[][]>;
  /** A bold line above the headers (a report names its range there). */
  heading?: string;
  /** A line below the last row (the export was cut short…). */
  note?: string | null;
  /**
   * Data rows per worksheet before the next one starts with the same header (default Excel's
   * limit, EXPORT_SHEET_ROWS; a test sets a few).
   */
  sheetRows?: number;
  /** Called after each batch with the rows written so far (an export task's progress). */
  onBatch?: (written: number) => Promise<void>;
}

/**
 * Rows added between two waits for the zip to catch up, whatever the caller's batches: about
 * 300 KB of XML and a few milliseconds of work, so other requests wait no longer than that.
 */
const ROWS_PER_WAIT = 1_000;

/** Excel refuses these in sheet names, and names longer than 31 characters. */
const sheetName = (title: string) => title.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Sheet1';

/**
 * Streams the workbook into `out`; resolves with the number of data rows written. Memory stays
 * bounded and the event loop free: every ROWS_PER_WAIT rows and after each batch the writer
 * waits until the zip has compressed what it was given and `out` has room (./xlsx-backpressure.ts),
 * then lets the event loop turn once, so the rest of the server answers while a million rows export.
 */
export async function writeSheet(out: Writable, spec: SheetSpec): Promise<number> {
  const ExcelJS = await loadExcel();
  // No shared strings: their table would hold every distinct text of the export until the end.
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const perSheet = Math.max(1, Math.min(spec.sheetRows ?? EXPORT_SHEET_ROWS, EXPORT_SHEET_ROWS));
  const headerRow = spec.heading ? 2 : 1;
  const output = drainableOf(out);
  let sheets = 0;
  let zipQueue: Drainable;
  const addSheet = () => {
    sheets += 1;
    // The second sheet on is named after the first with its number: 门店列表 (2).
    const name = sheets === 1 ? sheetName(spec.title) : `${sheetName(spec.title).slice(0, 26)} (${sheets})`;
    const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: headerRow }] });
    zipQueue = zipQueueOf(sheet);
    sheet.columns = spec.columns.map((c) => ({ width: c.width, ...(c.numFmt ? { style: { numFmt: c.numFmt } } : {}) }));
    if (spec.heading) boldRow(sheet.addRow([spec.heading]));
    boldRow(sheet.addRow(spec.columns.map((c) => c.header)));
    return sheet;
  };
  const room = async () => {
    // The current sheet's queue: a new sheet's is taken only once the one before is zipped, so
    // waiting on it also waits for the previous sheet.
    await drained(zipQueue);
    if (output) await drained(output);
    await nextTurn();
    // The operator gave up (closed the tab, cancelled): stop reading the database.
    if (out.destroyed) throw new Error('下载已取消');
  };
  let sheet = addSheet();
  let onSheet = 0;
  let written = 0;
  let sinceWait = 0;
  try {
    for await (const batch of spec.batches) {
      if (out.destroyed) throw new Error('下载已取消');
      for (const row of batch) {
        if (onSheet === perSheet) {
          // Committing a worksheet ends its zip entry: the next sheet's rows queue behind it.
          sheet.commit();
          sheet = addSheet();
          onSheet = 0;
        }
        sheet.addRow(row).commit();
        onSheet += 1;
        sinceWait += 1;
        if (sinceWait === ROWS_PER_WAIT) {
          await room();
          sinceWait = 0;
        }
      }
      written += batch.length;
      if (sinceWait > 0) {
        await room();
        sinceWait = 0;
      }
      if (spec.onBatch) await spec.onBatch(written);
    }
    if (spec.note) sheet.addRow([spec.note]).commit();
    sheet.commit();
    await workbook.commit();
    return written;
  } catch (err) {
    // Ended without an error event: the client sees a cut-off download, and nothing here throws
    // on a stream the response may not have attached yet. The caller logs the reason.
    out.destroy();
    throw err;
  }
}

function boldRow(row: ExcelJS.Row): void {
  row.font = { bold: true };
  row.commit();
}

// China has kept UTC+8 all year since 1991, so a fixed offset is exact (no time-zone database).
export const SHANGHAI_OFFSET_MS = 8 * 60 * 60 * 1000;

/** `YYYYMMDDHHmm` in Beijing time, for file names. */
export function shanghaiStamp(at: Date): string {
  return new Date(at.getTime() + SHANGHAI_OFFSET_MS).toISOString().slice(0, 16).replace(/\D/g, '');
}
