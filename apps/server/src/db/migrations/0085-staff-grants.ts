import type { Kysely } from 'kysely';
import { cascade, refType } from './helpers.js';

// A provider operator's own menu grant (issue 15 item 2): their permissions are the intersection
// of this grant and their provider's agent menu. The provider administrator's list of operators
// reads by (agent, type) in creation order, hence the index.
export async function up(db: Kysely<unknown>): Promise<void> {
  const ref = refType(db);
  await db.schema
    .createTable('admin_menu')
    .addColumn('admin_id', ref, (c) => cascade(c.notNull().references('admin.id')))
    .addColumn('menu_id', ref, (c) => cascade(c.notNull().references('menu.id')))
    .addPrimaryKeyConstraint('admin_menu_pk', ['admin_id', 'menu_id'])
    .execute();
  await db.schema.createIndex('admin_menu_menu').on('admin_menu').column('menu_id').execute();
  await db.schema
    .createIndex('admin_agent_type_created')
    .on('admin')
    .columns(['agent_id', 'admin_type', 'created_at', 'id'])
    .execute();
}
