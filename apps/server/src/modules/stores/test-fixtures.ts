import type { LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import type { TestOperator } from '../../../test/operators.js';
import type { TestApp } from '../../../test/test-app.js';
import type { Database } from '../../db/types.js';
import { nowIso } from '../../lib/clock.js';

// Rows of the tenancy tree for route tests of the domain modules (tests only).

let serial = 0;
const next = () => {
  serial += 1;
  return `${Date.now().toString(36)}${serial}`;
};
const stamps = () => {
  const now = nowIso();
  return { createdAt: now, updatedAt: now };
};

export async function insertEnterprise(db: Kysely<Database>, agentId: number, name = '测试企业'): Promise<number> {
  const row = await db
    .insertInto('enterprise')
    .values({ agentId, name, contactName: '', contactPhone: '', address: '', status: 1, remark: '', ...stamps() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertStore(
  db: Kysely<Database>,
  agentId: number,
  fields: { enterpriseId?: number; status?: number; name?: string } = {},
): Promise<{ storeId: number; enterpriseId: number }> {
  const enterpriseId = fields.enterpriseId ?? (await insertEnterprise(db, agentId));
  const row = await db
    .insertInto('store')
    .values({
      storeNo: `T${next()}`,
      name: fields.name ?? '测试门店',
      agentId,
      enterpriseId,
      storeType: 1,
      region: '',
      address: '',
      contactName: '',
      contactPhone: '',
      status: fields.status ?? 1,
      rejectReason: '',
      remark: '',
      ...stamps(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { storeId: row.id, enterpriseId };
}

export async function insertAndroid(
  db: Kysely<Database>,
  agentId: number,
  storeId: number,
  fields: { floor?: number; online?: number; appVersion?: string } = {},
): Promise<number> {
  const row = await db
    .insertInto('androidDevice')
    .values({
      deviceNo: `AD${next()}`,
      name: '包间终端',
      agentId,
      storeId,
      roomType: 1,
      floor: fields.floor ?? 1,
      ip: '',
      appVersion: fields.appVersion ?? '1.0.0',
      online: fields.online ?? 1,
      restarting: 0,
      banned: 0,
      remark: '',
      ...stamps(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertGateway(
  db: Kysely<Database>,
  agentId: number | null,
  storeId: number | null,
  fields: { online?: number } = {},
): Promise<{ id: number; deviceName: string }> {
  const deviceName = `ZKB${next()}`.toUpperCase();
  const row = await db
    .insertInto('gatewayDevice')
    .values({
      deviceName,
      agentId,
      storeId,
      ip: '192.168.1.20',
      firmwareVersion: 'V2.1.3',
      communicationStatus: fields.online ?? 1,
      lastSeenAt: nowIso(),
      boundAt: storeId ? nowIso() : null,
      deviceCode: '',
      restarting: 0,
      remark: '',
      ...stamps(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, deviceName };
}

/** A hardware order shipped to `agentId` with these serials (1 gateway, 2 terminal), as the 发货 step leaves it. */
export async function insertShippedOrder(
  db: Kysely<Database>,
  agentId: number,
  devices: { deviceNo: string; deviceKind: 1 | 2 }[],
): Promise<{ id: number; orderNo: string }> {
  const now = nowIso();
  const order = await db
    .insertInto('hardwareOrder')
    .values({
      orderNo: `HW${Date.now()}${Math.floor(Math.random() * 1000)}`,
      agentId,
      amount: 100,
      status: 2,
      receiver: '周明',
      phone: '13612345678',
      address: '杭州',
      logisticsCompany: '顺丰',
      trackingNo: 'SF1',
      paidAt: now,
      shippedAt: now,
      completedAt: null,
      cancelledAt: null,
      remark: '',
      createdAt: now,
      updatedAt: now,
    })
    .returning(['id', 'orderNo'])
    .executeTakeFirstOrThrow();
  await db
    .insertInto('hardwareOrderDevice')
    .values(devices.map((d) => ({ ...d, orderId: order.id, agentId, createdAt: now })))
    .execute();
  return order;
}

export type Envelope<T = unknown> = {
  errCode: number;
  errMsg: string;
  data: T;
  fieldErrors?: Record<string, string>;
};

/** Calls the API as an operator; `url` is under /api. */
export async function callApi<T = unknown>(
  t: TestApp,
  op: TestOperator | null,
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
): Promise<Envelope<T> & { res: LightMyRequestResponse }> {
  const res = await t.app.inject({
    method,
    url: `/api${url}`,
    headers: op?.headers ?? {},
    ...(payload ? { payload } : {}),
  });
  return { ...res.json<Envelope<T>>(), res };
}
