import {
  type Page,
  type ReceivedMessageDetail,
  type ReceivedMessageRow,
  SYSTEM_MESSAGE_REMINDER,
} from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAgent, createTestOperator, type TestOperator } from '../../../test/operators.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { openReadySocket } from '../../realtime/ws-test-client.js';
import { tellAccounts } from './tell-accounts.js';

interface Answer<T> {
  errCode: number;
  data: T;
}

describe('tellAccounts: a system notice to chosen accounts, platform and provider alike', () => {
  let t: TestApp;
  let platform: TestOperator;
  let providerAdmin: TestOperator;
  let staff: TestOperator;
  let bystander: TestOperator;

  const call = async <T>(op: TestOperator, method: 'GET' | 'POST', url: string, payload?: object) => {
    const res = await t.app.inject({ method, url: `/api${url}`, headers: op.headers, ...(payload ? { payload } : {}) });
    return res.json<Answer<T>>();
  };
  const inbox = (op: TestOperator) =>
    call<Page<ReceivedMessageRow>>(op, 'POST', '/saasMessageAgentUser/page', { offset: 1, size: 10 });

  beforeAll(async () => {
    t = await createTestApp();
    const agent = await createTestAgent(t.database.db);
    platform = await createTestOperator(t, { adminType: 0, permissions: [] });
    providerAdmin = await createTestOperator(t, { adminType: 1, agentId: agent, permissions: [] });
    staff = await createTestOperator(t, { adminType: 2, agentId: agent, permissions: [] });
    bystander = await createTestOperator(t, { adminType: 1, agentId: agent, permissions: [] });
  });
  afterAll(async () => {
    await t.close();
  });

  it('writes one notice and a row per account; each finds it in their own inbox with its link', async () => {
    const told = await tellAccounts(t.database.db, {
      adminIds: [platform.adminId, providerAdmin.adminId, staff.adminId, platform.adminId],
      title: '文件已生成',
      text: '门店列表 <导出> 已完成 & 可下载',
      link: '/profile/exports?id=7',
    });
    const message = await t.database.db
      .selectFrom('saasMessage')
      .where('id', '=', told.messageId)
      .select(['kind', 'link', 'recipientCount', 'senderName', 'content'])
      .executeTakeFirstOrThrow();
    expect(message).toEqual({
      kind: 'notice',
      link: '/profile/exports?id=7',
      recipientCount: 3,
      senderName: '系统',
      content: '<p>门店列表 &lt;导出&gt; 已完成 &amp; 可下载</p>',
    });
    const rows = await t.database.db
      .selectFrom('saasMessageRecipient')
      .where('messageId', '=', told.messageId)
      .select(['adminId', 'agentId'])
      .orderBy('adminId')
      .execute();
    expect(rows.map((r) => [r.adminId, r.agentId === null])).toEqual([
      [platform.adminId, true],
      [providerAdmin.adminId, false],
      [staff.adminId, false],
    ]);

    for (const op of [platform, providerAdmin, staff]) {
      const page = await inbox(op);
      expect(page.errCode).toBe(0);
      const row = page.data.list.find((r) => r.messageTitle === '文件已生成');
      if (!row) throw new Error('notice missing');
      const detail = await call<ReceivedMessageDetail>(op, 'GET', `/saasMessageAgentUser/get?id=${row.id}`);
      expect(detail.data).toMatchObject({ link: '/profile/exports?id=7', senderName: '系统', status: 0 });
    }
    expect((await inbox(bystander)).data.total).toBe(0);
  });

  it('a notice without a link answers link null', async () => {
    await tellAccounts(t.database.db, { adminIds: [bystander.adminId], title: '无链接', text: '说明' });
    const row = (await inbox(bystander)).data.list[0];
    if (!row) throw new Error('notice missing');
    const detail = await call<ReceivedMessageDetail>(bystander, 'GET', `/saasMessageAgentUser/get?id=${row.id}`);
    expect(detail.data.link).toBeNull();
  });

  it('refuses a link that leaves the console', async () => {
    for (const link of ['https://evil.example/x', '//evil.example/x', 'javascript:alert(1)', '/\\evil', 'profile']) {
      await expect(
        tellAccounts(t.database.db, { adminIds: [staff.adminId], title: 'x', text: 'x', link }),
      ).rejects.toThrow();
    }
  });

  it('publish rings the bell of the told accounts only', async () => {
    const p = await openReadySocket(t.app, platform.adminId, platform.token);
    const other = await openReadySocket(t.app, bystander.adminId, bystander.token);
    const told = await tellAccounts(t.database.db, { adminIds: [platform.adminId], title: '实时通知', text: 'x' });
    await told.publish(t.app.realtime);
    const frame = await p.next((e) => e.type === 'message');
    expect(frame).toMatchObject({ type: 'message', messageId: String(told.messageId), messageTitle: '实时通知' });
    expect(frame.type === 'message' && frame.text).toContain(SYSTEM_MESSAGE_REMINDER);
    await new Promise((r) => setTimeout(r, 200));
    expect(other.frames.some((e) => e.type === 'message')).toBe(false);
    for (const s of [p, other]) s.close();
  });
});
