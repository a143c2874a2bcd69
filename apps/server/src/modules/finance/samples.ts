import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { nowIso } from '../../lib/clock.js';

// Rows the tenant-isolation suite's sample payloads point at: an enterprise and a store of the
// sample's provider, created directly (they are another module's resources).

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
