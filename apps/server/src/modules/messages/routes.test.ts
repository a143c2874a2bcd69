import {
  type Page,
  type ReceivedMessageDetail,
  type ReceivedMessageRow,
  SYSTEM_MESSAGE_REMINDER,
  type SentMessageDetail,
  type SentMessageRow,
} from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithOperator, type TestApp } from '../../../test/app-with-operator.js';
import { createTestAgent, createTestOperator, type TestOperator } from '../../../test/operators.js';
import { openReadySocket } from '../../realtime/ws-test-client.js';
import { tellAccounts } from './tell-accounts.js';

const SENDER = ['saasMessage.page', 'saasMessage.get', 'saasMessage.create', 'saasMessage.delete'];

describe('system messages', () => {
  let t: TestApp;
  let platform: TestOperator;
  let agentA: number;
  let agentB: number;
  let adminA: TestOperator;
  let staffA: TestOperator;
  let adminB: TestOperator;

  interface Answer<T> {
    status: number;
    errCode: number;
    errMsg: string;
    data: T;
  }
  const call = async <T = null>(
    op: TestOperator,
    method: 'GET' | 'POST',
    url: string,
    payload?: object,
  ): Promise<Answer<T>> => {
    const res = await t.app.inject({ method, url: `/api${url}`, headers: op.headers, ...(payload ? { payload } : {}) });
    return { status: res.statusCode, ...res.json<Omit<Answer<T>, 'status'>>() };
  };
  const send = (payload: object) =>
    call<{ id: string; recipientCount: number }>(platform, 'POST', '/saasMessage/create', payload);
  const inbox = (op: TestOperator, status?: number) =>
    call<Page<ReceivedMessageRow>>(op, 'POST', '/saasMessageAgentUser/page', {
      offset: 1,
      size: 5,
      ...(status === undefined ? {} : { status }),
    });
  const first = (page: Answer<Page<ReceivedMessageRow>>) => {
    const row = page.data.list[0];
    if (!row) throw new Error('empty inbox');
    return row;
  };

  beforeAll(async () => {
    ({ t, operator: platform } = await appWithOperator({ permissions: SENDER }));
    agentA = await createTestAgent(t.database.db);
    agentB = await createTestAgent(t.database.db);
    adminA = await createTestOperator(t, { adminType: 1, agentId: agentA, permissions: [] });
    staffA = await createTestOperator(t, { adminType: 2, agentId: agentA, permissions: [] });
    adminB = await createTestOperator(t, { adminType: 1, agentId: agentB, permissions: [] });
  });
  afterAll(async () => {
    await t.close();
  });

  it('writes one recipient row per provider operator and sanitises the content', async () => {
    const res = await send({
      messageTitle: '停机维护',
      content: '<p onclick="x()">今晚<script>alert(1)</script><a href="javascript:alert(1)">维护</a></p>',
    });
    expect(res.errCode).toBe(0);
    expect(res.data.recipientCount).toBe(3);
    const got = await call<SentMessageDetail>(platform, 'GET', `/saasMessage/get?id=${res.data.id}`);
    expect(got.data.content).toBe('<p>今晚<a>维护</a></p>');
    for (const op of [adminA, staffA, adminB]) {
      const row = first(await inbox(op));
      expect(row).toMatchObject({ messageTitle: '停机维护', status: 0 });
      expect(Object.keys(row).sort()).toEqual(['id', 'messageTitle', 'receiveTime', 'status']);
    }
    const log = await t.database.db
      .selectFrom('operationLog')
      .where('path', '=', '/api/saasMessage/create')
      .select(['result', 'targetId'])
      .executeTakeFirstOrThrow();
    expect(log).toEqual({ result: 1, targetId: res.data.id });
  });

  it('addresses chosen providers and admin types only', async () => {
    const res = await send({
      messageTitle: '仅A管理员',
      content: '<p>x</p>',
      agentIds: [String(agentA)],
      adminTypes: [1],
    });
    expect(res.data.recipientCount).toBe(1);
    expect(first(await inbox(adminA)).messageTitle).toBe('仅A管理员');
    expect(first(await inbox(staffA)).messageTitle).not.toBe('仅A管理员');
    expect(first(await inbox(adminB)).messageTitle).not.toBe('仅A管理员');
    const bad = await send({ messageTitle: 't', content: '<p>x</p>', agentIds: ['999999'] });
    expect(bad.errCode).toBe(400100);
  });

  it('refuses empty content after sanitising and needs the create permission', async () => {
    expect((await send({ messageTitle: 't', content: '<script>x</script><p> </p>' })).errCode).toBe(400100);
    const noPerm = await createTestOperator(t, { adminType: 0, permissions: ['saasMessage.page'] });
    expect((await call(noPerm, 'POST', '/saasMessage/create', { messageTitle: 't', content: 'x' })).errCode).toBe(
      403001,
    );
    expect((await call(adminA, 'POST', '/saasMessage/page', { offset: 1, size: 5 })).errCode).toBe(403001);
  });

  it('lets a recipient read, read all and delete only their own rows', async () => {
    await send({ messageTitle: '第一条', content: 'a', agentIds: [String(agentB)] });
    await send({ messageTitle: '第二条', content: 'b', agentIds: [String(agentB)] });
    const unread = await inbox(adminB, 0);
    expect(unread.data.total).toBe(3);
    const [one, two] = unread.data.list;
    if (!one || !two) throw new Error('expected two unread');
    // Another operator's id answers exactly as a missing one, and changes nothing.
    for (const path of ['read', 'delete', 'get']) {
      const foreign = await call(adminA, 'POST', `/saasMessageAgentUser/${path}?id=${one.id}`);
      expect([foreign.status, foreign.errCode]).toEqual([404, 404001]);
      const missing = await call(adminA, 'POST', `/saasMessageAgentUser/${path}?id=99999999`);
      expect(missing.errMsg).toBe(foreign.errMsg);
    }
    expect((await call(adminB, 'POST', `/saasMessageAgentUser/read?id=${one.id}`)).errCode).toBe(0);
    const detail = await call<ReceivedMessageDetail>(adminB, 'GET', `/saasMessageAgentUser/get?id=${one.id}`);
    expect(detail.data).toMatchObject({ status: 1, messageTitle: '第二条', content: 'b' });
    expect(detail.data.readAt).not.toBeNull();
    expect((await inbox(adminB, 0)).data.total).toBe(2);
    expect((await inbox(adminB, 1)).data.total).toBe(1);
    expect((await call<{ count: number }>(adminB, 'POST', '/saasMessageAgentUser/allRead')).data).toEqual({ count: 2 });
    expect((await inbox(adminB, 0)).data.total).toBe(0);
    expect((await inbox(adminA, 0)).data.total).toBeGreaterThan(0);
    expect((await call(adminB, 'POST', `/saasMessageAgentUser/delete?id=${two.id}`)).errCode).toBe(0);
    expect((await inbox(adminB)).data.total).toBe(2);
    expect((await call(adminB, 'POST', `/saasMessageAgentUser/get?id=${two.id}`)).errCode).toBe(404001);
  });

  it('lists sent messages with read counts and withdraws them', async () => {
    const res = await send({ messageTitle: '统计已读', content: 'c', agentIds: [String(agentA)] });
    const row = first(await inbox(staffA));
    await call(staffA, 'POST', `/saasMessageAgentUser/read?id=${row.id}`);
    const page = await call<Page<SentMessageRow>>(platform, 'POST', '/saasMessage/page', {
      offset: 1,
      size: 10,
      messageTitle: '统计',
    });
    expect(page.data.total).toBe(1);
    expect(page.data.list[0]).toMatchObject({
      id: res.data.id,
      recipientCount: 2,
      readCount: 1,
      agentIds: [String(agentA)],
    });
    expect((await call(platform, 'GET', `/saasMessage/delete?id=${res.data.id}`)).errCode).toBe(0);
    expect((await call(platform, 'GET', `/saasMessage/get?id=${res.data.id}`)).errCode).toBe(404001);
    expect((await inbox(staffA)).data.list.map((r) => r.messageTitle)).not.toContain('统计已读');
  });

  it('serves every operator their own inbox: platform admins, provider admins and staff', async () => {
    const other = await createTestOperator(t, { adminType: 0, permissions: [] });
    const told = await tellAccounts(t.database.db, {
      adminIds: [platform.adminId],
      title: '平台账号通知',
      text: 'p',
      link: '/profile/index',
    });
    await tellAccounts(t.database.db, { adminIds: [staffA.adminId], title: '员工通知', text: 's' });
    const mine = await inbox(platform);
    expect(mine.errCode).toBe(0);
    expect(mine.data.list.map((r) => r.messageTitle)).toEqual(['平台账号通知']);
    const row = first(mine);
    const detail = await call<ReceivedMessageDetail>(platform, 'GET', `/saasMessageAgentUser/get?id=${row.id}`);
    expect(detail.data).toMatchObject({ messageId: String(told.messageId), link: '/profile/index', status: 0 });
    expect((await inbox(other)).data.total).toBe(0);

    // Another platform account, a provider admin of the same provider as the owner, and another
    // provider's admin: each is told the row does not exist, and nothing changes.
    const staffRow = first(await inbox(staffA, 0));
    expect(staffRow.messageTitle).toBe('员工通知');
    for (const [stranger, id] of [
      [other, row.id],
      [adminA, row.id],
      [adminA, staffRow.id],
      [adminB, staffRow.id],
      [platform, staffRow.id],
    ] as const) {
      for (const path of ['get', 'read', 'delete']) {
        const foreign = await call(stranger, 'POST', `/saasMessageAgentUser/${path}?id=${id}`);
        expect([foreign.status, foreign.errCode]).toEqual([404, 404001]);
      }
    }
    expect((await call<{ count: number }>(other, 'POST', '/saasMessageAgentUser/allRead')).data).toEqual({ count: 0 });
    expect(first(await inbox(platform)).status).toBe(0);
    expect(first(await inbox(staffA, 0)).id).toBe(staffRow.id);

    expect((await call(platform, 'POST', `/saasMessageAgentUser/read?id=${row.id}`)).errCode).toBe(0);
    expect((await inbox(platform, 0)).data.total).toBe(0);
    expect((await call(platform, 'POST', `/saasMessageAgentUser/delete?id=${row.id}`)).errCode).toBe(0);
    expect((await inbox(platform)).data.total).toBe(0);
  });

  it('keeps account notices out of the sent list: not listed, not readable, not withdrawable', async () => {
    const told = await tellAccounts(t.database.db, { adminIds: [adminA.adminId], title: '账号通知', text: 'n' });
    const page = await call<Page<SentMessageRow>>(platform, 'POST', '/saasMessage/page', { offset: 1, size: 50 });
    expect(page.data.list.map((r) => r.messageTitle)).not.toContain('账号通知');
    expect(page.data.list.length).toBeGreaterThan(0);
    expect((await call(platform, 'GET', `/saasMessage/get?id=${told.messageId}`)).errCode).toBe(404001);
    expect((await call(platform, 'GET', `/saasMessage/delete?id=${told.messageId}`)).errCode).toBe(404001);
    expect((await inbox(adminA)).data.list.map((r) => r.messageTitle)).toContain('账号通知');
  });

  it('tells each recipient socket at once, and nobody else', async () => {
    const a = await openReadySocket(t.app, adminA.adminId, adminA.token);
    const b = await openReadySocket(t.app, adminB.adminId, adminB.token);
    const p = await openReadySocket(t.app, platform.adminId, platform.token);
    await send({ messageTitle: '实时提醒', content: 'd', agentIds: [String(agentA)] });
    const frame = await a.next((e) => e.type === 'message');
    expect(frame.type === 'message' && frame.text).toContain(SYSTEM_MESSAGE_REMINDER);
    await new Promise((r) => setTimeout(r, 200));
    expect(b.frames.some((e) => e.type === 'message')).toBe(false);
    expect(p.frames.some((e) => e.type === 'message')).toBe(false);
    for (const s of [a, b, p]) s.close();
  });
});
