import type { DeviceKind } from '@console/contract';
import type { LooseDb } from '../../crud/types.js';

/** Where each kind of device keeps its status: table, serial column, online and last-seen columns. */
export const tables = {
  gateway: { table: 'gatewayDevice', serial: 'deviceName', online: 'communicationStatus', seen: 'lastSeenAt' },
  android: { table: 'androidDevice', serial: 'deviceNo', online: 'online', seen: 'lastHeartbeatAt' },
} as const;

// The two tables are picked by name at run time (their columns are checked by `tables` above), so
// the sweep takes the crud's any-table handle.
export type { LooseDb } from '../../crud/types.js';

/** An overdue device as the sweep needs it: its row, its provider (for the event), its serial. */
export interface SweptRow {
  id: number;
  agentId: number | null;
  serial: string;
}

/**
 * Up to `limit` online devices of one kind last heard before `cutoff`, oldest first: a range walk
 * over the (status, last-seen, id) index (migration 0165), never a table scan.
 * Rows never heard at all (null) are left as they are: nothing says when they went quiet.
 */
export async function findOverdue(db: LooseDb, device: DeviceKind, cutoff: string, limit: number): Promise<SweptRow[]> {
  const t = tables[device];
  return (await db
    .selectFrom(t.table)
    .select(['id', 'agentId', `${t.serial} as serial`])
    .where(t.online, '=', 1)
    .where(t.seen, '<', cutoff)
    .orderBy(t.seen)
    .orderBy('id')
    .limit(limit)
    .execute()) satisfies SweptRow[];
}

/** Overdue devices the adapter vouches for count as heard now. */
export async function keepAlive(db: LooseDb, device: DeviceKind, rows: SweptRow[], at: string): Promise<void> {
  if (rows.length === 0) return;
  const t = tables[device];
  await db
    .updateTable(t.table)
    .set({ [t.seen]: at })
    .where(
      'id',
      'in',
      rows.map((r) => r.id),
    )
    .execute();
}

/**
 * Marks the silent ones offline in one statement, re-checking the condition so a device that
 * spoke between the read and the write (its status written by the last will path) is left alone.
 * Returns the rows actually changed, the ones to announce.
 */
export async function markSilentOffline(
  db: LooseDb,
  device: DeviceKind,
  rows: SweptRow[],
  cutoff: string,
): Promise<SweptRow[]> {
  if (rows.length === 0) return [];
  const t = tables[device];
  return (await db
    .updateTable(t.table)
    .set({ [t.online]: 0 })
    .where(
      'id',
      'in',
      rows.map((r) => r.id),
    )
    .where(t.online, '=', 1)
    .where(t.seen, '<', cutoff)
    .returning(['id', 'agentId', `${t.serial} as serial`])
    .execute()) satisfies SweptRow[];
}
