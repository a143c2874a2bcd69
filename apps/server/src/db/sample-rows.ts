import type { Kysely } from 'kysely';
import type { Database } from './types.js';
import { nowIso } from '../lib/clock.js';

// Rows the isolation suite's and the route sweep's samples point at: an enterprise and a store of the
// sample's provider, created directly (they are other modules' resources; any module's sample may use them).

let serial = 0;

export async function sampleEnterprise(db: Kysely<Database>, agentId: number): Promise<number> {
  serial += 1;
  const now = nowIso();
  const row = await db
    .insertInto('enterprise')
    .values({
      agentId,
      name: `样例企业${serial}`,
      contactName: '李四',
      contactPhone: '13900000000',
      address: '浙江省杭州市西湖区文三路 100 号',
      status: 1,
      remark: '',
      createdAt: now,
      updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function sampleStore(db: Kysely<Database>, agentId: number): Promise<number> {
  const enterpriseId = await sampleEnterprise(db, agentId);
  serial += 1;
  const now = nowIso();
  const row = await db
    .insertInto('store')
    .values({
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
      createdAt: now,
      updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A gateway of the provider, bound to a new store of it. */
export async function sampleGateway(db: Kysely<Database>, agentId: number): Promise<number> {
  const storeId = await sampleStore(db, agentId);
  serial += 1;
  const now = nowIso();
  const row = await db
    .insertInto('gatewayDevice')
    .values({
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
      createdAt: now,
      updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** An android room terminal of the provider, in a new store of it, without a voice code. */
export async function sampleAndroid(db: Kysely<Database>, agentId: number): Promise<number> {
  const storeId = await sampleStore(db, agentId);
  serial += 1;
  const now = nowIso();
  const row = await db
    .insertInto('androidDevice')
    .values({
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
      createdAt: now,
      updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A voice code allocated to the provider, not yet bound to a device. */
export async function sampleVoiceCode(db: Kysely<Database>, agentId: number): Promise<number> {
  serial += 1;
  const now = nowIso();
  const row = await db
    .insertInto('voiceCode')
    .values({
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
      createdAt: now,
      updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
