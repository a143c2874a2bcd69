import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { makeLicenseNo, type PaymentsSimulator } from '../../adapters/payments/index.js';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { createTestAgent } from '../../../test/operators.js';
import { createTestDatabase, type TestDatabase } from '../../../test/test-app.js';
import { sampleStore } from '../../db/sample-rows.js';

describe('payment merchant applications left unsent', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let id: number;

  beforeAll(async () => {
    database = await createTestDatabase();
    const agentId = await createTestAgent(database.db);
    const storeId = await sampleStore(database.db, agentId);
    const now = new Date().toISOString();
    // As the demo seed leaves it, or a server stopped before the provider answered.
    const row = await database.db
      .insertInto('paymentMerchant')
      .values({
        agentId,
        storeId,
        provider: 2,
        merchantName: '南京清池沐浴服务有限公司',
        shortName: '清池沐浴',
        licenseNo: makeLicenseNo(7),
        legalPerson: '周敏',
        contactPhone: '13851700000',
        settleBank: '中国银行南京分行',
        settleAccount: '6216600100001234',
        status: 0,
        applyNo: '',
        merchantNo: '',
        rejectReason: '',
        submittedAt: now,
        reviewedAt: null,
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    id = row.id;
    app = await buildApp({
      config: loadConfig({ DATABASE_URL: database.url, SEED_DEMO: '0' }),
      database,
      logLevel: 'silent',
    });
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  it('go to the provider when the server starts, and its decision is recorded', async () => {
    const read = () =>
      database.db.selectFrom('paymentMerchant').where('id', '=', id).selectAll().executeTakeFirstOrThrow();
    for (let i = 0; i < 100 && (await read()).applyNo === ''; i += 1) await new Promise((r) => setTimeout(r, 50));
    expect((await read()).applyNo).toMatch(/^WS/);
    await (app.payments as PaymentsSimulator).settleAll();
    const decided = await read();
    expect([2, 4]).toContain(decided.status);
    expect(decided.reviewedAt).not.toBeNull();
  });
});
