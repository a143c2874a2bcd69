import type { ImportRowError, RegisterImport } from '@console/contract';
import type { Kysely, Selectable } from 'kysely';
import { sql } from 'kysely';
import type { RegisterImportTable } from '../db/tables/register-imports.js';
import type { Database } from '../db/types.js';
import { AppError } from '../lib/app-error.js';
import { nowIso } from '../lib/clock.js';
import { letRequestsIn } from '../lib/let-requests-in.js';
import { type ValidRow, existingDuplicates } from './check-rows.js';
import { rowsFromJson, rowsToJson } from './draft-rows.js';
import { registerTable } from './register-table.js';

/** register_import.status: checked and waiting, written, being written by a commit. */
export const DRAFT = { previewed: 0, committed: 1, importing: 2 } as const;
/**
 * Rows per INSERT and per transaction: a few milliseconds of the database, then other requests.
 * A register row costs ~35 µs to insert with its search grams on an idle machine, five times
 * that on a loaded one: 500 rows held the database for up to 170 ms at a time.
 */
const ROWS_PER_BATCH = 100;
/**
 * A draft that has been 导入中 this long without a batch died with its process (every batch
 * moves its `updatedAt`, and a batch takes milliseconds): its rows are taken out again.
 */
export const STALLED_MS = 60_000;

export interface CommitPlan {
  fresh: ValidRow[];
  taken: ImportRowError[];
}

/**
 * Writes a preview's rows into the register in batches, each its own short transaction, so other
 * requests reach the database between them (SQLite has one connection: a single transaction of
 * 50 000 rows held it, and every other operator, for seconds). What the operator sees stays all or
 * nothing: the draft is claimed first (导入中, so no second commit starts), each batch records how
 * many rows are in, and a batch that fails (a row another writer added meanwhile) takes the
 * earlier batches out again before the error is answered. A process killed mid-way leaves the
 * draft 导入中 with its count; the next commit or preview of that register finds it stalled and
 * takes those rows out (`undoStalled`). The caller's transaction then marks
 * the draft written together with the operation-log row.
 */
export async function writeInBatches(
  db: Kysely<Database>,
  spec: RegisterImport,
  table: string,
  draft: Selectable<RegisterImportTable>,
): Promise<CommitPlan> {
  const rows = await rowsFromJson<ValidRow>(draft.rows);
  // Rows added since the preview (another operator, another import) are refused, not overwritten.
  const taken = await existingDuplicates(db, table, spec, rows);
  const takenRows = new Set(taken.map((e) => e.row));
  const fresh = rows.filter((r) => !takenRows.has(r.row));
  const claimed = await db
    .updateTable('registerImport')
    .set({
      status: DRAFT.importing,
      inserted: 0,
      // The draft keeps exactly the rows it writes, in order: `inserted` then names them.
      ...(taken.length > 0 ? { rows: await rowsToJson(fresh) } : {}),
      updatedAt: nowIso(),
      version: sql`version + 1`,
    })
    .where('id', '=', draft.id)
    .where('status', '=', DRAFT.previewed)
    .executeTakeFirst();
  // Two commits of one preview raced: the loser writes nothing.
  if (Number(claimed.numUpdatedRows) === 0) throw importingConflict();
  let inserted = 0;
  try {
    let lastBatchMs = 0;
    while (inserted < fresh.length) {
      await pauseAfter(lastBatchMs);
      const started = performance.now();
      const batch = fresh.slice(inserted, inserted + ROWS_PER_BATCH);
      const now = nowIso();
      await db.transaction().execute(async (trx) => {
        await registerTable(trx)
          .insertInto(table)
          .values(batch.map((r) => ({ ...r.values, createdAt: now, updatedAt: now })))
          .execute();
        await trx
          .updateTable('registerImport')
          .set({ inserted: inserted + batch.length, updatedAt: now })
          .where('id', '=', draft.id)
          .execute();
      });
      inserted += batch.length;
      lastBatchMs = performance.now() - started;
    }
  } catch (err) {
    await takeOut(db, spec, table, draft.id, fresh, inserted);
    throw err;
  }
  return { fresh, taken };
}

/**
 * Waits as long as the last batch took: the import has at most half of the database while other
 * requests want it. One turn of the event loop between batches was not enough: a read takes a few
 * turns (its headers, its body, its queries) and waited for a batch at each (p99 226 ms in the
 * imports bench); in a pause as long as a batch, it runs all of them.
 */
const pauseAfter = (batchMs: number) =>
  batchMs > 0 ? new Promise<void>((resolve) => setTimeout(resolve, batchMs)) : letRequestsIn();

/**
 * Removes the first `inserted` rows of a draft from the register, last batch first, lowering the
 * draft's count in the same transaction as each delete (so a second attempt after a crash removes
 * only what is still this import's: a key freed here may be another operator's row tomorrow), then
 * opens the draft again for a commit.
 */
async function takeOut(
  db: Kysely<Database>,
  spec: RegisterImport,
  table: string,
  draftId: number,
  rows: readonly ValidRow[],
  inserted: number,
): Promise<void> {
  for (let end = inserted; end > 0; end -= ROWS_PER_BATCH) {
    await letRequestsIn();
    const start = Math.max(0, end - ROWS_PER_BATCH);
    const keys = rows.slice(start, end).map((r) => String(r.values[spec.key]));
    await db.transaction().execute(async (trx) => {
      await registerTable(trx).deleteFrom(table).where(spec.key, 'in', keys).execute();
      await trx
        .updateTable('registerImport')
        .set({ inserted: start, updatedAt: nowIso() })
        .where('id', '=', draftId)
        .execute();
    });
  }
  await db
    .updateTable('registerImport')
    .set({ status: DRAFT.previewed, inserted: 0, updatedAt: nowIso(), version: sql`version + 1` })
    .where('id', '=', draftId)
    .execute();
}

/** Takes out the rows of this register's commits that died mid-way (see `writeInBatches`). */
export async function undoStalled(db: Kysely<Database>, spec: RegisterImport, table: string): Promise<void> {
  const stalled = await db
    .selectFrom('registerImport')
    .select(['id', 'rows', 'inserted'])
    .where('resource', '=', spec.resource.name)
    .where('status', '=', DRAFT.importing)
    .where('updatedAt', '<', new Date(Date.now() - STALLED_MS).toISOString())
    .execute();
  for (const draft of stalled) {
    await takeOut(db, spec, table, draft.id, await rowsFromJson<ValidRow>(draft.rows), draft.inserted);
  }
}

export const importingConflict = () => new AppError('stateConflict', { message: '该文件正在导入，请稍候' });
