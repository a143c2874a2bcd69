import type { Kysely } from 'kysely';

// Issue 27, presence across processes: a heartbeat heard by one process is written seconds later
// in its batched seen-flush, which may put an offline row back online (another process or the
// sweep wrote it offline since). Whether it may depends on which came first, the heartbeat or
// the change to offline (a device's goodbye heard by another process). The row keeps when its
// online flag last changed so the flush can tell. Null on rows before this: nothing known.
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['gateway_device', 'android_device']) {
    await db.schema.alterTable(table).addColumn('status_changed_at', 'text').execute();
  }
}
