import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { nowIso } from '../../lib/clock.js';

let serial = 0;
const stamp = () => {
  const now = nowIso();
  return { createdAt: now, updatedAt: now };
};

/** One enterprise with one store per given status, for the dashboard tests. */
export async function seedStores(db: Kysely<Database>, agentId: number, statuses: number[]) {
  serial += 1;
  const enterprise = await db
    .insertInto('enterprise')
    .values({
      agentId,
      name: `企业${serial}`,
      contactName: '',
      contactPhone: '',
      address: '',
      status: 1,
      remark: '',
      ...stamp(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const storeIds: number[] = [];
  for (const status of statuses) {
    serial += 1;
    const store = await db
      .insertInto('store')
      .values({
        storeNo: `DS${serial}_${Date.now()}`,
        name: `门店${serial}`,
        agentId,
        enterpriseId: enterprise.id,
        storeType: 1,
        region: '',
        address: '',
        contactName: '',
        contactPhone: '',
        status,
        webExpireAt: null,
        appletExpireAt: null,
        appliedAt: null,
        reviewedAt: null,
        rejectReason: '',
        recycledAt: null,
        statusBeforeRecycle: null,
        remark: '',
        ...stamp(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    storeIds.push(store.id);
  }
  return storeIds;
}

export async function seedDevices(db: Kysely<Database>, agentId: number, storeId: number, online: number[]) {
  for (const flag of online) {
    serial += 1;
    await db
      .insertInto('gatewayDevice')
      .values({
        deviceName: `ZKB${serial}_${Date.now()}`,
        agentId,
        storeId,
        ip: '',
        firmwareVersion: '',
        communicationStatus: flag,
        lastSeenAt: null,
        boundAt: null,
        deviceCode: '',
        restarting: 0,
        restartRequestedAt: null,
        remark: '',
        ...stamp(),
      })
      .execute();
    await db
      .insertInto('androidDevice')
      .values({
        deviceNo: `AD${serial}_${Date.now()}`,
        name: `终端${serial}`,
        agentId,
        storeId,
        roomType: 1,
        floor: 1,
        ip: '',
        appVersion: '',
        voiceCodeId: null,
        online: flag,
        lastHeartbeatAt: null,
        restarting: 0,
        banned: 0,
        remark: '',
        ...stamp(),
      })
      .execute();
  }
}

/** A home user and a staff user per date. */
export async function seedUsers(db: Kysely<Database>, agentId: number, storeId: number, dates: string[]) {
  for (const date of dates) {
    serial += 1;
    await db
      .insertInto('homeUser')
      .values({
        agentId,
        storeId,
        name: `店主${serial}`,
        phone: '13900000000',
        appVersion: '',
        expireDate: date,
        status: 1,
        lastLoginAt: null,
        ...stamp(),
      })
      .execute();
    await db
      .insertInto('staffAppletUser')
      .values({
        agentId,
        storeId,
        nickname: `员工${serial}`,
        phone: '13900000001',
        openId: null,
        deviceType: '',
        appVersion: '',
        serviceType: 1,
        dueDate: date,
        status: 1,
        lastLoginAt: null,
        ...stamp(),
      })
      .execute();
  }
}

export async function seedOperation(db: Kysely<Database>, agentId: number | null, action: string) {
  await db
    .insertInto('operationLog')
    .values({
      operatorId: null,
      operatorName: '测试',
      adminType: agentId === null ? 0 : 1,
      agentId,
      module: '门店管理',
      action,
      method: 'POST',
      path: '/api/store/update',
      params: '{}',
      changes: '[]',
      targetId: null,
      result: 1,
      errMsg: '',
      ip: '127.0.0.1',
      userAgent: 'vitest',
      durationMs: 1,
      at: nowIso(),
    })
    .execute();
}
