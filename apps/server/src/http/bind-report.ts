import { PassThrough } from 'node:stream';
import { type EndpointDef, reportRange } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../db/types.js';
import { type EndpointInput, bindEndpoint } from './bind-endpoint.js';
import { bindFileEndpoint } from './bind-file-endpoint.js';
import { type Cell, shanghaiStamp, writeSheet } from './xlsx-sheet.js';

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

/** A report's figures and its .xlsx export (the same figures, audited as a read in bulk). */
export function bindReport<G extends EndpointDef, X extends EndpointDef, A, T>(
  app: FastifyInstance,
  def: ReportBinding<G, X, A, T>,
): void {
  const title = def.endpoints.get.summary;
  bindEndpoint(app, def.endpoints.get, ({ body }, ctx) => def.load(ctx.db, body));
  bindFileEndpoint(app, def.endpoints.export, async ({ body }, ctx) => {
    // Every report's export body holds its range (a report may filter further); it heads the sheet.
    const range = reportRange.parse(body);
    const rows = def.sheet.rows(await def.loadAll(ctx.db, body));
    const columns = def.sheet.columns;
    const stream = new PassThrough();
    const finished = writeSheet(stream, {
      title,
      heading: `${title}（${range.from} 至 ${range.to}）`,
      columns: columns.map((c) => ({ header: c.header, width: c.width ?? 16 })),
      batches: [rows.map((row) => columns.map((c) => c.cell(row)))],
    }).then((written) => ({ exported: { rows: written, range: body } }));
    const stamp = shanghaiStamp(new Date());
    return {
      filename: `${title}-${stamp}.xlsx`,
      asciiFilename: `report-${def.endpoints.get.path.split('/').pop() ?? 'data'}-${stamp}.xlsx`,
      headers: {},
      body: stream,
      finished,
    };
  });
}
