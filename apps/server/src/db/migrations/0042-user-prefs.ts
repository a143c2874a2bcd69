import type { Kysely } from 'kysely';
import { cascade, refType, withId } from './helpers.js';

// Each operator's own view settings (table columns, order, density), kept on the server so they
// follow the account to any browser. They go with the account.
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('user_pref'))
    .addColumn('admin_id', refType(db), (c) => cascade(c.notNull().references('admin.id')))
    .addColumn('pref_key', 'text', (c) => c.notNull())
    // The contract's zod schema for the key's kind, as JSON text.
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('user_pref_admin_key', ['admin_id', 'pref_key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('user_pref').execute();
}
