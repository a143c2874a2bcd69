import type { DeviceKind } from '@console/contract';
import { type Kysely, sql } from 'kysely';
import type { DeviceAccessState } from '../../adapters/devices/index.js';
import type { Database } from '../../db/types.js';
import { nowIso } from '../../lib/clock.js';

/**
 * Whether each issued device key may be used now: issued and not revoked, the device on record
 * (or shipped on a hardware order, before its first connection), and not on the 黑名单 (a gateway's ban list, a terminal's banned flag). The broker's
 * clients follow this (start-up sync, and one device at a time after each change).
 */
export async function wantedAccess(db: Kysely<Database>, serial?: string): Promise<DeviceAccessState[]> {
  let q = db
    .selectFrom('deviceCredential as c')
    .leftJoin('gatewayDevice as g', (j) => j.onRef('g.deviceName', '=', 'c.serial').on('c.kind', '=', 'gateway'))
    .leftJoin('androidDevice as a', (j) => j.onRef('a.deviceNo', '=', 'c.serial').on('c.kind', '=', 'android'))
    .select(['c.kind', 'c.serial'])
    .select(
      sql<number>`case when c.revoked_at is null
        and (g.id is not null or a.id is not null
          or exists (select 1 from hardware_order_device d where d.device_no = c.serial))
        and coalesce(a.banned, 0) = 0
        and not exists (select 1 from device_ban b where b.device_name = c.serial)
        then 1 else 0 end`.as('enabled'),
    );
  if (serial !== undefined) q = q.where('c.serial', '=', serial);
  const rows = await q.execute();
  return rows.map((r) => ({ kind: r.kind, serial: r.serial, enabled: Number(r.enabled) === 1 }));
}

/** Unbound, deleted, or lost by the broker: the key stops working (a reset issues a new one). */
export async function revokeCredential(db: Kysely<Database>, serial: string, reason: string): Promise<void> {
  await db
    .updateTable('deviceCredential')
    .set({ revokedAt: nowIso(), revokedReason: reason })
    .where('serial', '=', serial)
    .where('revokedAt', 'is', null)
    .execute();
}

/** Records a newly issued key (only its hash); a reset replaces the row's hash and lifts a revocation. */
export async function recordCredential(
  db: Kysely<Database>,
  c: { kind: DeviceKind; serial: string; secretHash: string; issuedAt: string; issuedBy: number | null },
): Promise<void> {
  await db
    .insertInto('deviceCredential')
    .values({ ...c, revokedAt: null, revokedReason: '' })
    .onConflict((oc) =>
      oc.column('serial').doUpdateSet({
        kind: c.kind,
        secretHash: c.secretHash,
        issuedAt: c.issuedAt,
        issuedBy: c.issuedBy,
        revokedAt: null,
        revokedReason: '',
      }),
    )
    .execute();
}
