import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { wsMerchantResource } from '@console/contract';
import { makeLicenseNo, type PaymentsSimulator } from '../../adapters/payments/index.js';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { createTestAgent } from '../../../test/operators.js';
import { createTestDatabase, type TestDatabase, testEngine } from '../../../test/test-app.js';
import { openDatabase, type OpenDatabase } from '../../db/open.js';
import { sql } from 'kysely';
import { sampleStore } from '../../db/sample-rows.js';

/** An application as the demo seed leaves it, or a server stopped before the provider answered. */
async function pendingApplication(database: TestDatabase, agentId: number, storeId: number, n: number) {
  const now = new Date().toISOString();
  const row = await database.db
    .insertInto('paymentMerchant')
    .values({
      agentId,
      storeId,
      provider: 2,
      merchantName: '南京清池沐浴服务有限公司',
      shortName: '清池沐浴',
      licenseNo: makeLicenseNo(n),
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
  return row.id;
}

describe('payment merchant applications left unsent', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let id: number;
  let agentId: number;

  beforeAll(async () => {
    database = await createTestDatabase();
    agentId = await createTestAgent(database.db);
    id = await pendingApplication(database, agentId, await sampleStore(database.db, agentId), 7);
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

  it('a submission the provider could not take is run again by the job engine', async () => {
    const sim = app.payments as PaymentsSimulator;
    sim.configure({ answerMs: [0, 0], unavailableRate: 1 });
    const failedRuns = async () =>
      (await app.metrics.jobs.get()).values.find(
        (v) => v.labels.job === 'merchant-submit' && v.labels.outcome === 'failed',
      )?.value ?? 0;
    const before = await failedRuns();
    const second = await pendingApplication(database, agentId, await sampleStore(database.db, agentId), 8);
    app.events.emit('resourceChanged', {
      resource: wsMerchantResource.name,
      agentId,
      ids: [String(second)],
      action: 'create',
    });
    for (let i = 0; i < 100 && (await failedRuns()) === before; i += 1) await new Promise((r) => setTimeout(r, 20));
    expect(await failedRuns()).toBe(before + 1);
    sim.configure({ unavailableRate: 0 });
    const read = () =>
      database.db.selectFrom('paymentMerchant').where('id', '=', second).select('applyNo').executeTakeFirstOrThrow();
    // The retry comes after its delay (5 s), not at once.
    for (let i = 0; i < 200 && (await read()).applyNo === ''; i += 1) await new Promise((r) => setTimeout(r, 50));
    expect((await read()).applyNo).toMatch(/^WS/);
  }, 20_000);
});

describe.skipIf(testEngine !== 'postgres')('payment merchant applications left unsent, two processes starting', () => {
  let database: TestDatabase;
  const processes: { app: FastifyInstance; own: OpenDatabase }[] = [];
  afterAll(async () => {
    for (const { app, own } of processes) {
      await app.close();
      await own.close();
    }
    await database.drop();
  });

  it('queue one submission between them, not one each', async () => {
    database = await createTestDatabase();
    const agentId = await createTestAgent(database.db);
    const id = await pendingApplication(database, agentId, await sampleStore(database.db, agentId), 9);
    const start = async () => {
      const own = openDatabase(database.url, { poolSize: 2 });
      const config = loadConfig({ DATABASE_URL: database.url, SEED_DEMO: '0', JOBS_ENGINE: 'pgboss' });
      const app = await buildApp({ config, database: own, logLevel: 'silent' });
      processes.push({ app, own });
    };
    await Promise.all([start(), start()]);
    const read = () =>
      database.db.selectFrom('paymentMerchant').where('id', '=', id).select('applyNo').executeTakeFirstOrThrow();
    for (let i = 0; i < 200 && (await read()).applyNo === ''; i += 1) await new Promise((r) => setTimeout(r, 50));
    expect((await read()).applyNo).toMatch(/^WS/);
    for (const { app } of processes) await app.jobs.idle();
    const { rows } = await sql<{ jobs: number }>`
      select count(*)::int as jobs from pgboss.job where name = 'merchant-submit'`.execute(database.db);
    expect(rows[0]!.jobs).toBe(1);
  }, 60_000);
});
