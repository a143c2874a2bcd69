import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAgent, createTestOperator, type TestOperator } from '../../../test/operators.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { chinaDate, nowIso } from '../../lib/clock.js';
import { callApi, insertStore } from '../stores/test-fixtures.js';
import { exportFile } from '../../../test/export-task.js';

type Code = { id: string; code: string; status: number; version: number; agentId: string; editionName: string | null };
type Page = { total: number; list: Code[] };

describe('free auth codes: generated per provider, listed by status, voided, handed to a store once', () => {
  let t: TestApp;
  let agentA: number;
  let agentB: number;
  let editionId: number;
  let platform: TestOperator;
  let opA: TestOperator;
  let opB: TestOperator;
  let storeA: number;
  let storeB: number;

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    agentA = await createTestAgent(db, { name: '甲服务商' });
    agentB = await createTestAgent(db, { name: '乙服务商' });
    const now = nowIso();
    editionId = (
      await db
        .insertInto('edition')
        .values({
          name: '标准版',
          code: 'standard_t',
          webPrice: 298_000,
          staffAppletPrice: 12_000,
          maxRooms: 200,
          features: '[]',
          sort: 1,
          status: 1,
          remark: '',
          createdAt: now,
          updatedAt: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    platform = await createTestOperator(t, {
      adminType: 0,
      permissions: ['freeAuthCode.page', 'freeAuthCode.create', 'freeAuthCode.void', 'freeAuthCode.export'],
    });
    const agentPerms = ['freeAuthCode.page', 'freeAuthCode.get', 'freeAuthCode.assign', 'freeAuthCode.export'];
    opA = await createTestOperator(t, { adminType: 1, agentId: agentA, permissions: agentPerms });
    opB = await createTestOperator(t, { adminType: 1, agentId: agentB, permissions: agentPerms });
    storeA = (await insertStore(db, agentA)).storeId;
    storeB = (await insertStore(db, agentB)).storeId;
  });
  afterAll(async () => {
    await t.close();
  });

  const generate = (agentId: number, count: number, days = 30) =>
    callApi<{ count: number; expireDate: string }>(t, platform, 'POST', '/freeAuthCode/generate', {
      agentId: String(agentId),
      count,
      editionId: String(editionId),
      days,
    });
  const page = async (op: TestOperator, body: object = {}) =>
    (await callApi<Page>(t, op, 'POST', '/freeAuthCode/page', { offset: 1, size: 50, ...body })).data;

  it('generates codes for a provider with the policy redeem window, within its monthly quota', async () => {
    const res = await generate(agentA, 5);
    expect(res.errCode, res.errMsg).toBe(0);
    expect(res.data.expireDate).toBe(chinaDate(30));
    const mine = await page(opA);
    expect(mine.total).toBe(5);
    expect(mine.list[0]).toMatchObject({ status: 0, editionName: '标准版', agentId: String(agentA) });
    expect(mine.list[0]?.code).toMatch(/^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/);
    // Quota 20 a month: 5 made, 16 more is one too many.
    const over = await generate(agentA, 16);
    expect(over.errCode).toBe(400100);
    expect(over.fieldErrors?.count).toContain('还可生成 15 个');
    expect((await page(opB)).total).toBe(0);
    expect((await callApi(t, opA, 'POST', '/freeAuthCode/generate', {})).errCode).toBe(403001);
  });

  it('hands a code to a store once: the store runs its days longer, a second hand-over is refused', async () => {
    const [code] = (await page(opA)).list;
    const first = await callApi<{ webExpireAt: string }>(t, opA, 'POST', '/freeAuthCode/assign', {
      id: code!.id,
      storeId: String(storeA),
      version: code!.version,
    });
    expect(first.errCode, first.errMsg).toBe(0);
    expect(first.data.webExpireAt).toBe(chinaDate(30));
    const again = await callApi(t, opA, 'POST', '/freeAuthCode/assign', {
      id: code!.id,
      storeId: String(storeA),
      version: code!.version + 1,
    });
    expect(again.errCode).toBe(409003);
    expect(again.errMsg).toContain('不能再次使用');
    expect((await page(opA, { status: 1 })).total).toBe(1);
  });

  it('hands each code exactly once when two operators click together', async () => {
    const code = (await page(opA, { status: 0 })).list[0]!;
    const body = { id: code.id, storeId: String(storeA), version: code.version };
    const results = await Promise.all([
      callApi(t, opA, 'POST', '/freeAuthCode/assign', body),
      callApi(t, opA, 'POST', '/freeAuthCode/assign', body),
      callApi(t, platform, 'POST', '/freeAuthCode/assign', body),
    ]);
    expect(results.filter((r) => r.errCode === 0)).toHaveLength(1);
  });

  it("answers another provider's code and store like missing ones", async () => {
    const code = (await page(opA, { status: 0 })).list[0]!;
    const foreign = await callApi(t, opB, 'POST', '/freeAuthCode/assign', {
      id: code.id,
      storeId: String(storeB),
      version: code.version,
    });
    expect(foreign.errCode).toBe(404001);
    expect((await callApi(t, opB, 'GET', `/freeAuthCode/get?id=${code.id}`)).errCode).toBe(404001);
    const otherStore = await callApi(t, opA, 'POST', '/freeAuthCode/assign', {
      id: code.id,
      storeId: String(storeB),
      version: code.version,
    });
    expect(otherStore.fieldErrors?.storeId).toBe('门店不存在');
  });

  it('lists an unused code past its last day as expired, and refuses to hand it over', async () => {
    const code = (await page(opA, { status: 0 })).list[0]!;
    await t.database.db
      .updateTable('freeAuthCode')
      .set({ expireDate: chinaDate(-1) })
      .where('id', '=', Number(code.id))
      .execute();
    const expired = await page(opA, { status: 3 });
    expect(expired.list.map((c) => c.id)).toEqual([code.id]);
    expect((await page(opA, { status: 0 })).list.some((c) => c.id === code.id)).toBe(false);
    const res = await callApi(t, opA, 'POST', '/freeAuthCode/assign', {
      id: code.id,
      storeId: String(storeA),
      version: code.version,
    });
    expect(res.errMsg).toContain('已过期');
  });

  it('voids unused and expired codes only, all or none, and only the platform may', async () => {
    const unused = (await page(platform, { status: 0 })).list[0]!;
    const used = (await page(platform, { status: 1 })).list[0]!;
    const expired = (await page(platform, { status: 3 })).list[0]!;
    const mixed = await callApi(t, platform, 'POST', '/freeAuthCode/void', { ids: [unused.id, used.id] });
    expect(mixed.errCode).toBe(409003);
    expect((await page(platform, { status: 0 })).list.some((c) => c.id === unused.id)).toBe(true);
    expect((await callApi(t, opA, 'POST', '/freeAuthCode/void', { ids: [unused.id] })).errCode).toBe(403001);
    const ok = await callApi<{ voided: number }>(t, platform, 'POST', '/freeAuthCode/void', {
      ids: [unused.id, expired.id],
    });
    expect(ok.data.voided).toBe(2);
    const again = await callApi(t, platform, 'POST', '/freeAuthCode/void', { ids: [unused.id] });
    expect(again.errMsg).toContain('已作废');
    const byStatus = await Promise.all([0, 1, 2, 3].map(async (status) => (await page(platform, { status })).total));
    expect(byStatus.reduce((a, b) => a + b, 0)).toBe((await page(platform)).total);
  });

  it('exports the provider’s own codes', async () => {
    const res = await exportFile(t, { headers: { token: opA.token } }, '/freeAuthCode/export', { status: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
  });
});
