import type { Kysely } from 'kysely';

// The gateway lists at millions of rows: a provider's list is always `agent_id = ?` and sorted by
// created_at (then id), so the provider-prefixed indexes let a page — even a deep OFFSET one —
// walk index entries only, and the capped count stop after 10 001 entries. The platform list
// filtered by status gets the same without the provider prefix.
const indexes: string[][] = [
  ['agent_id', 'created_at', 'id'],
  ['agent_id', 'communication_status', 'created_at', 'id'],
  ['communication_status', 'created_at', 'id'],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const columns of indexes) {
    await db.schema
      .createIndex(`gateway_device_${columns.join('_')}`)
      .on('gateway_device')
      .columns(columns)
      .execute();
  }
}
