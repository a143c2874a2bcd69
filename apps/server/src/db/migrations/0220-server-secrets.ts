import type { Kysely } from 'kysely';

// Keys the server makes for itself and every API process over the database must share (issue 26:
// the key that signs links to private files, when FILE_URL_SECRET is not configured). One row a
// key, written once by whichever process starts first (insert … on conflict do nothing).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('server_secret')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}
