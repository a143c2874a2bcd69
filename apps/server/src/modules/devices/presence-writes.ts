import type { DeviceKind } from '@console/contract';
import { type ExpressionBuilder, sql } from 'kysely';
import type { Database } from '../../db/types.js';
import { type PresenceDb, type PresenceTable, tables } from './presence-sweep.js';

type HeardDb = Database & { heard: { serial: string; heardAt: string } };

/** A device row a presence write changed: what its event needs. */
export interface PresenceRow {
  id: number;
  agentId: number | null;
}

/** A row the seen-flush put back on line, with the heartbeat that did it. */
export interface RevivedRow extends PresenceRow {
  heardAt: string;
}

/**
 * Writes a status the devices said (connect, goodbye, last will) in one statement, stamping when
 * the flag was set so a heartbeat heard before it cannot undo it (see `writeHeard`). A repeated
 * status stamps again: a second last will after a revive is the newest word.
 */
export async function writeStatus(
  db: PresenceDb,
  device: DeviceKind,
  online: boolean,
  serials: string[],
  at: string,
  changedAt: string,
): Promise<PresenceRow[]> {
  const t = tables[device];
  let update = db
    .updateTable(t.table)
    .set(t.online, online ? 1 : 0)
    .set('statusChangedAt', changedAt);
  if (online) update = update.set(t.seen, at);
  return update.where(t.serial, 'in', serials).returning(['id', 'agentId']).execute();
}

/**
 * One statement for a chunk of heartbeats, each with the time this process heard it: last-seen
 * moves forward only, and a row that says offline is put back on line only if it went offline
 * before the heartbeat was heard (another process or the sweep marked it so since this one wrote
 * it on line). A row whose goodbye came after its last heartbeat stays offline (issue 27).
 * Returns the revived rows, the ones to announce.
 */
export async function writeHeard(
  db: PresenceDb,
  device: DeviceKind,
  heard: ReadonlyArray<readonly [serial: string, heardAt: string]>,
): Promise<RevivedRow[]> {
  if (heard.length === 0) return [];
  const t = tables[device];
  // The chunk as a table to join: plain VALUES rows, the same text on SQLite and PostgreSQL
  // (the parentheses are the CTE's: Kysely does not add them around a raw expression).
  const values = sql<{
    serial: string;
    heardAt: string;
  }>`(values ${sql.join(heard.map(([s, at]) => sql`(${s}, ${at})`))})`;
  // SET expressions all read the row as it was, so the three agree on whether it revives.
  const revivable = (eb: ExpressionBuilder<HeardDb, PresenceTable | 'heard'>) =>
    eb.and([
      eb(t.online, '=', 0),
      eb.or([eb('statusChangedAt', 'is', null), eb('statusChangedAt', '<', eb.ref('heard.heardAt'))]),
    ]);
  const rows = await db
    .with('heard(serial, heardAt)', () => values)
    .updateTable(t.table)
    .from('heard')
    .set(t.seen, (eb) =>
      eb
        .case()
        .when(eb.or([eb(t.seen, 'is', null), eb(t.seen, '<', eb.ref('heard.heardAt'))]))
        .then(eb.ref('heard.heardAt'))
        .else(eb.ref(t.seen))
        .end(),
    )
    .set(t.online, (eb) => eb.case().when(revivable(eb)).then(1).else(eb.ref(t.online)).end())
    .set('statusChangedAt', (eb) =>
      eb.case().when(revivable(eb)).then(eb.ref('heard.heardAt')).else(eb.ref('statusChangedAt')).end(),
    )
    .whereRef(t.serial, '=', 'heard.serial')
    .returning(['id', 'agentId', `${t.serial} as serial`, `${t.online} as online`, 'statusChangedAt'])
    .execute();
  // RETURNING sees only the new row (SQLite allows no other): a revived row is the one now on
  // line whose flag was stamped with its own heartbeat's time.
  const at = new Map(heard);
  return rows.flatMap((r) =>
    r.online === 1 && r.statusChangedAt !== null && r.statusChangedAt === at.get(r.serial)
      ? [{ id: r.id, agentId: r.agentId, heardAt: r.statusChangedAt }]
      : [],
  );
}
