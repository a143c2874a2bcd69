import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAgent, createTestOperator, type TestOperator } from '../../../test/operators.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { callApi, insertAndroid, insertStore } from '../stores/test-fixtures.js';
import { allocateCodes, giveBalance } from './voice-fixtures.js';

const PRICE = 3000;

describe('a provider takes a voice code for a terminal and pays for it', () => {
  let t: TestApp;
  let agentId: number;
  let storeId: number;
  let op: TestOperator;

  beforeAll(async () => {
    t = await createTestApp();
    agentId = await createTestAgent(t.database.db);
    storeId = (await insertStore(t.database.db, agentId)).storeId;
    op = await createTestOperator(t, { adminType: 1, agentId, permissions: ['agentAndroid.voiceCode'] });
    await allocateCodes(t.database.db, agentId, 20);
  });
  afterAll(async () => {
    await t.close();
  });

  const ledger = () =>
    t.database.db
      .selectFrom('accountRecord')
      .select(['amount', 'balanceAfter', 'kind', 'direction', 'relatedNo'])
      .where('agentId', '=', agentId)
      .orderBy('id')
      .execute();
  const obtain = (deviceId: number) =>
    callApi<{ code: string }>(t, op, 'GET', `/aic/androidManage/obtainVoiceCode?deviceId=${deviceId}`);

  it('refuses with the price and balance when short, and binds nothing', async () => {
    const device = await insertAndroid(t.database.db, agentId, storeId);
    const res = await obtain(device);
    expect(res.errCode).toBe(409003);
    expect(res.errMsg).toBe('账户余额不足：语音码单价 ¥30.00，当前余额 ¥0.00，请先充值');
    const row = await t.database.db
      .selectFrom('androidDevice')
      .select('voiceCodeId')
      .where('id', '=', device)
      .executeTakeFirstOrThrow();
    expect(row.voiceCodeId).toBeNull();
    const price = await callApi<{ price: number; balance: number }>(
      t,
      op,
      'GET',
      '/aic/androidManage/getAndroidVoicePrice',
    );
    expect(price.data).toEqual({ price: PRICE, balance: 0 });
  });

  it('charges once per code under concurrency, never below zero, with a ledger row in the same write', async () => {
    // Enough for three codes; five devices ask, each twice at once.
    await giveBalance(t.database.db, agentId, PRICE * 3 + 100);
    const devices = await Promise.all(Array.from({ length: 5 }, () => insertAndroid(t.database.db, agentId, storeId)));
    const results = await Promise.all(devices.flatMap((d) => [obtain(d), obtain(d)]));
    const wins = results.filter((r) => r.errCode === 0);
    expect(wins).toHaveLength(3);
    expect(results.filter((r) => r.errCode !== 0).every((r) => r.errCode === 409003)).toBe(true);
    const charges = (await ledger()).filter((r) => r.kind === 5);
    expect(charges).toHaveLength(3);
    expect(charges.every((c) => c.direction === 2 && c.amount === PRICE)).toBe(true);
    expect(charges.map((c) => c.balanceAfter)).toEqual([PRICE * 2 + 100, PRICE + 100, 100]);
    expect(new Set(charges.map((c) => c.relatedNo))).toEqual(new Set(wins.map((w) => w.data.code)));
  });
});
