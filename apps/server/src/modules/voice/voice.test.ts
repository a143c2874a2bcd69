import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAgent, createTestOperator, type TestOperator } from '../../../test/operators.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { callApi, insertAndroid, insertStore } from '../stores/test-fixtures.js';
import { giveBalance } from './voice-fixtures.js';
import { exportFile } from '../../../test/export-task.js';

type Sum = { total: number; unallocated: number; allocated: number; used: number; voided: number; amount: number };

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
      permissions: [
        'voiceCode.page',
        'voiceCode.create',
        'voiceCode.allocate',
        'voiceCode.void',
        'voiceCode.export',
        'android.voiceCode',
        'voiceCodeConfig.get',
        'voiceCodeConfig.update',
      ],
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
    expect(await sum()).toMatchObject({ total: 40, unallocated: 40, amount: 120_000 });
  });

  it('refuses more than 1000 codes at once with a field error', async () => {
    const res = await callApi(t, platform, 'POST', '/androidVoice/createVoiceCode', { count: 1001 });
    expect(res.errCode).toBe(400100);
    expect(res.fieldErrors?.count).toBeTruthy();
  });

  it('allocates all or nothing, and a provider lists only its own codes', async () => {
    const tooMany = await callApi(t, platform, 'GET', `/androidVoice/batchAllocation?agentId=${agentA}&count=41`);
    expect(tooMany.errCode).toBe(400100);
    expect((await sum(agentA)).allocated).toBe(0);

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
    expect((await sum(agentA)).allocated).toBe(0);
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

describe('voice codes: sums, voiding, export and the 语音码设置 the provider side reads', () => {
  let t: TestApp;
  let agentA: number;
  let platform: TestOperator;
  let opA: TestOperator;

  beforeAll(async () => {
    t = await createTestApp();
    agentA = await createTestAgent(t.database.db, { name: '甲服务商' });
    platform = await createTestOperator(t, {
      adminType: 0,
      permissions: [
        'voiceCode.page',
        'voiceCode.create',
        'voiceCode.allocate',
        'voiceCode.void',
        'voiceCode.export',
        'voiceCodeConfig.get',
        'voiceCodeConfig.update',
      ],
    });
    opA = await createTestOperator(t, {
      adminType: 1,
      agentId: agentA,
      permissions: ['agentVoiceCode.page', 'agentAndroid.voiceCode'],
    });
  });
  afterAll(async () => {
    await t.close();
  });

  type Row = { id: string; status: number; code: string };
  const list = async (body: object) =>
    (
      await callApi<{ total: number; list: Row[] }>(t, platform, 'POST', '/androidVoice/getPage', {
        offset: 1,
        size: 50,
        ...body,
      })
    ).data;
  const config = async () =>
    Object.fromEntries(
      (
        await callApi<{ key: string; value: string; version: number }[]>(
          t,
          platform,
          'GET',
          '/systemConfig/getVoiceCodeConfig',
        )
      ).data.map((r) => [r.key, r]),
    );

  it('prices new batches and the provider side from the price this screen sets', async () => {
    const before = await config();
    expect(Object.keys(before)).toEqual(['voiceCodePrice', 'voiceCodeSelfService']);
    const saved = await callApi(t, platform, 'POST', '/systemConfig/updateVoiceCodeConfig', {
      items: [{ key: 'voiceCodePrice', value: '4500', version: before.voiceCodePrice?.version }],
    });
    expect(saved.errCode, saved.errMsg).toBe(0);
    const price = await callApi<{ price: number }>(t, opA, 'GET', '/aic/androidManage/getAndroidVoicePrice');
    expect(price.data.price).toBe(4500);
    const batch = await callApi<{ batchNo: string }>(t, platform, 'POST', '/androidVoice/createVoiceCode', {
      count: 6,
    });
    expect(
      (await list({ batchNo: batch.data.batchNo })).list.every((c) => (c as never as { price: number }).price === 4500),
    ).toBe(true);
    // Only this group's keys: the general prices stay out of reach of this screen's permission.
    const foreign = await callApi(t, platform, 'POST', '/systemConfig/updateVoiceCodeConfig', {
      items: [{ key: 'webPrice', value: '1' }],
    });
    expect(foreign.errCode).toBe(400100);
    const badSwitch = await callApi(t, platform, 'POST', '/systemConfig/updateVoiceCodeConfig', {
      items: [{ key: 'voiceCodeSelfService', value: 'yes' }],
    });
    expect(badSwitch.fieldErrors?.['items.0.value']).toBeTruthy();
  });

  it('sums by status add up to the total, per provider and per batch', async () => {
    await callApi(t, platform, 'GET', `/androidVoice/batchAllocation?agentId=${agentA}&count=2`);
    const codes = (await list({ status: 0 })).list;
    await callApi(t, platform, 'POST', '/androidVoice/voidVoiceCode', { ids: [codes[0]?.id], reason: '印刷错误' });
    const all = (await callApi<Sum>(t, platform, 'POST', '/androidVoice/getPageSum', {})).data;
    expect(all.unallocated + all.allocated + all.used + all.voided).toBe(all.total);
    expect(all).toMatchObject({ total: 6, unallocated: 3, allocated: 2, voided: 1 });
    const mine = (await callApi<Sum>(t, platform, 'POST', '/androidVoice/getPageSum', { agentId: String(agentA) }))
      .data;
    expect(mine).toMatchObject({ total: 2, allocated: 2 });
  });

  it('voids unallocated and allocated codes, never a used or void one, all or none', async () => {
    const db = t.database.db;
    const allocated = (await list({ status: 1 })).list[0]!;
    const voided = (await list({ status: 3 })).list[0]!;
    const unallocated = (await list({ status: 0 })).list[0]!;
    const mixed = await callApi(t, platform, 'POST', '/androidVoice/voidVoiceCode', {
      ids: [unallocated.id, voided.id],
      reason: '重复生成',
    });
    expect(mixed.errCode).toBe(409003);
    expect(mixed.errMsg).toContain('已作废');
    expect((await list({ status: 0 })).list.some((c) => c.id === unallocated.id)).toBe(true);

    await db.updateTable('voiceCode').set({ status: 2 }).where('id', '=', Number(allocated.id)).execute();
    const used = await callApi(t, platform, 'POST', '/androidVoice/voidVoiceCode', {
      ids: [allocated.id],
      reason: '设备报废',
    });
    expect(used.errMsg).toContain('已绑定设备');
    const noReason = await callApi(t, platform, 'POST', '/androidVoice/voidVoiceCode', {
      ids: [unallocated.id],
      reason: '',
    });
    expect(noReason.fieldErrors?.reason).toBeTruthy();
    const ok = await callApi(t, platform, 'POST', '/androidVoice/voidVoiceCode', {
      ids: [unallocated.id],
      reason: '重复生成',
    });
    expect(ok.errCode, ok.errMsg).toBe(0);
    const log = await db
      .selectFrom('operationLog')
      .select(['changes'])
      .where('path', '=', '/api/androidVoice/voidVoiceCode')
      .where('result', '=', 1)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(String(log.changes)).toContain(unallocated.code);
  });

  it("exports a batch's codes as a spreadsheet", async () => {
    const batch = await callApi<{ batchNo: string }>(t, platform, 'POST', '/androidVoice/createVoiceCode', {
      count: 3,
    });
    const res = await exportFile(t, { headers: { token: platform.token } }, '/androidVoice/export', {
      batchNo: batch.data.batchNo,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
  });

  it('refuses self-service binding when the platform turns it off', async () => {
    const cfg = await config();
    await callApi(t, platform, 'POST', '/systemConfig/updateVoiceCodeConfig', {
      items: [{ key: 'voiceCodeSelfService', value: '0', version: cfg.voiceCodeSelfService?.version }],
    });
    const storeA = (await insertStore(t.database.db, agentA)).storeId;
    const device = await insertAndroid(t.database.db, agentA, storeA);
    const res = await callApi(t, opA, 'GET', `/aic/androidManage/obtainVoiceCode?deviceId=${device}`);
    expect(res.errCode).toBe(409003);
    expect(res.errMsg).toContain('关闭');
  });
});
