import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAgent, createTestOperator, type TestOperator } from '../../test/operators.js';
import type { TestApp } from '../../test/test-app.js';
import type { AppEvents } from '../plugins/events.js';
import { createFixtureApp, gadgetPermissions } from '../../test/crud-fixture.js';

type Body = {
  errCode: number;
  errMsg: string;
  data: Record<string, unknown> | null;
  fieldErrors?: Record<string, string>;
  requestId?: string;
};
const json = (res: LightMyRequestResponse) => res.json<Body>();

describe('registerResource: access, tenancy, writes and audit (fixture resource)', () => {
  let t: TestApp;
  let agentA: number;
  let agentB: number;
  let opA: TestOperator;
  let opB: TestOperator;
  let platform: TestOperator;
  const events: AppEvents['resourceChanged'][] = [];
  let serial = 0;
  const code = () => `C${Date.now()}_${(serial += 1)}`;

  const call = (op: TestOperator | null, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: op?.headers ?? {}, ...(payload ? { payload } : {}) });
  const create = async (op: TestOperator, fields: Record<string, unknown> = {}) => {
    const res = await call(op, 'POST', '/gadget/create', {
      name: '物件',
      code: code(),
      status: 1,
      price: 10,
      ...fields,
    });
    expect(json(res).errCode, res.body).toBe(0);
    return json(res).data as { id: string; agentId: string; version: number; code: string };
  };

  beforeAll(async () => {
    t = await createFixtureApp();
    agentA = await createTestAgent(t.database.db, { name: '服务商甲' });
    agentB = await createTestAgent(t.database.db, { name: '服务商乙' });
    opA = await createTestOperator(t, { adminType: 1, agentId: agentA, permissions: gadgetPermissions });
    opB = await createTestOperator(t, { adminType: 1, agentId: agentB, permissions: gadgetPermissions });
    platform = await createTestOperator(t, {
      adminType: 0,
      permissions: [...gadgetPermissions, 'thing.page', 'thing.create', 'thing.delete', 'thing.get'],
    });
    t.app.events.on('resourceChanged', (e) => events.push(e));
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 5000 without a session and 403001 without the permission', async () => {
    expect(json(await call(null, 'POST', '/gadget/page', {})).errCode).toBe(5000);
    const readOnly = await createTestOperator(t, { adminType: 1, permissions: ['gadget.page'] });
    const res = await call(readOnly, 'POST', '/gadget/create', { name: 'x', code: code(), status: 1, price: 1 });
    expect(res.statusCode).toBe(403);
    expect(json(res).errCode).toBe(403001);
    expect(json(await call(readOnly, 'POST', '/gadget/page', {})).errCode).toBe(0);
  });

  it('refuses a provider operator on a platform-audience resource, even with the permission', async () => {
    const op = await createTestOperator(t, { adminType: 1, agentId: agentA, permissions: ['thing.page'] });
    expect(json(await call(op, 'POST', '/thing/getPage', {})).errCode).toBe(403001);
    expect(json(await call(platform, 'POST', '/thing/getPage', {})).errCode).toBe(0);
  });

  it('validates with fieldErrors and derives create/update from the entity', async () => {
    const res = await call(opA, 'POST', '/gadget/create', { name: '', code: code(), status: 7, price: -1 });
    expect(res.statusCode).toBe(400);
    expect(json(res).fieldErrors).toMatchObject({
      name: '请输入名称',
    });
    expect(Object.keys(json(res).fieldErrors ?? {})).toEqual(expect.arrayContaining(['status', 'price']));
    const upd = await call(opA, 'POST', '/gadget/update', { id: '1', name: 'x' });
    expect(json(upd).fieldErrors).toHaveProperty('version');
  });

  it('lands an agent create in their own provider, whatever agentId the body forges', async () => {
    const row = await create(opA, { agentId: String(agentB) });
    expect(row.agentId).toBe(String(agentA));
    expect(row).toMatchObject({ version: 1, agentName: '服务商甲', parentId: null });
    expect(row).not.toHaveProperty('secretHash');
  });

  it('requires agentId from a platform admin and honours it', async () => {
    const res = await call(platform, 'POST', '/gadget/create', { name: 'p', code: code(), status: 1, price: 1 });
    expect(json(res).fieldErrors).toHaveProperty('agentId');
    const row = await create(platform, { agentId: String(agentB) });
    expect(row.agentId).toBe(String(agentB));
    const ghost = await call(platform, 'POST', '/gadget/create', {
      name: 'g',
      code: code(),
      status: 1,
      price: 1,
      agentId: '99999',
    });
    expect(json(ghost).fieldErrors).toEqual({ agentId: '服务商不存在' });
  });

  it("answers another provider's record exactly like a missing one, and lists exclude it", async () => {
    const row = await create(opA);
    const missing = await call(opB, 'GET', '/gadget/get?id=999999');
    const foreign = await call(opB, 'GET', `/gadget/get?id=${row.id}`);
    expect(foreign.statusCode).toBe(404);
    expect(json(foreign)).toEqual({ ...json(missing), requestId: json(foreign).requestId });
    expect(json(foreign).errCode).toBe(404001);
    const upd = await call(opB, 'POST', '/gadget/update', { id: row.id, version: 1, name: '篡改' });
    expect(json(upd).errCode).toBe(404001);
    expect(json(await call(opB, 'POST', `/gadget/delete?id=${row.id}`)).errCode).toBe(404001);
    expect(json(await call(opB, 'GET', `/gadget/delete?id=${row.id}`)).errCode).toBe(404001);
    const listB = json(await call(opB, 'POST', '/gadget/page', { size: 500 })).data as { list: { id: string }[] };
    expect(listB.list.map((r) => r.id)).not.toContain(row.id);
    const still = json(await call(opA, 'GET', `/gadget/get?id=${row.id}`)).data;
    expect(still).toMatchObject({ name: '物件', version: 1 });
    // A reference to another provider's row is refused too.
    const refRes = await call(opB, 'POST', '/gadget/create', {
      name: 'r',
      code: code(),
      status: 1,
      price: 1,
      parentId: row.id,
    });
    expect(json(refRes).fieldErrors).toHaveProperty('parentId');
  });

  it('lets the platform see every provider', async () => {
    const a = await create(opA);
    const b = await create(opB);
    const list = json(await call(platform, 'POST', '/gadget/page', { size: 500 })).data as { list: { id: string }[] };
    expect(list.list.map((r) => r.id)).toEqual(expect.arrayContaining([a.id, b.id]));
    expect(json(await call(platform, 'GET', `/gadget/get?id=${b.id}`)).errCode).toBe(0);
  });

  it('answers a malformed id with 404001', async () => {
    for (const bad of ['abc', '0', '-1', '1e3', '99999999999999999999']) {
      expect(json(await call(opA, 'GET', `/gadget/get?id=${bad}`)).errCode).toBe(404001);
      expect(json(await call(opA, 'GET', `/gadget/delete?id=${bad}`)).errCode).toBe(404001);
    }
    expect(json(await call(opA, 'POST', '/gadget/update', { id: 'x1', version: 1 })).errCode).toBe(404001);
  });

  it('updates with the optimistic version: increments it, refuses a stale one with 409001', async () => {
    const row = await create(opA);
    const first = await call(opA, 'POST', '/gadget/update', { id: row.id, version: 1, name: '新名称', price: 99 });
    expect(json(first).data).toMatchObject({ name: '新名称', price: 99, version: 2 });
    const stale = await call(opA, 'POST', '/gadget/update', { id: row.id, version: 1, name: '旧的' });
    expect(stale.statusCode).toBe(409);
    expect(json(stale).errCode).toBe(409001);
    expect(json(await call(opA, 'GET', `/gadget/get?id=${row.id}`)).data).toMatchObject({ name: '新名称' });
  });

  it('answers a duplicate with 409002 on the field', async () => {
    const row = await create(opA);
    const res = await call(opA, 'POST', '/gadget/create', { name: 'd', code: row.code, status: 1, price: 1 });
    expect(res.statusCode).toBe(409);
    expect(json(res)).toMatchObject({ errCode: 409002, fieldErrors: { code: '编码已存在' } });
  });

  it('refuses deleting a row others reference with 409003', async () => {
    const parent = await create(opA);
    await create(opA, { parentId: parent.id });
    const res = await call(opA, 'GET', `/gadget/delete?id=${parent.id}`);
    expect(res.statusCode).toBe(409);
    expect(json(res)).toMatchObject({ errCode: 409003, errMsg: '存在关联数据，无法删除' });
    expect(json(await call(opA, 'GET', `/gadget/get?id=${parent.id}`)).errCode).toBe(0);
  });

  it('soft-deletes when declared: the row stays, reads no longer see it', async () => {
    const made = json(await call(platform, 'POST', '/thing/create', { name: '回收' })).data as { id: string };
    expect(json(await call(platform, 'POST', `/thing/deleteThing?id=${made.id}`)).errCode).toBe(0);
    expect(json(await call(platform, 'GET', `/thing/get?id=${made.id}`)).errCode).toBe(404001);
    const list = json(await call(platform, 'POST', '/thing/getPage', {})).data as { list: { id: string }[] };
    expect(list.list.map((r) => r.id)).not.toContain(made.id);
    const row = await t.database.db
      .selectFrom('fixtureThing' as never)
      .select('deleted' as never)
      .where('id' as never, '=', Number(made.id) as never)
      .executeTakeFirst();
    expect(row).toEqual({ deleted: 1 });
    expect(json(await call(platform, 'POST', `/thing/deleteThing?id=${made.id}`)).errCode).toBe(404001);
  });

  it('writes the operation log in the same transaction: target, changes, secrets removed', async () => {
    const row = await create(opA, { password: 'Secret123' });
    await call(opA, 'POST', '/gadget/update', { id: row.id, version: 1, name: '改名', price: 10 });
    const logs = await t.database.db
      .selectFrom('operationLog')
      .selectAll()
      .where('targetId', '=', row.id)
      .orderBy('id')
      .execute();
    expect(logs.map((l) => [l.module, l.action, l.result])).toEqual([
      ['测试模块', '新增测试物件', 1],
      ['测试模块', '修改测试物件', 1],
    ]);
    expect(logs[0]?.params).toContain('******');
    expect(logs[0]?.params).not.toContain('Secret123');
    expect(JSON.parse(logs[1]?.changes ?? '[]')).toEqual([{ field: 'name', before: '物件', after: '改名' }]);
  });

  it('rolls a failing write back entirely and records the failed attempt', async () => {
    const notes = async () =>
      (
        await t.database.db
          .selectFrom('fixtureNote' as never)
          .selectAll()
          .execute()
      ).length;
    const row = await create(opA);
    const before = await notes();
    const dup = await call(opA, 'POST', '/gadget/create', { name: '重复', code: row.code, status: 1, price: 1 });
    expect(json(dup).errCode).toBe(409002);
    expect(await notes()).toBe(before);
    const refused = await call(opA, 'POST', '/gadget/update', { id: row.id, version: 1, name: '禁止' });
    expect(json(refused)).toMatchObject({ errCode: 409003, errMsg: '该名称不可用' });
    const failed = await t.database.db
      .selectFrom('operationLog')
      .select(['action', 'errMsg'])
      .where('result', '=', 0)
      .where('module', '=', '测试模块')
      .execute();
    expect(failed).toEqual(
      expect.arrayContaining([
        { action: '新增测试物件', errMsg: '编码已存在' },
        { action: '修改测试物件', errMsg: '该名称不可用' },
      ]),
    );
  });

  it('announces resourceChanged after commit, never for a failed write', async () => {
    events.length = 0;
    const row = await create(opA);
    await call(opA, 'POST', '/gadget/update', { id: row.id, version: 5, name: 'x' });
    await call(opA, 'POST', '/gadget/update', { id: row.id, version: 1, name: 'y' });
    await call(opA, 'GET', `/gadget/delete?id=${row.id}`);
    expect(events).toEqual([
      { resource: 'gadget', agentId: agentA, ids: [row.id], action: 'create' },
      { resource: 'gadget', agentId: agentA, ids: [row.id], action: 'update' },
      { resource: 'gadget', agentId: agentA, ids: [row.id], action: 'delete' },
    ]);
    expect(json(await call(opA, 'GET', `/gadget/get?id=${row.id}`)).errCode).toBe(404001);
  });
});
