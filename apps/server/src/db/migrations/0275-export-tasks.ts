import type { Kysely } from 'kysely';
import { cascade, refType, withId, withTimestamps } from './helpers.js';

// Issue 31 part 4, 导出中心: every export is a task a background job fills. The row keeps who asked
// (the job re-reads that account when it runs), what and with which filters, the progress, and
// the generated file (a name under the export directory) until it expires.
export async function up(db: Kysely<unknown>): Promise<void> {
  await withTimestamps(withId(db, db.schema.createTable('export_task')))
    .addColumn('admin_id', refType(db), (c) => cascade(c.notNull().references('admin.id')))
    // The asker's provider (null for the platform's), as the operation log keeps it.
    .addColumn('agent_id', refType(db), (c) => cascade(c.references('agent.id')))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    // The request's validated body as JSON text.
    .addColumn('filters', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('rows_done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rows_total', 'integer')
    .addColumn('truncated', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('fail_reason', 'text')
    .addColumn('file_name', 'text')
    .addColumn('file_size', 'bigint')
    .addColumn('finished_at', 'text')
    .addColumn('expires_at', 'text')
    .execute();
  // 导出中心: one account's tasks, newest first; and every account's for a platform operator.
  await db.schema.createIndex('export_task_admin').on('export_task').columns(['admin_id', 'id']).execute();
  // The expiry sweep: ready tasks past their keep.
  await db.schema
    .createIndex('export_task_status_expires')
    .on('export_task')
    .columns(['status', 'expires_at'])
    .execute();
}
