import type { Kysely } from 'kysely';
import { cascade, refType, withId, withTimestamps } from './helpers.js';

// Issue 30 part 3, saved list views: each operator's named views of a list, kept on the server so
// they follow the account and can be shared. `agent_id` is the owner's provider (null for the
// platform's), copied onto the row so a provider's shared views are found, and fenced, by it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await withTimestamps(withId(db, db.schema.createTable('saved_view')))
    .addColumn('owner_id', refType(db), (c) => cascade(c.notNull().references('admin.id')))
    .addColumn('agent_id', refType(db), (c) => cascade(c.references('agent.id')))
    .addColumn('list_key', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    // The contract's savedViewState as JSON text.
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('share', 'text', (c) => c.notNull())
    .addColumn('role_id', refType(db), (c) => cascade(c.references('role.id')))
    .addUniqueConstraint('saved_view_owner_list_name', ['owner_id', 'list_key', 'name'])
    .execute();
  // The shared views a viewer may see on one list: by provider, or by role.
  await db.schema
    .createIndex('saved_view_list_agent_share')
    .on('saved_view')
    .columns(['list_key', 'agent_id', 'share'])
    .execute();
  await db.schema.createIndex('saved_view_list_role').on('saved_view').columns(['list_key', 'role_id']).execute();

  // One default view per operator and list; it may be another's shared view, and goes with it.
  await withId(db, db.schema.createTable('saved_view_default'))
    .addColumn('admin_id', refType(db), (c) => cascade(c.notNull().references('admin.id')))
    .addColumn('list_key', 'text', (c) => c.notNull())
    .addColumn('view_id', refType(db), (c) => cascade(c.notNull().references('saved_view.id')))
    .addUniqueConstraint('saved_view_default_admin_list', ['admin_id', 'list_key'])
    .execute();
  await db.schema.createIndex('saved_view_default_view').on('saved_view_default').column('view_id').execute();
}
