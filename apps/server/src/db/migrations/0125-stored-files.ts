import type { Kysely } from 'kysely';
import { refType, withId } from './helpers.js';

// The file storage (issue 17): one row per uploaded file, so a form that names a file by its key
// gets the size, md5 and kind the server measured, never what a browser claimed.
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('stored_file'))
    .addColumn('key', 'text', (c) => c.notNull().unique())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('md5', 'text', (c) => c.notNull())
    .addColumn('original_name', 'text', (c) => c.notNull())
    .addColumn('uploaded_by', refType(db))
    .addColumn('agent_id', refType(db))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}
