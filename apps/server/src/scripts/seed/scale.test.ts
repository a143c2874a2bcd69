import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-app.js';
import { paymentMoneyFault } from '../../modules/finance/payment-money.js';
import { type ScaleResult, seedScale } from './scale.js';

const STORES = 50;

describe('scale generator', () => {
  let db: TestDatabase;
  let result: ScaleResult;
  const progress: number[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    result = await seedScale(db.db, {
      stores: STORES,
      seed: 9,
      providers: 3,
      chunk: 20,
      onProgress: (done) => progress.push(done),
    });
  });
  afterAll(async () => {
    await db.drop();
  });

  const count = async (table: string) =>
    Number((await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db.db)).rows[0]?.n);

  // Issue 26: the generated payments keep the money rule (a refund is the whole amount), and some are refunded.
  it('refunds some paid store payments, each whole', async () => {
    for (const table of ['storePayment', 'providerPayment'] as const) {
      const rows = await db.db
        .selectFrom(table)
        .select(['id', 'status', 'amount', 'refundAmount', 'paidAt', 'refundedAt'])
        .execute();
      expect(rows.filter((r) => paymentMoneyFault(r) !== null)).toEqual([]);
    }
    const refunded = await db.db.selectFrom('storePayment').select('refundReason').where('status', '=', 2).execute();
    expect(refunded.length).toBeGreaterThan(0);
    expect(refunded.every((r) => r.refundReason !== '')).toBe(true);
  });

  it('writes the stated volumes per store', async () => {
    expect(await count('store')).toBe(STORES);
    // 3 providers, 2 applications from /register, and the reserved direct-run provider (migration 0155).
    expect(await count('agent')).toBe(3 + 2 + 1);
    const applications = await sql<{ status: number; n: number }>`select status, count(*) as n from agent
      where status in (0, 4) group by status order by status`.execute(db.db);
    expect(applications.rows.map((r) => [Number(r.status), Number(r.n)])).toEqual([
      [0, 1],
      [4, 1],
    ]);
    const sms = await count('sms_log');
    expect(sms).toBeGreaterThanOrEqual(3);
    expect(sms).toBeLessThanOrEqual(9);
    expect(await count('home_user')).toBe(STORES);
    expect(await count('gateway_device')).toBe(STORES);
    const staff = await count('staff_applet_user');
    expect(staff).toBeGreaterThanOrEqual(STORES * 8);
    expect(staff).toBeLessThanOrEqual(STORES * 12);
    const android = await count('android_device');
    expect(android).toBeGreaterThanOrEqual(STORES * 2.5);
    expect(android).toBeLessThanOrEqual(STORES * 3.5);
    const payments = await count('store_payment');
    expect(payments).toBeGreaterThanOrEqual(STORES * 1.5);
    expect(payments).toBeLessThanOrEqual(STORES * 2.5);
    expect(await count('provider_payment')).toBe(STORES);
    expect(await count('hardware_order')).toBe(STORES / 10);
    const enterprises = await count('enterprise');
    expect(enterprises).toBeGreaterThanOrEqual(STORES / 3);
    expect(enterprises).toBeLessThanOrEqual(STORES / 1.5);
    expect(result.counts.staffAppletUser).toBe(staff);
    // About 60 % of enterprises have a mini-program authorisation.
    const applets = await count('applet_authorization');
    expect(applets).toBeGreaterThan(0);
    expect(applets).toBeLessThanOrEqual(enterprises);
    expect(progress).toEqual([20, 40, 50]);
  });

  it('keeps tenancy consistent: every store’s rows carry its provider', async () => {
    for (const table of [
      'home_user',
      'staff_applet_user',
      'gateway_device',
      'android_device',
      'store_payment',
      'provider_payment',
    ]) {
      const mismatched = await sql<{ n: number }>`
        select count(*) as n from ${sql.table(table)} x join store s on s.id = x.store_id where x.agent_id <> s.agent_id`.execute(
        db.db,
      );
      expect(Number(mismatched.rows[0]?.n), table).toBe(0);
    }
    const crossEnterprise = await sql<{ n: number }>`
      select count(*) as n from store s join enterprise e on e.id = s.enterprise_id where e.agent_id <> s.agent_id`.execute(
      db.db,
    );
    expect(Number(crossEnterprise.rows[0]?.n)).toBe(0);
    const storeCounts = await sql<{ n: number }>`
      select count(*) as n from enterprise e where e.store_count <> (select count(*) from store s where s.enterprise_id = e.id and s.status <> 4)`.execute(
      db.db,
    );
    expect(Number(storeCounts.rows[0]?.n)).toBe(0);
    const perProvider = await sql<{ n: number }>`select count(*) as n from store group by agent_id`.execute(db.db);
    expect(perProvider.rows.map((r) => Number(r.n)).every((n) => n >= 15)).toBe(true);
  });

  it('leaves ids where the app continues: a new row after the generated ones inserts', async () => {
    const store = await db.db.selectFrom('store').select(['agentId', 'enterpriseId']).executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    const row = await db.db
      .insertInto('store')
      .values({
        storeNo: 'AFTER-SCALE',
        name: '新门店',
        agentId: store.agentId,
        enterpriseId: store.enterpriseId,
        storeType: 1,
        status: 1,
        rejectReason: '',
        remark: '',
        region: '',
        address: '',
        contactName: '',
        contactPhone: '',
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(row.id).toBe(STORES + 1);
  });

  it('is deterministic from the seed and refuses to run the same seed twice', async () => {
    const other = await createTestDatabase();
    try {
      await seedScale(other.db, { stores: STORES, seed: 9, providers: 3, chunk: 20 });
      const names = (d: TestDatabase) =>
        d.db
          .selectFrom('store')
          .where('id', '<=', STORES)
          .orderBy('id')
          .select(['name', 'storeNo', 'webExpireAt'])
          .execute();
      expect(await names(other)).toEqual(await names(db));
      await expect(seedScale(other.db, { stores: 5, seed: 9 })).rejects.toThrow(/已存在/);
    } finally {
      await other.drop();
    }
  });
});
