import type { Kysely } from 'kysely';

// The menu catalogue became editable (菜单管理): concurrent edits need the usual version column.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('menu')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}
