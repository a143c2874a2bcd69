import { VIEW_AS_MAX_MINUTES, type ViewAsStarted, viewAsOwnPaths } from '@console/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type TestOperator, createTestAgent, createTestOperator } from '../../../test/operators.js';
import { callRoute } from '../../../test/route-sweep.js';
import { apiRoutes } from '../../../test/routes-of-app.js';
import { createTestApp } from '../../../test/test-app.js';
import { insertStore } from '../stores/test-fixtures.js';

// Issue 31 part 2, 以服务商身份查看. Top-level await: the read-only sweep's test list is the
// app's own route table, so a write route added later is swept without anyone listing it.
const t = await createTestApp();
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

const db = t.database.db;
type Envelope<T = unknown> = { errCode: number; errMsg: string; data: T; fieldErrors?: Record<string, string> };

async function call<T = unknown>(
  method: 'GET' | 'POST',
  url: string,
  token: string | null,
  payload?: Record<string, unknown>,
): Promise<{ status: number } & Envelope<T>> {
  const res = await t.app.inject({
    method,
    url,
    headers: token ? { token } : {},
    ...(payload !== undefined ? { payload } : {}),
  });
  return { status: res.statusCode, ...res.json<Envelope<T>>() };
}

/** A caller of callRoute holding a view-as token. */
function viewer(token: string, agentId: number): TestOperator {
  return { adminId: 0, agentId, token, headers: { token } };
}

const providerPermissions = [
  'store.page',
  'store.get',
  'enterprise.page',
  'enterprise.create',
  'agentOperationLog.page',
];

let agentA: number;
let agentB: number;
let providerA: TestOperator;
let storeA: number;
let storeB: number;
let reader: TestOperator;
let writer: TestOperator;
let noPermission: TestOperator;

beforeAll(async () => {
  agentA = await createTestAgent(db, { name: '成都蜀联' });
  agentB = await createTestAgent(db, { name: '重庆渝信' });
  providerA = await createTestOperator(t, { adminType: 1, agentId: agentA, permissions: providerPermissions });
  await createTestOperator(t, { adminType: 1, agentId: agentB, permissions: providerPermissions });
  storeA = (await insertStore(db, agentA, { name: '蜀联一店' })).storeId;
  storeB = (await insertStore(db, agentB, { name: '渝信一店' })).storeId;
  reader = await createTestOperator(t, { adminType: 0, permissions: ['agent.viewAs'] });
  writer = await createTestOperator(t, { adminType: 0, permissions: ['agent.viewAs', 'agent.viewAsWrite'] });
  noPermission = await createTestOperator(t, { adminType: 0, permissions: ['agent.page'] });
});

async function startRead(admin: TestOperator, agentId = agentA): Promise<ViewAsStarted> {
  const res = await call<ViewAsStarted>('POST', '/api/viewAs/start', admin.token, { agentId: String(agentId) });
  expect(res.errCode, res.errMsg).toBe(0);
  return res.data;
}

async function startWrite(admin: TestOperator, reason = '协助服务商修正企业资料'): Promise<ViewAsStarted> {
  const res = await call<ViewAsStarted>('POST', '/api/viewAs/startWrite', admin.token, {
    agentId: String(agentA),
    reason,
  });
  expect(res.errCode, res.errMsg).toBe(0);
  return res.data;
}

describe('starting a view', () => {
  it('needs agent.viewAs', async () => {
    const res = await call('POST', '/api/viewAs/start', noPermission.token, { agentId: String(agentA) });
    expect([res.status, res.errCode]).toEqual([403, 403001]);
  });

  it('answers a va. token and the session, 30 minutes at most', async () => {
    const { token, session } = await startRead(reader);
    expect(token.startsWith('va.')).toBe(true);
    expect(session).toMatchObject({ agentId: String(agentA), agentName: '成都蜀联', mode: 'read', reason: null });
    expect(Date.parse(session.expiresAt) - Date.parse(session.startedAt)).toBe(VIEW_AS_MAX_MINUTES * 60_000);
    const current = await call('GET', '/api/viewAs/current', token);
    expect(current.data).toEqual(session);
  });

  it('needs agent.viewAsWrite and a reason for write mode', async () => {
    const without = await call('POST', '/api/viewAs/startWrite', reader.token, {
      agentId: String(agentA),
      reason: '协助修改资料',
    });
    expect(without.errCode).toBe(403001);
    const noReason = await call('POST', '/api/viewAs/startWrite', writer.token, {
      agentId: String(agentA),
      reason: '改',
    });
    expect(noReason.errCode).toBe(400100);
    expect(Object.keys(noReason.fieldErrors ?? {})).toEqual(['reason']);
    const { session } = await startWrite(writer);
    expect(session).toMatchObject({ mode: 'write', reason: '协助服务商修正企业资料' });
  });

  it('cannot be started by a provider account, nor from inside a view', async () => {
    const own = await call('POST', '/api/viewAs/start', providerA.token, { agentId: String(agentA) });
    expect(own.errCode).toBe(403001);
    const { token } = await startRead(reader);
    const nested = await call('POST', '/api/viewAs/start', token, { agentId: String(agentB) });
    expect(nested.errCode).toBe(403110);
  });

  it('tells the provider’s administrators who viewed, how and why', async () => {
    await startWrite(writer, '协助核对门店资料');
    const notice = await db
      .selectFrom('saasMessageRecipient as r')
      .innerJoin('saasMessage as m', 'm.id', 'r.messageId')
      .where('r.adminId', '=', providerA.adminId)
      .where('m.content', 'like', '%协助核对门店资料%')
      .select(['m.title', 'm.content', 'm.kind', 'm.link'])
      .executeTakeFirstOrThrow();
    expect(notice).toMatchObject({ kind: 'notice', link: '/agentLog/agentOperationLog' });
    expect(notice.title).toContain('以服务商身份查看');
    expect(notice.content).toContain('可修改');
  });

  it('answers a provider that does not exist as missing', async () => {
    const res = await call('POST', '/api/viewAs/start', reader.token, { agentId: '987654321' });
    expect(res.errCode).toBe(404001);
  });

  it('refuses a provider without an enabled administrator account', async () => {
    const empty = await createTestAgent(db, { name: '空服务商' });
    const res = await call('POST', '/api/viewAs/start', reader.token, { agentId: String(empty) });
    expect(res.errCode).toBe(409003);
  });
});

describe('inside a read-only view', () => {
  let token: string;
  beforeAll(async () => {
    ({ token } = await startRead(reader));
  });

  it('sees the provider as its administrator: its stores only', async () => {
    const info = await call<{ adminType: number; agentId: string }>('GET', '/api/adminLogin/info', token);
    expect(info.data).toMatchObject({ adminType: 1, agentId: String(agentA) });
    const page = await call<{ list: { id: string }[] }>('POST', '/api/store/page', token, { offset: 1, size: 20 });
    expect(page.errCode, page.errMsg).toBe(0);
    expect(page.data.list.map((s) => s.id)).toEqual([String(storeA)]);
    const foreign = await call('GET', `/api/store/get?id=${storeB}`, token);
    expect(foreign.errCode).toBe(404001);
  });

  // Every write route of the app that takes a session, read from its route table, refused as a
  // write before anything else. Public routes (sign-in, registration) read no token at all.
  const writes = apiRoutes(t.app).filter(
    (r) =>
      r.method !== 'HEAD' && r.endpoint.write && r.endpoint.access !== 'public' && !viewAsOwnPaths.has(r.endpoint.path),
  );
  it('sweeps a real number of write routes', () => {
    expect(writes.length).toBeGreaterThan(150);
  });
  it.each(writes.map((r) => [r.label, r] as const))('%s answers 403110', async (_label, route) => {
    const answer = await callRoute(t, route, viewer(token, agentA), { body: {} });
    expect([answer.status, answer.body.errCode]).toEqual([403, 403110]);
  });

  it('changed nothing of the provider', async () => {
    const enterprises = await db.selectFrom('enterprise').where('agentId', '=', agentA).select('id').execute();
    expect(enterprises).toHaveLength(1);
  });
});

describe('a write-mode view', () => {
  it('writes the provider’s data and logs both identities with the reason', async () => {
    const { token } = await startWrite(writer, '服务商请求代建企业');
    const created = await call<{ id: string }>('POST', '/api/enterprise/create', token, {
      name: '代建企业',
      contactName: '',
      contactPhone: '',
      address: '',
      status: 1,
      remark: '',
    });
    expect(created.errCode, created.errMsg).toBe(0);
    const row = await db
      .selectFrom('operationLog')
      .where('path', '=', '/api/enterprise/create')
      .where('actingAdminId', '=', writer.adminId)
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      operatorId: providerA.adminId,
      agentId: agentA,
      adminType: 1,
      viewAsReason: '服务商请求代建企业',
      result: 1,
    });
    expect(row.actingAdminName).toContain('测试账号');
  });

  it('still refuses account actions: sign-out, password, saved views', async () => {
    const { token } = await startWrite(writer);
    for (const url of ['/api/adminLogin/logout', '/api/adminLogin/changePassword', '/api/savedView/create']) {
      const res = await call('POST', url, token, {});
      expect([url, res.errCode]).toEqual([url, 403110]);
    }
  });
});

describe('the operation log of a view', () => {
  it('records reads and refused writes with both identities, in the provider’s 操作日志 too', async () => {
    const { token } = await startRead(reader);
    const last = await db
      .selectFrom('operationLog')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst();
    const before = Number(last?.id ?? 0);
    await call('POST', '/api/store/page', token, { offset: 1, size: 20 });
    await call('POST', '/api/enterprise/create', token, { name: '不会建成' });
    await call('POST', '/api/viewAs/end', token);
    // A read's row is written once its answer went out (an onResponse hook): wait for it.
    const seen = await vi.waitFor(async () => {
      const rows = await db
        .selectFrom('operationLog')
        .where('actingAdminId', '=', reader.adminId)
        .where('id', '>', before)
        .orderBy('id')
        .select(['path', 'result', 'operatorId', 'agentId', 'action'])
        .execute();
      expect(rows.map((r) => [r.path, r.result]).sort()).toEqual([
        ['/api/enterprise/create', 0],
        ['/api/store/page', 1],
        ['/api/viewAs/end', 1],
      ]);
      return rows;
    });
    expect(seen.every((r) => r.operatorId === providerA.adminId && r.agentId === agentA)).toBe(true);
    expect(seen.find((r) => r.path === '/api/enterprise/create')?.action).toContain('只读查看中被拒绝');

    const page = await call<{ list: { actingAdminId: string | null; actingAdminName: string | null }[] }>(
      'POST',
      '/api/agentOperationLog/page',
      providerA.token,
      { offset: 1, size: 100 },
    );
    expect(page.errCode, page.errMsg).toBe(0);
    expect(page.data.list.some((r) => r.actingAdminId === String(reader.adminId) && r.actingAdminName)).toBe(true);
  });

  it('records the start on the platform’s side, naming the provider', async () => {
    const row = await db
      .selectFrom('operationLog')
      .where('operatorId', '=', reader.adminId)
      .where('path', '=', '/api/viewAs/start')
      .where('result', '=', 1)
      .select(['targetId', 'action', 'resource'])
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ targetId: String(agentA), action: '以服务商身份查看（只读）：成都蜀联', resource: 'agent' });
  });
});

describe('the end of a view', () => {
  it('ends with 退出: the token answers 401110 afterwards', async () => {
    const { token } = await startRead(reader);
    expect((await call('POST', '/api/viewAs/end', token)).errCode).toBe(0);
    const after = await call('POST', '/api/store/page', token, { offset: 1, size: 20 });
    expect([after.status, after.errCode]).toEqual([401, 401110]);
  });

  it('ends after 30 minutes', async () => {
    const { token } = await startRead(reader);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + (VIEW_AS_MAX_MINUTES - 1) * 60_000);
    expect((await call('GET', '/api/viewAs/current', token)).errCode).toBe(0);
    vi.setSystemTime(Date.now() + 61_000);
    expect((await call('GET', '/api/viewAs/current', token)).errCode).toBe(401110);
    vi.useRealTimers();
    const row = await db
      .selectFrom('viewAsSession')
      .where('adminId', '=', reader.adminId)
      .orderBy('id', 'desc')
      .select(['endedAt', 'endReason'])
      .executeTakeFirstOrThrow();
    expect(row.endReason).toBe('已到时间');
    // Never the admin's own session in its place.
    expect((await call('POST', '/api/store/page', token, { offset: 1, size: 20 })).errCode).toBe(401110);
  });

  it('ends when the admin signs out', async () => {
    const admin = await createTestOperator(t, { adminType: 0, permissions: ['agent.viewAs'] });
    const { token } = await startRead(admin);
    expect((await call('POST', '/api/adminLogin/logout', admin.token, {})).errCode).toBe(0);
    expect((await call('GET', '/api/viewAs/current', token)).errCode).toBe(401110);
  });

  it('ends when the admin is disabled or loses the permission', async () => {
    const admin = await createTestOperator(t, { adminType: 0, permissions: ['agent.viewAs'] });
    const first = await startRead(admin);
    await db
      .deleteFrom('roleMenu')
      .where('roleId', 'in', db.selectFrom('adminRole').where('adminId', '=', admin.adminId).select('roleId'))
      .execute();
    expect((await call('GET', '/api/viewAs/current', first.token)).errCode).toBe(401110);
    const other = await createTestOperator(t, { adminType: 0, permissions: ['agent.viewAs'] });
    const second = await startRead(other);
    await db.updateTable('admin').set({ open: 0 }).where('id', '=', other.adminId).execute();
    expect((await call('GET', '/api/viewAs/current', second.token)).errCode).toBe(401110);
  });

  it('answers 退出 of an ordinary session with 409003, and current with null', async () => {
    expect((await call('POST', '/api/viewAs/end', reader.token)).errCode).toBe(409003);
    expect((await call('GET', '/api/viewAs/current', reader.token)).data).toBeNull();
  });
});
