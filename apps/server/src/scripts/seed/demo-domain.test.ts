import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-app.js';
import type { DomainCoreTables } from '../../db/tables/domain-core.js';
import { seedDemoAccounts } from './demo-accounts.js';
import { seedDemoDomain } from './demo-domain.js';

const tables: (keyof DomainCoreTables)[] = [
  'enterprise',
  'companyGroup',
  'companyGroupMember',
  'store',
  'homeUser',
  'staffAppletUser',
  'gatewayDevice',
  'deviceBan',
  'androidDevice',
  'voiceCode',
  'appVersion',
  'appPushJob',
  'appPushResult',
  'hardwareProduct',
  'hardwareOrder',
  'hardwareOrderItem',
  'hardwareOrderDevice',
  'macAddress',
  'zkbEquipmentNo',
  'shipToAddress',
  'systemConfig',
];
const tenantTables = [
  'enterprise',
  'store',
  'homeUser',
  'staffAppletUser',
  'gatewayDevice',
  'androidDevice',
  'voiceCode',
  'hardwareOrder',
  'shipToAddress',
] as const;

describe('demo data of the core domain', () => {
  let one: TestDatabase;
  let two: TestDatabase;
  let agents: { a: number; b: number; direct: number };

  beforeAll(async () => {
    one = await createTestDatabase();
    two = await createTestDatabase();
    for (const d of [one, two]) {
      await d.db.transaction().execute(async (trx) => {
        const seeded = await seedDemoAccounts(trx);
        agents = seeded.agents;
        await seedDemoDomain(trx, seeded.agents);
      });
    }
  });
  afterAll(async () => {
    await one.drop();
    await two.drop();
  });

  const statuses = async (table: 'store' | 'voiceCode' | 'hardwareOrder') =>
    (await one.db.selectFrom(table).select('status').distinct().execute()).map((r) => r.status).sort();

  it('fills every table, and every tenant table for providers A and B', async () => {
    for (const table of tables) {
      const n = await one.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(n.n), table).toBeGreaterThan(0);
    }
    for (const table of tenantTables) {
      for (const agentId of [agents.a, agents.b]) {
        const row = await one.db.selectFrom(table).select('id').where('agentId', '=', agentId).executeTakeFirst();
        expect(row, `${table} of ${agentId}`).toBeTruthy();
      }
    }
  });

  it('covers every status the screens filter by', async () => {
    expect(await statuses('store')).toEqual([0, 1, 2, 3, 4]);
    expect(await statuses('voiceCode')).toEqual([0, 1, 2, 3]);
    expect(await statuses('hardwareOrder')).toEqual([0, 1, 2, 3, 4]);
    const types = await one.db.selectFrom('store').select('storeType').distinct().execute();
    expect(types).toHaveLength(2);
    const online = await one.db.selectFrom('gatewayDevice').select('communicationStatus').distinct().execute();
    expect(online).toHaveLength(2);
  });

  it('binds used voice codes and terminals to each other', async () => {
    const used = await one.db.selectFrom('voiceCode').select(['id', 'deviceId']).where('status', '=', 2).execute();
    expect(used.length).toBeGreaterThan(0);
    for (const c of used) {
      const d = await one.db
        .selectFrom('androidDevice')
        .select('voiceCodeId')
        .where('id', '=', c.deviceId as number)
        .executeTakeFirstOrThrow();
      expect(d.voiceCodeId).toBe(c.id);
    }
  });

  it('keeps every store row under its own provider', async () => {
    const mismatched = await one.db
      .selectFrom('homeUser as u')
      .innerJoin('store as s', 's.id', 'u.storeId')
      .select('u.id')
      .whereRef('u.agentId', '<>', 's.agentId')
      .execute();
    expect(mismatched).toHaveLength(0);
  });

  it('is deterministic: the same seed gives the same names', async () => {
    const names = (d: TestDatabase) =>
      d.db.selectFrom('store').select(['name', 'contactPhone']).orderBy('id').execute();
    expect(await names(two)).toEqual(await names(one));
  });
});
