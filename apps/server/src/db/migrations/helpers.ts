import { type ColumnDefinitionBuilder, type CreateTableBuilder, sql } from 'kysely';
import { type HasAdapter, isPostgres } from '../engine.js';

// Migrations are written once for both engines; these helpers hide the few differences.

/** Integer surrogate key: identity on PostgreSQL, rowid alias on SQLite. */
export function withId<T extends string>(db: HasAdapter, table: CreateTableBuilder<T, never>) {
  return isPostgres(db)
    ? table.addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

/** created_at, updated_at (ISO text, sortable on both engines) and the optimistic-lock version. */
export function withTimestamps<T extends string>(table: CreateTableBuilder<T, never>) {
  return table
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1));
}

/** A reference column: bigint on PostgreSQL so it matches identity keys. */
export function refType(db: HasAdapter) {
  return isPostgres(db) ? ('bigint' as const) : ('integer' as const);
}

export const cascade = (c: ColumnDefinitionBuilder) => c.onDelete('cascade');
export { isPostgres, sql };
