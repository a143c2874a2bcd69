import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SmsSimulator } from '../../adapters/sms/index.js';
import { createTestOperator, type TestOperator } from '../../../test/operators.js';
import { callApi } from '../../../test/ops-helpers.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { sampleStore } from '../../db/sample-rows.js';

describe('SMS: channels, marketing template review, quota recycling', () => {
  let t: TestApp;
  let platform: TestOperator;
  let agent: TestOperator;

  beforeAll(async () => {
    t = await createTestApp();
    (t.app.sms as SmsSimulator).configure({ answerMs: [0, 0], throttleRate: 0 });
    platform = await createTestOperator(t, {
      adminType: 0,
      permissions: [
        'smsChannel.create',
        'smsChannel.update',
        'smsChannel.test',
        'marketingTemplate.review',
        'marketingTemplate.page',
        'smsRecycling.create',
        'smsRecycling.handle',
        'smsRecycling.delete',
      ],
    });
    agent = await createTestOperator(t, {
      adminType: 1,
      permissions: ['smsChannel.update', 'smsChannel.test', 'marketingTemplate.review'],
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('a test send goes through the gateway, refuses disabled channels and repeats within a minute', async () => {
    const channel = (over: object) => ({
      name: '阿里云主通道',
      vendor: 1,
      signName: '门店云',
      accessKeyId: 'LTAI5tExampleKey',
      accessKeySecret: 'ExampleSecretExample01',
      unitPrice: 4,
      priority: 10,
      status: 1,
      remark: '',
      ...over,
    });
    const on = await callApi<{ id: string }>(t, platform, 'POST', '/smsChannel/create', channel({}));
    const off = await callApi<{ id: string }>(
      t,
      platform,
      'POST',
      '/smsChannel/create',
      channel({ name: '腾讯云备用', vendor: 2, status: 0 }),
    );
    const sent = await callApi<{ ok: boolean; messageId: string }>(t, platform, 'POST', '/smsChannel/test', {
      id: on.data.id,
      phone: '13800138000',
    });
    expect(sent.data.ok).toBe(true);
    expect(sent.data.messageId).not.toBe('');
    const again = await callApi<{ ok: boolean; message: string }>(t, platform, 'POST', '/smsChannel/test', {
      id: on.data.id,
      phone: '13800138000',
    });
    expect(again.data).toMatchObject({ ok: false, message: '该号码 1 分钟内只能接收 1 条短信' });
    expect(
      (await callApi(t, platform, 'POST', '/smsChannel/test', { id: off.data.id, phone: '13800138001' })).errCode,
    ).toBe(409003);
    const row = await t.database.db
      .selectFrom('smsChannel')
      .where('id', '=', Number(on.data.id))
      .select('sentCount')
      .executeTakeFirstOrThrow();
    expect(row.sentCount).toBe(1);
    // Both tries are in 短信记录, the refusal with the gateway's reason.
    const logged = await t.database.db
      .selectFrom('smsLog')
      .where('channelId', '=', Number(on.data.id))
      .select(['purpose', 'status', 'gatewayMessage'])
      .orderBy('id')
      .execute();
    expect(logged).toEqual([
      { purpose: 3, status: 1, gatewayMessage: '提交成功' },
      { purpose: 3, status: 2, gatewayMessage: '该号码 1 分钟内只能接收 1 条短信' },
    ]);
    const signed = await callApi(
      t,
      platform,
      'POST',
      '/smsChannel/create',
      channel({ name: '华为云', signName: '【门店云】' }),
    );
    expect(signed.fieldErrors).toHaveProperty('signName');
    expect(
      (await callApi(t, agent, 'POST', '/smsChannel/test', { id: on.data.id, phone: '13800138000' })).errCode,
    ).toBe(403001);
  });

  it('templates are reviewed once; a rejection needs a reason', async () => {
    const db = t.database.db;
    const storeId = await sampleStore(db, agent.agentId!);
    const now = new Date().toISOString();
    const tpl = await db
      .insertInto('marketingTemplate')
      .values({
        agentId: agent.agentId!,
        storeId,
        name: '周末畅泡',
        content: '周末到店泡澡立减 20 元，回 T 退订',
        scene: 2,
        reviewStatus: 0,
        rejectReason: '',
        reviewerName: '',
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = String(tpl.id);
    const noReason = await callApi(t, platform, 'POST', '/marketingTemplate/review', {
      id,
      version: 1,
      approve: false,
    });
    expect(noReason.fieldErrors).toHaveProperty('rejectReason');
    const rejected = await callApi<{ reviewStatus: number; rejectReason: string; storeName: string; version: number }>(
      t,
      platform,
      'POST',
      '/marketingTemplate/review',
      { id, version: 1, approve: false, rejectReason: '营销短信需注明退订方式' },
    );
    expect(rejected.data).toMatchObject({ reviewStatus: 2, rejectReason: '营销短信需注明退订方式' });
    expect(rejected.data.storeName).toMatch(/^样例门店/);
    const twice = await callApi(t, platform, 'POST', '/marketingTemplate/review', {
      id,
      version: rejected.data.version,
      approve: true,
    });
    expect(twice.errCode).toBe(409003);
    expect(
      (await callApi(t, agent, 'POST', '/marketingTemplate/review', { id, version: 2, approve: true })).errCode,
    ).toBe(403001);
    const pending = await callApi<{ total: number }>(t, platform, 'POST', '/marketingTemplate/page', {
      reviewStatus: 0,
    });
    expect(pending.data.total).toBe(0);
  });

  it('recycling: the store must belong to the named provider; handled once; a done one stays', async () => {
    const storeId = await sampleStore(t.database.db, agent.agentId!);
    const other = await createTestOperator(t, { adminType: 1, permissions: [] });
    const wrongProvider = await callApi(t, platform, 'POST', '/smsRecycling/create', {
      agentId: String(other.agentId),
      storeId: String(storeId),
      quantity: 1200,
      refundAmount: 4800,
      reason: '门店停业，回收剩余短信',
    });
    expect(wrongProvider.fieldErrors).toHaveProperty('storeId');
    const created = await callApi<{ id: string; status: number; version: number }>(
      t,
      platform,
      'POST',
      '/smsRecycling/create',
      {
        agentId: String(agent.agentId),
        storeId: String(storeId),
        quantity: 1200,
        refundAmount: 4800,
        reason: '门店停业，回收剩余短信',
      },
    );
    expect(created.data.status).toBe(0);
    const done = await callApi<{ status: number; version: number }>(t, platform, 'POST', '/smsRecycling/handle', {
      id: created.data.id,
      version: created.data.version,
      approve: true,
    });
    expect(done.data.status).toBe(1);
    expect(
      (
        await callApi(t, platform, 'POST', '/smsRecycling/handle', {
          id: created.data.id,
          version: done.data.version,
          approve: false,
        })
      ).errCode,
    ).toBe(409003);
    expect((await callApi(t, platform, 'GET', `/smsRecycling/delete?id=${created.data.id}`)).errCode).toBe(409003);
  });
});
