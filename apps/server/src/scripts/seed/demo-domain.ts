import type { Kysely } from 'kysely';
import { type Rng, seededRng } from '../../adapters/devices/rng.js';
import type { Database } from '../../db/types.js';
import type { DemoAgents } from './demo-accounts.js';
import { type DemoClock, demoClock } from './demo-clock.js';
import { type DemoStoreRow, seedDemoDevices } from './demo-domain-devices.js';
import { seedDemoOrders } from './demo-domain-orders.js';
import { between, companyName, mobile, personName, pick, place, storeName } from './scale-names.js';

const STAFF_DEVICES = [
  'iPhone 15',
  'iPhone 13',
  'HUAWEI Mate 60',
  'HUAWEI P50',
  'Xiaomi 14',
  'OPPO Reno 11',
  'vivo X100',
];
const STAFF_VERSIONS = ['1.4.2', '1.4.0', '1.3.8'];
const OWNER_VERSIONS = ['3.2.0', '3.1.5', '3.0.9'];

/**
 * Demo data of the core domain for providers A, B and the direct-run provider: enterprises,
 * stores of both types in every status (pending applications, one recycled), owners and staff
 * with expiry dates around today, then devices, voice codes and hardware orders. Deterministic
 * from one seed; runs before the money/messaging seeder, which uses these stores.
 */
export async function seedDemoDomain(db: Kysely<Database>, agents: DemoAgents): Promise<void> {
  const rng = seededRng(4_040_404);
  const clock = demoClock();
  const plan: [number, number[][]][] = [
    // Per provider: enterprises, each a list of store statuses (0 pending, 1 normal, 2 disabled, 3 expired, 4 recycled).
    [agents.a, [[1, 1, 0], [1, 2], [1, 3, 4], [0]]],
    [
      agents.b,
      [
        [1, 1],
        [1, 0],
      ],
    ],
    [agents.direct, [[1, 1], [1]]],
  ];
  const stores: DemoStoreRow[] = [];
  let storeSerial = 0;
  for (const [agentId, enterprises] of plan) {
    for (const [ei, statuses] of enterprises.entries()) {
      const p = place(rng);
      const ent = await db
        .insertInto('enterprise')
        .values({
          agentId,
          name: companyName(rng, p.city),
          contactName: personName(rng),
          contactPhone: mobile(rng),
          address: `${p.region.replaceAll('/', '')}${p.address}`,
          status: 1,
          storeCount: statuses.filter((s) => s !== 4).length,
          remark: '',
          ...clock.stamp(-400 + ei * 30),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const status of statuses) {
        storeSerial += 1;
        const sp = { ...place(rng), city: p.city };
        const created = -between(rng, 20, 360);
        const row = await db
          .insertInto('store')
          .values({
            storeNo: `MD${clock.date(0).slice(2).replaceAll('-', '')}${String(900_000 + storeSerial).padStart(6, '0')}`,
            name: storeName(rng, sp),
            agentId,
            enterpriseId: ent.id,
            storeType: rng() < 0.5 ? 1 : 2,
            region: sp.region,
            address: sp.address,
            contactName: personName(rng),
            contactPhone: mobile(rng),
            status,
            webExpireAt: status === 0 ? null : clock.date(status === 3 ? -12 : between(rng, 20, 400)),
            appletExpireAt: status === 0 ? null : clock.date(status === 3 ? -12 : between(rng, 20, 400)),
            appliedAt: status === 0 ? clock.at(-between(rng, 0, 3)) : clock.at(created),
            reviewedAt: status === 0 ? null : clock.at(created + 1),
            rejectReason: status === 4 ? '门店已停业，服务商申请回收' : '',
            recycledAt: status === 4 ? clock.at(-6) : null,
            statusBeforeRecycle: status === 4 ? 1 : null,
            remark: '',
            ...clock.stamp(status === 0 ? -1 : created),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        stores.push({ id: row.id, agentId, enterpriseId: ent.id, status, floors: between(rng, 1, 4) });
      }
    }
  }
  const open = stores.filter((s) => s.status === 1 || s.status === 2 || s.status === 3);
  await seedStoreUsers(db, rng, clock, open);
  await seedDemoDevices(db, rng, clock, agents, open);
  await seedDemoOrders(db, rng, clock, agents);
}

async function seedStoreUsers(db: Kysely<Database>, rng: Rng, clock: DemoClock, stores: DemoStoreRow[]) {
  // Expiry offsets spread over expired, expiring within 30 days, and later.
  const offsets = [-40, -3, 6, 18, 27, 90, 200, 365];
  let n = 0;
  for (const store of stores) {
    n += 1;
    const expired = store.status === 3;
    await db
      .insertInto('homeUser')
      .values({
        agentId: store.agentId,
        storeId: store.id,
        name: personName(rng),
        phone: mobile(rng),
        appVersion: pick(rng, OWNER_VERSIONS),
        expireDate: clock.date(expired ? -12 : (offsets[n % offsets.length] as number)),
        status: store.status === 2 ? 0 : 1,
        lastLoginAt: clock.at(-between(rng, 0, 20)),
        ...clock.stamp(-between(rng, 30, 300)),
      })
      .execute();
    const staff = Array.from({ length: between(rng, 3, 6) }, (_, i) => ({
      agentId: store.agentId,
      storeId: store.id,
      nickname: personName(rng),
      phone: mobile(rng),
      openId: rng() < 0.8 ? `o${Math.floor(rng() * 36 ** 8).toString(36)}Wx${store.id}${i}` : null,
      deviceType: pick(rng, STAFF_DEVICES),
      appVersion: pick(rng, STAFF_VERSIONS),
      serviceType: i === 0 ? 5 : pick(rng, [1, 1, 1, 2, 2, 3, 4]),
      dueDate: clock.date(expired ? -12 : pick(rng, offsets)),
      status: rng() < 0.9 ? 1 : 0,
      lastLoginAt: rng() < 0.85 ? clock.at(-between(rng, 0, 10)) : null,
      ...clock.stamp(-between(rng, 10, 200)),
    }));
    await db.insertInto('staffAppletUser').values(staff).execute();
  }
}
