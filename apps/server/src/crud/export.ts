import { type AnyResource, EXPORT_ROW_CAP } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { ReadContext } from '../http/context.js';
import { bindExportTask } from '../http/export-tasks/bind-export-task.js';
import { titleOf } from '../http/export-tasks/writers.js';
import { type Cell, writeSheet } from '../http/xlsx-sheet.js';
import { type SheetColumn, sheetColumns } from './export-columns.js';
import { filtersWithRareGrams } from './keyword-grams.js';
import { type CountCache, listPage } from './list.js';
import type { ResourceQuery } from './query.js';
import { type DbRow, type ResourceDb, anyTableDb } from './types.js';

/**
 * Rows read per query. Small enough that a batch is written before V8's young generation is
 * collected twice (about 28 KB is allocated per row, mostly by exceljs rendering XML; the server
 * runs with 8 MB semi-spaces), so a batch's rows die young instead of being promoted: at 1 000 a
 * batch outlived that and the old generation swung 66 → 190 MB between collections while a
 * 200 000-row export ran, at 250 it stays under 100 MB. The extra queries cost little: each is a
 * keyset seek.
 */
const BATCH_SIZE = 250;

export interface ExportDeps {
  q: ResourceQuery;
  counts: CountCache;
  toWire: (row: DbRow, ctx: ReadContext) => DbRow;
  /** At most EXPORT_ROW_CAP; a registration may set less (tests prove truncation with a few rows). */
  cap?: number;
}

/**
 * `POST <prefix>/export`: creates an export task (http/export-tasks/); its job writes the rows the
 * list would show for the same filters and sort (same scope, same query code, read in keyset
 * batches through `listPage`) as an .xlsx. The rows are counted first (capped at cap + 1), so the
 * task shows its progress against a total and says whether the list had more.
 */
export function bindExport(app: FastifyInstance, resource: AnyResource, deps: ExportDeps): void {
  const endpoint = resource.endpoints.export;
  if (!endpoint) return;
  const cap = Math.min(deps.cap ?? EXPORT_ROW_CAP, EXPORT_ROW_CAP);
  const columns = sheetColumns(resource);
  bindExportTask(app, {
    def: endpoint,
    title: titleOf(endpoint),
    asciiName: resource.name,
    write: async (filters, ctx, out, progress) => {
      const db = anyTableDb(ctx);
      const matching = await countUpTo(deps.q, db, filters, ctx, cap + 1);
      const truncated = matching > cap;
      await progress.counted(Math.min(matching, cap), truncated);
      const note = truncated
        ? `仅导出前 ${cap.toLocaleString('en-US')} 条；符合条件的记录更多，请缩小筛选范围后分批导出。`
        : null;
      const rows = await writeSheet(out, {
        title: resource.title,
        columns,
        batches: asCells(columns, readBatches(deps, db, filters, ctx, cap)),
        note,
        onBatch: progress.batch,
      });
      return { rows, truncated };
    },
  });
}

/** How many rows match, counting no further than `limit`. */
async function countUpTo(
  q: ResourceQuery,
  db: ResourceDb,
  filters: Record<string, unknown>,
  ctx: ReadContext,
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
  ctx: ReadContext,
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
