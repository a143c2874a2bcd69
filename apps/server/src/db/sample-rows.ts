import type { Insertable, Kysely } from 'kysely';
import type { AnyTables, Database } from './types.js';
import { nowIso } from '../lib/clock.js';

// Rows the isolation suite's and the route sweep's samples point at: an enterprise and a store of the
// sample's provider, created directly (they are other modules' resources; any module's sample may use them).

let serial = 0;

/** Tables whose rows carry an id and the two time stamps. */
type StampedTable = {
  [T in keyof Database]: Database[T] extends { id: unknown; createdAt: unknown; updatedAt: unknown } ? T : never;
}[keyof Database];

/** Inserts a row stamped now (created and updated) and answers its id: a sample row, or a resource's seed row. */
export async function insertStamped<T extends StampedTable>(
  db: Kysely<Database>,
  table: T,
  values: Omit<Insertable<Database[T]>, 'createdAt' | 'updatedAt'>,
): Promise<number> {
  const now = nowIso();
  // Kysely cannot follow a generic table name through insertInto, so the insert goes through the
  // any-table handle; the signature already checked the values against the table's row type.
  const name: string = table;
  const row = await db
    .withTables<AnyTables>()
    .insertInto(name)
    .values({ ...values, createdAt: now, updatedAt: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function sampleEnterprise(db: Kysely<Database>, agentId: number): Promise<number> {
  serial += 1;
  return insertStamped(db, 'enterprise', {
    agentId,
    name: `样例企业${serial}`,
    contactName: '李四',
    contactPhone: '13900000000',
    address: '浙江省杭州市西湖区文三路 100 号',
    status: 1,
    remark: '',
  });
}

export async function sampleStore(db: Kysely<Database>, agentId: number): Promise<number> {
  const enterpriseId = await sampleEnterprise(db, agentId);
  serial += 1;
  return insertStamped(db, 'store', {
    storeNo: `SP${Date.now()}${serial}`,
    name: `样例门店${serial}`,
    agentId,
    enterpriseId,
    storeType: 1,
    region: '浙江省/杭州市/西湖区',
    address: '文三路 100 号',
    contactName: '李四',
    contactPhone: '13900000000',
    status: 1,
    rejectReason: '',
    remark: '',
  });
}

/** A gateway of the provider, bound to a new store of it. */
export async function sampleGateway(db: Kysely<Database>, agentId: number): Promise<number> {
  const storeId = await sampleStore(db, agentId);
  serial += 1;
  const now = nowIso();
  return insertStamped(db, 'gatewayDevice', {
    deviceName: `GWS${Date.now()}${serial}`,
    agentId,
    storeId,
    ip: '192.168.1.20',
    firmwareVersion: 'v2.1.0',
    communicationStatus: 1,
    lastSeenAt: now,
    boundAt: now,
    deviceCode: '',
    restarting: 0,
    restartRequestedAt: null,
    remark: '',
  });
}

/** An android room terminal of the provider, in a new store of it, without a voice code. */
export async function sampleAndroid(db: Kysely<Database>, agentId: number): Promise<number> {
  const storeId = await sampleStore(db, agentId);
  serial += 1;
  const now = nowIso();
  return insertStamped(db, 'androidDevice', {
    deviceNo: `ADS${Date.now()}${serial}`,
    name: `样例房间${serial}`,
    agentId,
    storeId,
    roomType: 1,
    floor: 1,
    ip: '192.168.1.30',
    appVersion: '3.2.0',
    voiceCodeId: null,
    online: 1,
    lastHeartbeatAt: now,
    restarting: 0,
    banned: 0,
    remark: '',
  });
}

/** A voice code allocated to the provider, not yet bound to a device. */
export async function sampleVoiceCode(db: Kysely<Database>, agentId: number): Promise<number> {
  serial += 1;
  const now = nowIso();
  return insertStamped(db, 'voiceCode', {
    code: `SWP${Date.now()}${serial}`,
    batchNo: `PC${serial}`,
    status: 1,
    price: 1000,
    agentId,
    storeId: null,
    deviceId: null,
    allocatedAt: now,
    usedAt: null,
    remark: '',
  });
}
