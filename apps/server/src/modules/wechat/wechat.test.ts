import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WechatSimulator } from '../../adapters/wechat/index.js';
import { createTestOperator, type TestOperator } from '../../../test/operators.js';
import { callApi } from '../../../test/ops-helpers.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

type Menu = { version: number; publishStatus: number; publishError: string; buttons: unknown[] };

describe('WeChat: official accounts and their custom menu', () => {
  let t: TestApp;
  let platform: TestOperator;
  let sim: WechatSimulator;

  beforeAll(async () => {
    t = await createTestApp();
    sim = t.app.wechat as WechatSimulator;
    sim.configure({ answerMs: [0, 0], unavailableRate: 0 });
    platform = await createTestOperator(t, {
      adminType: 0,
      permissions: [
        'officialAccount.create',
        'officialAccount.update',
        'customMenu.get',
        'customMenu.update',
        'customMenu.publish',
      ],
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const menu = [
    { name: '会员中心', type: 'view', url: 'https://m.example.com/member' },
    {
      name: '门店服务',
      subButtons: [
        { name: '预约到店', type: 'click', key: 'BOOK' },
        { name: '附近门店', type: 'view', url: 'https://m.example.com/stores' },
      ],
    },
  ];

  it('a menu follows WeChat’s limits, saves with a version and publishes asynchronously', async () => {
    const account = await callApi<{ id: string; status: number }>(t, platform, 'POST', '/officialAccount/create', {
      name: '云泊汤泉',
      appId: 'wx1a2b3c4d5e6f7a8b',
      originalId: 'gh_1a2b3c4d5e6f',
      accountType: 2,
      remark: '',
    });
    expect(account.data.status).toBe(0);
    const accountId = account.data.id;

    const tooMany = await callApi(t, platform, 'POST', '/customMenu/save', {
      officialAccountId: accountId,
      version: 0,
      buttons: [...menu, ...menu],
    });
    expect(tooMany.errCode).toBe(400100);
    const longName = await callApi(t, platform, 'POST', '/customMenu/save', {
      officialAccountId: accountId,
      version: 0,
      buttons: [{ name: '会员中心首页', type: 'view', url: 'https://m.example.com' }],
    });
    expect(longName.errCode).toBe(400100);

    const empty = await callApi<Menu>(t, platform, 'GET', `/customMenu/get?officialAccountId=${accountId}`);
    expect(empty.data).toMatchObject({ version: 0, buttons: [] });
    const saved = await callApi<Menu>(t, platform, 'POST', '/customMenu/save', {
      officialAccountId: accountId,
      version: 0,
      buttons: menu,
    });
    expect(saved.data).toMatchObject({ version: 1, publishStatus: 0 });
    const stale = await callApi(t, platform, 'POST', '/customMenu/save', {
      officialAccountId: accountId,
      version: 0,
      buttons: menu,
    });
    expect(stale.errCode).toBe(409001);

    const unauthorised = await callApi(t, platform, 'POST', '/customMenu/publish', { officialAccountId: accountId });
    expect(unauthorised.errCode).toBe(409003);
    await t.database.db.updateTable('officialAccount').set({ status: 1 }).where('id', '=', Number(accountId)).execute();

    const publishing = await callApi<Menu>(t, platform, 'POST', '/customMenu/publish', {
      officialAccountId: accountId,
    });
    expect(publishing.data.publishStatus).toBe(1);
    // The publication goes out after commit; wait until WeChat holds it, then let it answer.
    for (let i = 0; i < 50; i += 1) {
      await sim.settleAll();
      const now = await callApi<Menu>(t, platform, 'GET', `/customMenu/get?officialAccountId=${accountId}`);
      if (now.data.publishStatus !== 1) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const published = await callApi<Menu & { publishedAt: string | null }>(
      t,
      platform,
      'GET',
      `/customMenu/get?officialAccountId=${accountId}`,
    );
    expect(published.data.publishStatus).toBe(2);
    expect(published.data.publishedAt).not.toBeNull();
  });

  it('sync reads the account’s facts from WeChat', async () => {
    const account = await callApi<{ id: string }>(t, platform, 'POST', '/officialAccount/create', {
      name: '云泊足道',
      appId: 'wx0000000000000001',
      originalId: 'gh_000000000001',
      accountType: 1,
      remark: '',
    });
    const synced = await callApi<{ followerCount: number }>(
      t,
      platform,
      'POST',
      `/officialAccount/sync?id=${account.data.id}`,
    );
    expect(synced.errCode).toBe(0);
    expect(synced.data.followerCount).toBeGreaterThan(0);
    expect((await callApi(t, platform, 'POST', '/officialAccount/sync?id=999999')).errCode).toBe(404001);
  });
});
