import { type Kysely, sql } from 'kysely';

// The error log keeps one row per distinct error (issue 15): reports with the same fingerprint
// (source, message, top stack frame, url path) add to its count and move its last-seen time
// instead of adding rows. The row's created_at is when it was first seen. Existing rows keep a
// null fingerprint (NULLs never collide in a unique index on either engine), each its own group.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('error_log').addColumn('fingerprint', 'text').execute();
  await db.schema
    .alterTable('error_log')
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('error_log')
    .addColumn('last_seen_at', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await sql`update error_log set last_seen_at = created_at`.execute(db);
  await db.schema.createIndex('error_log_fingerprint').unique().on('error_log').column('fingerprint').execute();
  // The list's default sort is now the last sighting, and it sorts by count: each filter with it.
  const indexes: string[][] = [
    ['last_seen_at', 'id'],
    ['count', 'id'],
    ['source', 'last_seen_at', 'id'],
    ['level', 'last_seen_at', 'id'],
    ['handled', 'last_seen_at', 'id'],
  ];
  for (const columns of indexes) {
    await db.schema
      .createIndex(`error_log_${columns.join('_')}`)
      .on('error_log')
      .columns(columns)
      .execute();
  }
}
