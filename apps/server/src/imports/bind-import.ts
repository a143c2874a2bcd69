import { Readable } from 'node:stream';
import type { ImportRowError, RegisterImport } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import { type Selectable, sql } from 'kysely';
import type { RegisterImportTable } from '../db/tables/register-imports.js';
import { bindEndpoint } from '../http/bind-endpoint.js';
import { bindFileEndpoint } from '../http/bind-file-endpoint.js';
import { requireOperator } from '../http/context.js';
import { AppError } from '../lib/app-error.js';
import { nowIso } from '../lib/clock.js';
import { toDbId } from '../lib/ids.js';
import { emitAfterCommit } from '../plugins/events.js';
import { checkRows, existingDuplicates } from './check-rows.js';
import { type CommitPlan, DRAFT, importingConflict, undoStalled, writeInBatches } from './commit-batches.js';
import { rowsToJson } from './draft-rows.js';
import { readSheet } from './read-sheet.js';
import { templateWorkbook } from './template.js';

/** Rows shown in the preview; the rest are counted. */
const SAMPLE_ROWS = 20;
/** Previews never committed are dropped after a day. */
const DRAFT_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * The import endpoints a register declared with `defineImport`: template, preview (the file parsed
 * on a worker thread, every row checked, nothing written to the register) and commit (the rows
 * written in batches between other requests, taken out again if one fails: ./commit-batches.ts;
 * the operation-log row commits with the draft's 已导入). A preview is kept in `register_import`,
 * so the commit may reach any API process and writes exactly the rows the operator saw.
 */
export function bindImport(app: FastifyInstance, spec: RegisterImport, table: string): void {
  const { template, preview, commit } = spec.endpoints;
  bindFileEndpoint(app, template, async () => {
    const buffer = await templateWorkbook(spec);
    return {
      filename: `${spec.resource.title}导入模板.xlsx`,
      asciiFilename: `${spec.resource.name}-import-template.xlsx`,
      headers: {},
      body: Readable.from(buffer),
      finished: Promise.resolve({}),
    };
  });

  bindEndpoint(app, preview, async ({ body }, ctx) => {
    const { fileName, content } = body as { fileName: string; content: string };
    const sheet = await readSheet(fileName, Buffer.from(content, 'base64'));
    const checked = await checkRows(spec, sheet);
    const taken = await existingDuplicates(ctx.db, table, spec, checked.valid);
    const takenRows = new Set(taken.map((e) => e.row));
    const valid = checked.valid.filter((r) => !takenRows.has(r.row));
    const errors = [...checked.errors, ...taken].sort((a, b) => a.row - b.row);
    const now = nowIso();
    await undoStalled(ctx.db, spec, table);
    await ctx.db
      .deleteFrom('registerImport')
      .where('createdAt', '<', new Date(Date.now() - DRAFT_TTL_MS).toISOString())
      // A commit under way keeps its draft: the draft names the rows it wrote.
      .where('status', '!=', DRAFT.importing)
      .execute();
    const draft = await ctx.db
      .insertInto('registerImport')
      .values({
        resource: spec.resource.name,
        fileName,
        status: 0,
        total: checked.total,
        rows: await rowsToJson(valid),
        errors: JSON.stringify(errors),
        createdBy: requireOperator(ctx).id,
        inserted: 0,
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return {
      importId: String(draft.id),
      fileName,
      total: checked.total,
      valid: valid.length,
      matched: checked.matched,
      sample: valid.slice(0, SAMPLE_ROWS).map((r) => r.values),
      errors,
    };
  });

  bindEndpoint<typeof commit, CommitPlan & { draft: Selectable<RegisterImportTable> }>(
    app,
    commit,
    async ({ body }, ctx, { fresh, taken, draft }) => {
      const id = toDbId((body as { importId: string }).importId);
      ctx.audit.targetId = String(id);
      // The target is the import draft, not a record of the imported resource: kept out of its 操作历史.
      ctx.audit.resource = 'registerImport';
      const done = await ctx.db
        .updateTable('registerImport')
        .set({ status: DRAFT.committed, inserted: fresh.length, updatedAt: nowIso(), version: sql`version + 1` })
        .where('id', '=', id)
        .where('status', '=', DRAFT.importing)
        .executeTakeFirst();
      // Taken for stalled and undone meanwhile (a batch waited over a minute): the rows are gone.
      if (Number(done.numUpdatedRows) === 0) throw importingConflict();
      ctx.audit.action = `导入${spec.resource.title} ${fresh.length} 条（${draft.fileName}）`;
      emitAfterCommit(ctx.req, 'resourceChanged', {
        resource: spec.resource.name,
        agentId: null,
        ids: [],
        action: 'create',
      });
      const errors: ImportRowError[] = [...(JSON.parse(draft.errors) as ImportRowError[]), ...taken];
      return { inserted: fresh.length, errors: errors.sort((a, b) => a.row - b.row) };
    },
    {
      // The rows are written here, before the endpoint's own transaction: in batches, each its
      // own transaction, so a large file does not hold the database (./commit-batches.ts).
      prepare: async ({ body }, ctx) => {
        const id = toDbId((body as { importId: string }).importId);
        const operator = requireOperator(ctx);
        await undoStalled(ctx.db, spec, table);
        // Only the operator who previewed a file commits it: the draft holds their file's rows.
        const draft = await ctx.db
          .selectFrom('registerImport')
          .selectAll()
          .where('id', '=', id)
          .where('resource', '=', spec.resource.name)
          .where('createdBy', '=', operator.id)
          .executeTakeFirst();
        if (!draft) throw new AppError('recordNotFound', { message: '导入预览已过期，请重新上传文件' });
        if (draft.status === DRAFT.importing) throw importingConflict();
        if (draft.status !== DRAFT.previewed)
          throw new AppError('stateConflict', { message: '该文件已导入，请勿重复提交' });
        return { ...(await writeInBatches(ctx.db, spec, table, draft)), draft };
      },
    },
  );
}
