import type { Kysely } from 'kysely';
import { isPostgres } from './helpers.js';

// PostgreSQL only. The capped count of a provider's gateway list filtered by status first asks
// whether a 10 001st matching row exists (crud/list.ts). On PostgreSQL that probe is an
// index-only scan, which checks the visibility map for every entry's heap page: through 0070's
// (agent, status, created_at, id) index those pages come in creation-time order, scattered over
// the table (2.5 ms at 10M rows here, ~9 300 buffer hits); through this index, whose entries for
// one (agent, status) follow the table's order, the same walk touches ~60 buffers (1.0 ms).
// SQLite has no visibility map (the probe is 0.4 ms through 0070's index), and its planner, not
// yet told about a new index by ANALYZE, would take this one for the sorted page query and sort
// the whole provider's rows in a temporary B-tree instead.
// Built without CONCURRENTLY, like every migration's index: on an existing 10M-row table it holds
// writes to gateway_device for the build (~8 s here) while the server starts.
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await db.schema
    .createIndex('gateway_device_agent_id_communication_status_id')
    .on('gateway_device')
    .columns(['agent_id', 'communication_status', 'id'])
    .execute();
}
