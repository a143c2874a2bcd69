import { type EndpointDef, reportRange } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../db/types.js';
import { type EndpointInput, bindEndpoint } from './bind-endpoint.js';
import { bindExportTask } from './export-tasks/bind-export-task.js';
import { type Cell, writeSheet } from './xlsx-sheet.js';

type Db = Kysely<Database>;

/** One column of a report's export: its header and the cell a row gives it. */
export interface ReportColumn<T> {
  header: string;
  /** Column width in characters (16 unless a column needs more). */
  width?: number;
  cell: (row: T) => Cell;
}

/** A report's export as a declaration: the rows a report has and the columns each row fills. */
export interface ReportSheet<A, T = never> {
  rows: (report: A) => T[];
  columns: ReportColumn<T>[];
}

export interface ReportBinding<G extends EndpointDef, X extends EndpointDef, A, T> {
  endpoints: { get: G; export: X };
  load: (db: Db, body: EndpointInput<G>['body']) => Promise<z.input<G['response']>>;
  /** What the export writes (a paged report exports all rows, not the screen's page). */
  loadAll: (db: Db, body: EndpointInput<X>['body']) => Promise<A>;
  sheet: ReportSheet<A, T>;
}

/** Rows a report's sheet is written in per batch (the task's progress moves per batch). */
const REPORT_BATCH = 1_000;

/** A report's figures and its .xlsx export (an export task: the same figures, written by a job). */
export function bindReport<G extends EndpointDef, X extends EndpointDef, A, T>(
  app: FastifyInstance,
  def: ReportBinding<G, X, A, T>,
): void {
  const title = def.endpoints.get.summary;
  bindEndpoint(app, def.endpoints.get, ({ body }, ctx) => def.load(ctx.db, body));
  bindExportTask(app, {
    def: def.endpoints.export,
    title,
    asciiName: `report-${def.endpoints.get.path.split('/').pop() ?? 'data'}`,
    write: async (stored, ctx, out, progress) => {
      // The stored body was validated when the task was asked for; parsed again, it has its types back.
      const body = (def.endpoints.export.body ?? reportRange).parse(stored) as EndpointInput<X>['body'];
      // Every report's export body holds its range (a report may filter further); it heads the sheet.
      const range = reportRange.parse(stored);
      const rows = def.sheet.rows(await def.loadAll(ctx.db, body));
      await progress.counted(rows.length, false);
      const columns = def.sheet.columns;
      const written = await writeSheet(out, {
        title,
        heading: `${title}（${range.from} 至 ${range.to}）`,
        columns: columns.map((c) => ({ header: c.header, width: c.width ?? 16 })),
        batches: batchesOf(rows.map((row) => columns.map((c) => c.cell(row)))),
        onBatch: progress.batch,
      });
      return { rows: written, truncated: false };
    },
  });
}

function* batchesOf<R>(rows: R[]): Generator<R[]> {
  for (let at = 0; at < rows.length; at += REPORT_BATCH) yield rows.slice(at, at + REPORT_BATCH);
}
