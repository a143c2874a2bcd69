import { type Kysely, Migrator, sql } from 'kysely';
import { isPostgres } from './engine.js';
import { migrations } from './migrations/index.js';
import type { Database } from './types.js';

/** Runs every pending migration forward; throws with the failing migration's name. */
export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  await migrateUpTo(db);
}

/**
 * Runs pending migrations forward up to and including `last` (all of them without it). Tests of
 * a migration stop before it, write rows the old way, then run it.
 */
export async function migrateUpTo(db: Kysely<Database>, last?: string): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(migrations) },
    // Kysely otherwise takes a migration table in ANY schema for its own, so a database holding
    // several schemas (the tests' scratch schemas) could skip creating it in the current one.
    ...(await postgresSchema(db)),
  });
  const { error, results } = await (last ? migrator.migrateTo(last) : migrator.migrateToLatest());
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    throw new Error(
      `Migration ${failed?.migrationName ?? '(unknown)'} failed: ${error instanceof Error ? error.message : JSON.stringify(error)}`,
      { cause: error },
    );
  }
}

async function postgresSchema(db: Kysely<Database>): Promise<{ migrationTableSchema?: string }> {
  if (!isPostgres(db)) return {};
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const schema = rows[0]?.schema;
  return schema ? { migrationTableSchema: schema } : {};
}
