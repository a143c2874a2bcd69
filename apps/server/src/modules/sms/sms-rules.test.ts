import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SmsSimulator } from '../../adapters/sms/index.js';
import { createTestOperator, type TestOperator } from '../../../test/operators.js';
import { callApi } from '../../../test/ops-helpers.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { sampleStore } from '../../db/sample-rows.js';

// Issue 19's SMS rules: failover to the next channel, only approved templates are sent, and a
// recycling request credits the provider's quota exactly once.
describe('SMS rules', () => {
  let t: TestApp;
  let platform: TestOperator;
  let agent: TestOperator;
  const sim = () => t.app.sms as SmsSimulator;

  beforeAll(async () => {
    t = await createTestApp();
    sim().configure({ answerMs: [0, 0], throttleRate: 0 });
    platform = await createTestOperator(t, {
      adminType: 0,
      permissions: ['smsChannel.create', 'marketingTemplate.send', 'smsRecycling.create', 'smsRecycling.handle'],
    });
    agent = await createTestOperator(t, { adminType: 1, permissions: [] });
  });
  afterAll(() => t.close());

  async function template(reviewStatus: number): Promise<string> {
    const now = new Date().toISOString();
    const row = await t.database.db
      .insertInto('marketingTemplate')
      .values({
        agentId: agent.agentId!,
        storeId: await sampleStore(t.database.db, agent.agentId!),
        name: '会员关怀',
        content: '{会员}您好，本周到店立减{金额}元，回 T 退订',
        scene: 1,
        reviewStatus,
        rejectReason: '',
        reviewerName: '',
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return String(row.id);
  }

  async function settled(id: string) {
    for (let i = 0; i < 100; i += 1) {
      const row = await t.database.db
        .selectFrom('smsLog')
        .where('id', '=', Number(id))
        .selectAll()
        .executeTakeFirstOrThrow();
      if (row.status !== 0) return row;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error('SMS never settled');
  }

  it('fails over to the next channel by priority, and names the failed one in the log', async () => {
    const channel = (name: string, accessKeyId: string, priority: number) =>
      callApi<{ id: string; secretMasked: string }>(t, platform, 'POST', '/smsChannel/create', {
        name,
        vendor: 1,
        signName: '门店云',
        accessKeyId,
        accessKeySecret: 'RulesSecretRules0001',
        unitPrice: 4,
        priority,
        status: 1,
        remark: '',
      });
    const main = await channel('主通道', 'LTAI5tOverdueKey', 99);
    const backup = await channel('备用通道', 'AKIDBackupKey', 98);
    expect(main.data.secretMasked).toBe('************0001');
    expect(JSON.stringify(main.data)).not.toContain('RulesSecret');
    sim().configure({ disabledKeys: ['LTAI5tOverdueKey'] });
    const sent = await callApi<{ smsLogId: string; content: string }>(t, platform, 'POST', '/marketingTemplate/send', {
      id: await template(1),
      phone: '13700000001',
      values: { 会员: '王女士', 金额: '20' },
    });
    expect(sent.data.content).toBe('王女士您好，本周到店立减20元，回 T 退订');
    const log = await settled(sent.data.smsLogId);
    expect(log.status).toBe(1);
    expect(log.channelId).toBe(Number(backup.data.id));
    expect(log.gatewayMessage).toContain('主通道：AccessKey 已被禁用');
    // Every channel refusing leaves the message failed with each reason.
    sim().configure({ disabledKeys: ['LTAI5tOverdueKey', 'AKIDBackupKey'] });
    const failed = await callApi<{ smsLogId: string }>(t, platform, 'POST', '/marketingTemplate/send', {
      id: await template(1),
      phone: '13700000002',
      values: { 会员: '李先生', 金额: '10' },
    });
    const failedLog = await settled(failed.data.smsLogId);
    expect(failedLog.status).toBe(2);
    expect(failedLog.gatewayMessage).toContain('备用通道：AccessKey 已被禁用');
    sim().configure({ disabledKeys: [] });
  });

  it('only an approved template is sent, with every variable filled', async () => {
    for (const status of [0, 2]) {
      const refused = await callApi(t, platform, 'POST', '/marketingTemplate/send', {
        id: await template(status),
        phone: '13700000003',
        values: { 会员: '张三', 金额: '5' },
      });
      expect(refused.errCode).toBe(409003);
    }
    const unfilled = await callApi(t, platform, 'POST', '/marketingTemplate/send', {
      id: await template(1),
      phone: '13700000003',
      values: { 会员: '张三' },
    });
    expect(unfilled.errMsg).toContain('金额');
  });

  it('handling a recycling request credits the quantity to the provider once', async () => {
    const balance = async () =>
      (
        await t.database.db
          .selectFrom('agent')
          .where('id', '=', agent.agentId!)
          .select('smsBalance')
          .executeTakeFirstOrThrow()
      ).smsBalance;
    const before = await balance();
    const created = await callApi<{ id: string; version: number }>(t, platform, 'POST', '/smsRecycling/create', {
      agentId: String(agent.agentId),
      storeId: String(await sampleStore(t.database.db, agent.agentId!)),
      quantity: 1500,
      refundAmount: 6000,
      reason: '门店停业，回收剩余短信',
    });
    const body = { id: created.data.id, version: created.data.version, approve: true };
    const results = await Promise.all([
      callApi(t, platform, 'POST', '/smsRecycling/handle', body),
      callApi(t, platform, 'POST', '/smsRecycling/handle', body),
    ]);
    expect(results.filter((r) => r.errCode === 0)).toHaveLength(1);
    expect(await balance()).toBe(before + 1500);
    const again = await callApi(t, platform, 'POST', '/smsRecycling/handle', { ...body, version: body.version + 1 });
    expect(again.errCode).toBe(409003);
    expect(await balance()).toBe(before + 1500);
  });
});
