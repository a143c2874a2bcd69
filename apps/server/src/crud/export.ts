import { PassThrough } from 'node:stream';
import { type AnyResource, EXPORT_ROWS_HEADER, EXPORT_ROW_CAP, EXPORT_TRUNCATED_HEADER } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { bindFileEndpoint } from '../http/bind-file-endpoint.js';
import type { RequestContext } from '../http/context.js';
import { type Cell, writeSheet } from '../http/xlsx-sheet.js';
import { type SheetColumn, shanghaiStamp, sheetColumns } from './export-columns.js';
import { filtersWithRareGrams } from './keyword-grams.js';
import { type CountCache, listPage } from './list.js';
import type { ResourceQuery } from './query.js';
import { type DbRow, type ResourceDb, anyTableDb } from './types.js';

/** Rows read per query: large enough to keep round trips few, small enough to hold in memory. */
const BATCH_SIZE = 1_000;

export interface ExportDeps {
  q: ResourceQuery;
  counts: CountCache;
  toWire: (row: DbRow, ctx: RequestContext) => DbRow;
  /** At most EXPORT_ROW_CAP; a registration may set less (tests prove truncation with a few rows). */
  cap?: number;
}

/**
 * `POST <prefix>/export`: the rows the list would show for the same filters and sort (same scope,
 * same query code, read in keyset batches through `listPage`), streamed as an .xlsx. The number
 * of rows is known before the first byte (a count capped at cap + 1), so the response can say
 * how many it carries and whether the list had more.
 */
export function bindExport(app: FastifyInstance, resource: AnyResource, deps: ExportDeps): void {
  const endpoint = resource.endpoints.export;
  if (!endpoint) return;
  const cap = Math.min(deps.cap ?? EXPORT_ROW_CAP, EXPORT_ROW_CAP);
  const columns = sheetColumns(resource);
  bindFileEndpoint(app, endpoint, async ({ body }, ctx) => {
    const filters = body as Record<string, unknown>;
    const db = anyTableDb(ctx);
    const matching = await countUpTo(deps.q, db, filters, ctx, cap + 1);
    const truncated = matching > cap;
    const stream = new PassThrough();
    const batches = readBatches(deps, db, filters, ctx, cap);
    const note = truncated
      ? `仅导出前 ${cap.toLocaleString('en-US')} 条；符合条件的记录更多，请缩小筛选范围后分批导出。`
      : null;
    const finished = writeSheet(stream, {
      title: resource.title,
      columns,
      batches: asCells(columns, batches),
      note,
    }).then((rows) => ({
      exported: { rows, truncated },
    }));
    const stamp = shanghaiStamp(new Date());
    return {
      filename: `${resource.title}-${stamp}.xlsx`,
      asciiFilename: `${resource.name}-${stamp}.xlsx`,
      headers: {
        [EXPORT_ROWS_HEADER]: String(Math.min(matching, cap)),
        ...(truncated ? { [EXPORT_TRUNCATED_HEADER]: '1' } : {}),
      },
      body: stream,
      finished,
    };
  });
}

/** How many rows match, counting no further than `limit`. */
async function countUpTo(
  q: ResourceQuery,
  db: ResourceDb,
  filters: Record<string, unknown>,
  ctx: RequestContext,
  limit: number,
): Promise<number> {
  const capped = q
    .select(db, ctx)
    .clearSelect()
    .select(sql.lit(1).as('one'))
    .where(await filtersWithRareGrams(q, db, ctx, filters))
    .limit(limit);
  const row = await db
    .selectFrom(capped.as('c'))
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The list's rows in its order, a batch at a time, each batch continuing from the last one's cursor. */
async function* readBatches(
  deps: ExportDeps,
  db: ResourceDb,
  filters: Record<string, unknown>,
  ctx: RequestContext,
  cap: number,
): AsyncGenerator<DbRow[]> {
  let left = cap;
  let after: string | null = null;
  while (left > 0) {
    const size = Math.min(BATCH_SIZE, left);
    const page = await listPage(
      deps.q,
      deps.counts,
      db,
      { ...filters, offset: 1, size, ...(after ? { after } : {}) },
      ctx,
    );
    left -= page.list.length;
    yield page.list.map((row) => deps.toWire(row, ctx));
    if (!page.nextCursor) return;
    after = page.nextCursor;
  }
}

/** Each wire row as the cells of the export's columns. */
async function* asCells(columns: SheetColumn[], batches: AsyncIterable<DbRow[]>): AsyncGenerator<Cell[][]> {
  for await (const batch of batches) yield batch.map((row) => columns.map((c) => c.cell(row[c.field])));
}
