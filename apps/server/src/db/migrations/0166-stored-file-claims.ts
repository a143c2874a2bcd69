import { type Kysely, sql } from 'kysely';

// Uploaded files no record ever took (a form cancelled after its upload) are deleted after a day
// (modules/files/orphan-sweep.ts). A file is claimed when a write that names it commits; files
// stored before this migration may already be referenced by records, so they count as claimed.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('stored_file').addColumn('claimed_at', 'text').execute();
  await sql`update stored_file set claimed_at = created_at`.execute(db);
  // The sweep's question: unclaimed files by age. Claimed ones (nearly all) stay out of the index.
  await db.schema
    .createIndex('stored_file_unclaimed_created_at')
    .on('stored_file')
    .columns(['created_at', 'id'])
    .where(sql.ref('claimed_at'), 'is', null)
    .execute();
}
