import { Readable } from 'node:stream';
import type { ImportRowError, RegisterImport } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { bindEndpoint } from '../http/bind-endpoint.js';
import { bindFileEndpoint } from '../http/bind-file-endpoint.js';
import { requireOperator } from '../http/context.js';
import { AppError } from '../lib/app-error.js';
import { nowIso } from '../lib/clock.js';
import { toDbId } from '../lib/ids.js';
import { emitAfterCommit } from '../plugins/events.js';
import { type ValidRow, checkRows, existingDuplicates } from './check-rows.js';
import { readSheet } from './read-sheet.js';
import { templateWorkbook } from './template.js';

/** Rows shown in the preview; the rest are counted. */
const SAMPLE_ROWS = 20;
/** Rows per INSERT: well under SQLite's bound-parameter limit for a register's few columns. */
const INSERT_CHUNK = 500;
/** Previews never committed are dropped after a day. */
const DRAFT_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * The import endpoints a register declared with `defineImport`: template, preview (checks every
 * row and writes nothing to the register) and commit (all valid rows in the request's one
 * transaction, with its operation-log row). A preview is kept in `register_import`, so the commit
 * may reach any API process and writes exactly the rows the operator saw.
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
    const checked = checkRows(spec, sheet);
    const taken = await existingDuplicates(ctx.db as unknown as Kysely<unknown>, table, spec, checked.valid);
    const takenRows = new Set(taken.map((e) => e.row));
    const valid = checked.valid.filter((r) => !takenRows.has(r.row));
    const errors = [...checked.errors, ...taken].sort((a, b) => a.row - b.row);
    const now = nowIso();
    await ctx.db
      .deleteFrom('registerImport')
      .where('createdAt', '<', new Date(Date.now() - DRAFT_TTL_MS).toISOString())
      .execute();
    const draft = await ctx.db
      .insertInto('registerImport')
      .values({
        resource: spec.resource.name,
        fileName,
        status: 0,
        total: checked.total,
        rows: JSON.stringify(valid),
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

  bindEndpoint(app, commit, async ({ body }, ctx) => {
    const id = toDbId((body as { importId: string }).importId);
    const operator = requireOperator(ctx);
    // Only the operator who previewed a file commits it: the draft holds their file's rows.
    const draft = await ctx.db
      .selectFrom('registerImport')
      .selectAll()
      .where('id', '=', id)
      .where('resource', '=', spec.resource.name)
      .where('createdBy', '=', operator.id)
      .executeTakeFirst();
    if (!draft) throw new AppError('recordNotFound', { message: '导入预览已过期，请重新上传文件' });
    ctx.audit.targetId = String(id);
    if (draft.status !== 0) throw new AppError('stateConflict', { message: '该文件已导入，请勿重复提交' });
    const rows = JSON.parse(draft.rows) as ValidRow[];
    // Rows added since the preview (another operator, another import) are refused, not overwritten.
    const taken = await existingDuplicates(ctx.db as unknown as Kysely<unknown>, table, spec, rows);
    const takenRows = new Set(taken.map((e) => e.row));
    const fresh = rows.filter((r) => !takenRows.has(r.row));
    const now = nowIso();
    const loose = ctx.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    for (let i = 0; i < fresh.length; i += INSERT_CHUNK) {
      await loose
        .insertInto(table)
        .values(fresh.slice(i, i + INSERT_CHUNK).map((r) => ({ ...r.values, createdAt: now, updatedAt: now })))
        .execute();
    }
    const claimed = await ctx.db
      .updateTable('registerImport')
      .set({ status: 1, inserted: fresh.length, updatedAt: now, version: sql`version + 1` })
      .where('id', '=', id)
      .where('status', '=', 0)
      .executeTakeFirst();
    // Two commits of one preview raced: the loser's rows roll back with its transaction.
    if (Number(claimed.numUpdatedRows) === 0)
      throw new AppError('stateConflict', { message: '该文件已导入，请勿重复提交' });
    ctx.audit.action = `导入${spec.resource.title} ${fresh.length} 条（${draft.fileName}）`;
    emitAfterCommit(ctx.req, 'resourceChanged', {
      resource: spec.resource.name,
      agentId: null,
      ids: [],
      action: 'create',
    });
    const errors: ImportRowError[] = [...(JSON.parse(draft.errors) as ImportRowError[]), ...taken];
    return { inserted: fresh.length, errors: errors.sort((a, b) => a.row - b.row) };
  });
}
