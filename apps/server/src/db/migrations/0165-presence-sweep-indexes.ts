import type { Kysely } from 'kysely';

// The presence sweep (modules/devices/presence-sweep.ts) asks every few seconds which online
// devices were last heard before a cutoff, oldest first. With status first and last-seen time
// next, that is one short range walk in index order at any table size, never a scan or a sort.
// (A partial index over online rows would be smaller, but SQLite's planner, without ANALYZE
// statistics, prefers the plain status index to it and sorts.)
const indexes = [
  { table: 'gateway_device', columns: ['communication_status', 'last_seen_at', 'id'] },
  { table: 'android_device', columns: ['online', 'last_heartbeat_at', 'id'] },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const { table, columns } of indexes) {
    await db.schema
      .createIndex(`${table}_${columns.join('_')}`)
      .on(table)
      .columns(columns)
      .execute();
  }
}
