import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-app.js';
import { createTestAgent } from '../../../test/operators.js';
import { nowIso } from '../../lib/clock.js';

// The domain migrations on the engine under test: the tenancy chain holds and the serials are unique.
describe('domain core migrations', () => {
  let d: TestDatabase;
  beforeAll(async () => {
    d = await createTestDatabase();
  });
  afterAll(async () => {
    await d.drop();
  });

  it('links provider → enterprise → store → devices and refuses duplicate serials', async () => {
    const db = d.db;
    const now = nowIso();
    const stamps = { createdAt: now, updatedAt: now };
    const agentId = await createTestAgent(db);
    const ent = await db
      .insertInto('enterprise')
      .values({
        agentId,
        name: '杭州悦泉休闲',
        contactName: '',
        contactPhone: '',
        address: '',
        status: 1,
        remark: '',
        ...stamps,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const store = await db
      .insertInto('store')
      .values({
        storeNo: 'S0001',
        name: '悦泉西湖店',
        agentId,
        enterpriseId: ent.id,
        storeType: 2,
        region: '',
        address: '',
        contactName: '',
        contactPhone: '',
        status: 1,
        rejectReason: '',
        remark: '',
        ...stamps,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const gateway = {
      deviceName: 'ZKB-0001',
      agentId,
      storeId: store.id,
      ip: '',
      firmwareVersion: 'v1',
      communicationStatus: 1,
      deviceCode: '',
      restarting: 0,
      remark: '',
      ...stamps,
    };
    await db.insertInto('gatewayDevice').values(gateway).execute();
    await expect(db.insertInto('gatewayDevice').values(gateway).execute()).rejects.toThrow();
    const code = { code: 'VC1', batchNo: 'B1', status: 0, price: 100, remark: '', ...stamps };
    await db.insertInto('voiceCode').values(code).execute();
    await expect(db.insertInto('voiceCode').values(code).execute()).rejects.toThrow();
    // A store cannot point at an enterprise that does not exist (foreign keys are on).
    await expect(
      db
        .insertInto('store')
        .values({
          storeNo: 'S0002',
          name: '无主门店',
          agentId,
          enterpriseId: 999_999,
          storeType: 1,
          region: '',
          address: '',
          contactName: '',
          contactPhone: '',
          status: 1,
          rejectReason: '',
          remark: '',
          ...stamps,
        })
        .execute(),
    ).rejects.toThrow();
  });
});
