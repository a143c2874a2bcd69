import { type DeviceKind, normalizeMac } from '@console/contract';
import { type Kysely, sql } from 'kysely';
import type { DeviceReport } from '../../adapters/devices/index.js';
import type { Database } from '../../db/types.js';
import { nowIso } from '../../lib/clock.js';
import { shippedWith } from '../orders/order-status.js';
import { OwnedLookup } from './owned-lookup.js';

type Presence = Extract<DeviceReport, { kind: 'presence' }>;

/** A store-less terminal's room type until the provider sets it with the store: 包间, the first. */
const UNBOUND_ROOM_TYPE = 1;

/** A serial neither owned nor shipped is asked about again after this long (it may ship meanwhile). */
const RECHECK_MS = 5 * 60_000;

export type Claim =
  | { kind: 'gateway'; id: number; agentId: number; created: boolean }
  | { kind: 'android'; id: number; agentId: number }
  | null;

/**
 * 发货序列号归属: a device whose serial shipped on a hardware order becomes that order's
 * provider's device the first time it is heard from. Each serial is looked at once per process
 * (and again after `RECHECK_MS` while it is neither owned nor shipped), so heartbeats cost nothing.
 */
export class ShippedClaims {
  private readonly checked = new Map<string, number>();
  private readonly owned: OwnedLookup;

  constructor(
    private readonly db: () => Kysely<Database>,
    private readonly claimed: (claim: NonNullable<Claim>) => void,
  ) {
    this.owned = new OwnedLookup(db);
  }

  /** Whether this report should be looked at; the caller runs `claim` and tracks its promise. */
  due(p: Presence): boolean {
    if (p.online === false) return false;
    const key = `${p.device}:${p.serial}`;
    const next = this.checked.get(key);
    if (next !== undefined && next > Date.now()) return false;
    this.checked.set(key, Number.POSITIVE_INFINITY);
    return true;
  }

  async claim(p: Presence): Promise<Claim> {
    const key = `${p.device}:${p.serial}`;
    try {
      // Nearly every serial heard is a device owned long since, and every process of a cluster
      // asks once per serial (MQTT shared subscriptions spread a device's messages over the
      // processes): one read for the serials first heard within BATCH_MS settles them, the
      // transaction (which reads again) is only for the rare claim.
      const claim = (await this.owned.owned(p))
        ? null
        : await this.db()
            .transaction()
            .execute((trx) => (p.device === 'gateway' ? claimGateway(trx, p) : claimTerminal(trx, p)));
      // Owned now, or owned before by someone: never asked again. Unshipped: asked again later.
      if (claim === 'unshipped') this.checked.set(key, Date.now() + RECHECK_MS);
      else if (claim) this.claimed(claim);
      return claim === 'unshipped' ? null : claim;
    } catch (err) {
      this.checked.delete(key);
      throw err;
    }
  }
}

type Outcome = Claim | 'unshipped';

/**
 * A gateway: an unknown serial gets a row at the provider (in stock there, no store); a known row
 * without a provider gets one. A row that already has a provider is left alone.
 */
async function claimGateway(db: Kysely<Database>, p: Presence): Promise<Outcome> {
  const serial = p.serial.trim().toUpperCase();
  const row = await db
    .selectFrom('gatewayDevice')
    .select(['id', 'agentId'])
    .where('deviceName', 'in', [p.serial, serial])
    .executeTakeFirst();
  if (row && row.agentId !== null) return null;
  const order = await shippedWith({ db }, serial);
  if (!order) return 'unshipped';
  const now = nowIso();
  let id: number;
  if (row) {
    const updated = await db
      .updateTable('gatewayDevice')
      .set({ agentId: order.agentId, updatedAt: now, version: sql`version + 1` })
      .where('id', '=', row.id)
      .where('agentId', 'is', null)
      .executeTakeFirst();
    // Someone gave it a provider between the read and the write: theirs stands.
    if (Number(updated.numUpdatedRows) === 0) return null;
    id = row.id;
  } else {
    const inserted = await db
      .insertInto('gatewayDevice')
      .values({
        deviceName: serial,
        agentId: order.agentId,
        storeId: null,
        ip: p.ip ?? '',
        firmwareVersion: '',
        communicationStatus: 1,
        statusChangedAt: now,
        lastSeenAt: p.at,
        boundAt: null,
        deviceCode: '',
        restarting: 0,
        restartRequestedAt: null,
        remark: `随订单 ${order.orderNo} 发货，首次连接时登记`,
        createdAt: now,
        updatedAt: now,
      })
      .onConflict((oc) => oc.column('deviceName').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) return null;
    id = inserted.id;
  }
  await logClaim(db, 'gateway', p.serial, order, id, row ? '服务商' : '新设备');
  return { kind: 'gateway', id, agentId: order.agentId, created: !row };
}

/**
 * An android terminal reports by its MAC. An unknown shipped MAC gets a terminal row at the order's
 * provider with no store (the provider binds it to a store's room later: until then its room type
 * and floor are the column defaults and the console shows 未绑定门店), and its register row records
 * when it first came on line. A known terminal is owned already and left alone.
 */
async function claimTerminal(db: Kysely<Database>, p: Presence): Promise<Outcome> {
  const mac = normalizeMac(p.serial);
  const known = await db
    .selectFrom('androidDevice')
    .select('id')
    .where('deviceNo', 'in', [p.serial, mac ?? p.serial])
    .executeTakeFirst();
  if (known || !mac) return null;
  const order = await shippedWith({ db }, mac);
  if (!order) return 'unshipped';
  const now = nowIso();
  const inserted = await db
    .insertInto('androidDevice')
    .values({
      deviceNo: mac,
      name: `安卓终端 ${mac.replaceAll(':', '')}`,
      agentId: order.agentId,
      storeId: null,
      roomType: UNBOUND_ROOM_TYPE,
      floor: 1,
      ip: p.ip ?? '',
      appVersion: '',
      voiceCodeId: null,
      online: 1,
      statusChangedAt: now,
      lastHeartbeatAt: p.at,
      restarting: 0,
      banned: 0,
      remark: `随订单 ${order.orderNo} 发货，首次连接时登记`,
      createdAt: now,
      updatedAt: now,
    })
    // Another process registered it between the read and the write: theirs stands.
    .onConflict((oc) => oc.column('deviceNo').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return null;
  await db
    .updateTable('macAddress')
    .set({ assignedAt: p.at, updatedAt: now, version: sql`version + 1` })
    .where('mac', '=', mac)
    .where('assignedAt', 'is', null)
    .execute();
  await logClaim(db, 'android', mac, order, inserted.id, '新设备，待绑定门店');
  return { kind: 'android', id: inserted.id, agentId: order.agentId };
}

/** The operation log row, visible to the platform and in the provider's own log. */
async function logClaim(
  db: Kysely<Database>,
  device: DeviceKind,
  serial: string,
  order: { agentId: number; orderId: number; orderNo: string },
  targetId: number | null,
  note: string,
): Promise<void> {
  await db
    .insertInto('operationLog')
    .values({
      operatorId: null,
      operatorName: '设备接入',
      adminType: null,
      agentId: order.agentId,
      module: device === 'gateway' ? '网关设备' : '安卓设备',
      action: `发货设备首次连接，归属服务商（${note}）`,
      method: 'EVENT',
      path: `device/${device}/connect`,
      params: JSON.stringify({ serial, orderNo: order.orderNo, orderId: String(order.orderId) }),
      changes: JSON.stringify([{ field: 'agentId', before: null, after: String(order.agentId) }]),
      targetId: targetId === null ? null : String(targetId),
      result: 1,
      errMsg: '',
      ip: '',
      userAgent: '',
      durationMs: 0,
      at: nowIso(),
    })
    .execute();
}
