import type { Kysely } from 'kysely';
import { withId, withTimestamps } from './helpers.js';

// Platform-wide settings read by type (group) and written in batches.
export async function up(db: Kysely<unknown>): Promise<void> {
  await withTimestamps(withId(db, db.schema.createTable('system_config')))
    .addColumn('config_key', 'text', (c) => c.notNull().unique())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('system_config_type').on('system_config').columns(['type', 'sort']).execute();
}
