import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAgent, createTestOperator, type TestOperator } from '../../../test/operators.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { callApi, insertAndroid, insertStore } from '../stores/test-fixtures.js';
import { giveBalance } from './voice-fixtures.js';

type Sum = { status: number; count: number; amount: number }[];

describe('voice codes: batches, allocation and exactly-once binding', () => {
  let t: TestApp;
  let agentA: number;
  let agentB: number;
  let platform: TestOperator;
  let opA: TestOperator;
  let opB: TestOperator;
  let storeA: number;

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    agentA = await createTestAgent(db, { name: '甲服务商' });
    agentB = await createTestAgent(db, { name: '乙服务商' });
    platform = await createTestOperator(t, {
      adminType: 0,
      permissions: ['voiceCode.page', 'voiceCode.create', 'voiceCode.allocate', 'android.voiceCode'],
    });
    const agentPerms = ['agentVoiceCode.page', 'agentAndroid.voiceCode'];
    opA = await createTestOperator(t, { adminType: 1, agentId: agentA, permissions: agentPerms });
    opB = await createTestOperator(t, { adminType: 1, agentId: agentB, permissions: agentPerms });
    storeA = (await insertStore(db, agentA)).storeId;
    // A pays for each code it takes: enough for every take in these tests.
    await giveBalance(db, agentA, 10_000_000);
  });
  afterAll(async () => {
    await t.close();
  });

  const sum = async (agentId?: number) =>
    (await callApi<Sum>(t, platform, 'POST', '/androidVoice/getPageSum', agentId ? { agentId: String(agentId) } : {}))
      .data;

  it('creates a batch of unique unallocated codes at the configured price', async () => {
    const res = await callApi<{ batchNo: string; count: number }>(
      t,
      platform,
      'POST',
      '/androidVoice/createVoiceCode',
      {
        count: 40,
      },
    );
    expect(res.errCode, res.errMsg).toBe(0);
    expect(res.data.count).toBe(40);
    const page = await callApi<{ total: number; list: { code: string; status: number; price: number }[] }>(
      t,
      platform,
      'POST',
      '/androidVoice/getPage',
      { offset: 1, size: 50, batchNo: res.data.batchNo },
    );
    expect(page.data.total).toBe(40);
    expect(new Set(page.data.list.map((c) => c.code)).size).toBe(40);
    expect(page.data.list.every((c) => c.status === 0 && c.price === 3000)).toBe(true);
    expect((await sum()).find((s) => s.status === 0)).toMatchObject({ count: 40, amount: 120_000 });
  });

  it('refuses more than 1000 codes at once with a field error', async () => {
    const res = await callApi(t, platform, 'POST', '/androidVoice/createVoiceCode', { count: 1001 });
    expect(res.errCode).toBe(400100);
    expect(res.fieldErrors?.count).toBeTruthy();
  });

  it('allocates all or nothing, and a provider lists only its own codes', async () => {
    const tooMany = await callApi(t, platform, 'GET', `/androidVoice/batchAllocation?agentId=${agentA}&count=41`);
    expect(tooMany.errCode).toBe(400100);
    expect((await sum(agentA)).find((s) => s.status === 1)?.count).toBe(0);

    const ok = await callApi(t, platform, 'GET', `/androidVoice/batchAllocation?agentId=${agentA}&count=10`);
    expect(ok.errCode, ok.errMsg).toBe(0);
    await callApi(t, platform, 'GET', `/androidVoice/batchAllocation?agentId=${agentB}&count=5`);
    const mine = await callApi<{ total: number; list: { agentId: string }[] }>(
      t,
      opA,
      'POST',
      '/aic/androidManage/getCodePage',
      {
        offset: 1,
        size: 100,
        agentId: String(agentB),
      },
    );
    expect(mine.data.total).toBe(10);
    expect(mine.data.list.every((c) => c.agentId === String(agentA))).toBe(true);
  });

  it('binds one code per device exactly once under concurrent takes', async () => {
    const db = t.database.db;
    // 10 codes allocated to A, 14 devices asking at once, two requests per device.
    const devices = await Promise.all(Array.from({ length: 14 }, () => insertAndroid(db, agentA, storeA)));
    const requests = devices.flatMap((id) => [
      callApi<{ voiceCodeId: string }>(t, opA, 'GET', `/aic/androidManage/obtainVoiceCode?deviceId=${id}`),
      callApi<{ voiceCodeId: string }>(t, platform, 'GET', `/saasicAndroidController/takeVoiceCode?deviceId=${id}`),
    ]);
    const results = await Promise.all(requests);
    const wins = results.filter((r) => r.errCode === 0);
    expect(wins).toHaveLength(10);
    expect(new Set(wins.map((w) => w.data.voiceCodeId)).size).toBe(10);
    expect(results.filter((r) => r.errCode !== 0).every((r) => r.errCode === 409003)).toBe(true);

    const used = await db.selectFrom('voiceCode').select(['id', 'deviceId']).where('status', '=', 2).execute();
    expect(used).toHaveLength(10);
    const bound = await db
      .selectFrom('androidDevice')
      .select(['id', 'voiceCodeId'])
      .where('voiceCodeId', 'is not', null)
      .execute();
    expect(bound).toHaveLength(10);
    // Each side points at the other.
    for (const d of bound) expect(used.find((c) => c.id === d.voiceCodeId)?.deviceId).toBe(d.id);
    expect((await sum(agentA)).find((s) => s.status === 1)?.count).toBe(0);
  });

  it("answers another provider's device exactly like a missing one", async () => {
    const db = t.database.db;
    const device = await insertAndroid(db, agentA, storeA);
    const foreign = await callApi(t, opB, 'GET', `/aic/androidManage/obtainVoiceCode?deviceId=${device}`);
    const missing = await callApi(t, opB, 'GET', '/aic/androidManage/obtainVoiceCode?deviceId=99999999');
    expect(foreign.errCode).toBe(404001);
    expect(foreign.errMsg).toBe(missing.errMsg);
    const row = await db
      .selectFrom('androidDevice')
      .select('voiceCodeId')
      .where('id', '=', device)
      .executeTakeFirstOrThrow();
    expect(row.voiceCodeId).toBeNull();
  });

  it('keeps the platform list and allocation away from providers', async () => {
    expect((await callApi(t, opA, 'POST', '/androidVoice/getPage', {})).errCode).toBe(403001);
    expect((await callApi(t, opA, 'GET', `/androidVoice/batchAllocation?agentId=${agentA}&count=1`)).errCode).toBe(
      403001,
    );
  });

  it('logs each allocation in the operation log', async () => {
    const rows = await t.database.db
      .selectFrom('operationLog')
      .select(['action', 'result'])
      .where('path', 'like', '%batchAllocation%')
      .execute();
    expect(rows.filter((r) => r.result === 1).length).toBeGreaterThanOrEqual(2);
    expect(rows.some((r) => r.result === 0)).toBe(true);
  });
});
