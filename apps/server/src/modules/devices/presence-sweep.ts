import type { DeviceKind } from '@console/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';

export type PresenceTable = 'gatewayDevice' | 'androidDevice';
type Column<T extends PresenceTable> = keyof Database[T] & string;

/** Where one kind of device keeps its status: its table, serial, online flag and last-seen columns. */
interface PresenceColumns<T extends PresenceTable> {
  table: T;
  serial: Column<T>;
  online: Column<T>;
  seen: Column<T>;
}

/**
 * The two device tables name the same facts differently. Each entry is checked against its own
 * table here; the queries take `tables[device]`, a union of both, which Kysely types as either
 * table's columns (its rule for a union of tables), so they stay typed without a cast.
 */
export const tables = {
  gateway: { table: 'gatewayDevice', serial: 'deviceName', online: 'communicationStatus', seen: 'lastSeenAt' },
  android: { table: 'androidDevice', serial: 'deviceNo', online: 'online', seen: 'lastHeartbeatAt' },
} as const satisfies { gateway: PresenceColumns<'gatewayDevice'>; android: PresenceColumns<'androidDevice'> };

export type PresenceDb = Kysely<Database>;

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
export async function findOverdue(
  db: PresenceDb,
  device: DeviceKind,
  cutoff: string,
  limit: number,
): Promise<SweptRow[]> {
  const t = tables[device];
  return db
    .selectFrom(t.table)
    .select(['id', 'agentId', `${t.serial} as serial`])
    .where(t.online, '=', 1)
    .where(t.seen, '<', cutoff)
    .orderBy(t.seen)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Overdue devices the adapter vouches for count as heard now. */
export async function keepAlive(db: PresenceDb, device: DeviceKind, rows: SweptRow[], at: string): Promise<void> {
  if (rows.length === 0) return;
  const t = tables[device];
  await db
    .updateTable(t.table)
    .set(t.seen, at)
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
  db: PresenceDb,
  device: DeviceKind,
  rows: SweptRow[],
  cutoff: string,
  now: string,
): Promise<SweptRow[]> {
  if (rows.length === 0) return [];
  const t = tables[device];
  return db
    .updateTable(t.table)
    .set(t.online, 0)
    .set('statusChangedAt', now)
    .where(
      'id',
      'in',
      rows.map((r) => r.id),
    )
    .where(t.online, '=', 1)
    .where(t.seen, '<', cutoff)
    .returning(['id', 'agentId', `${t.serial} as serial`])
    .execute();
}
