import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashText } from '../../adapters/devices/rng.js';
import type { WechatSimulator } from '../../adapters/wechat/index.js';
import { createTestOperator, type TestOperator } from '../../../test/operators.js';
import { callApi } from '../../../test/ops-helpers.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

type Menu = {
  version: number;
  publishStatus: number;
  publishError: string;
  buttons: unknown[];
  liveButtons: unknown[] | null;
};
type Account = { id: string; status: number; version: number; secretMasked: string; followerCount: number };

const SECRET = '0123456789abcdef0123456789abcdef';
let serial = 0;
/** A fresh AppID whose hash is even (the simulator refuses mini-program menus there) or odd. */
function appIdWith(parity: 0 | 1): string {
  for (;;) {
    serial += 1;
    const id = `wx${(0xabc000 + serial).toString(16).padStart(16, '0')}`;
    if (hashText(id) % 2 === parity) return id;
  }
}

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
        'officialAccount.page',
        'officialAccount.get',
        'officialAccount.create',
        'officialAccount.update',
        'officialAccount.sync',
        'customMenu.get',
        'customMenu.update',
        'customMenu.publish',
      ],
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const createAccount = async (appId: string, authorised = true) => {
    const created = await callApi<Account>(t, platform, 'POST', '/officialAccount/create', {
      name: `云泊汤泉${serial}`,
      appId,
      originalId: `gh_${appId.slice(-12)}`,
      accountType: 2,
      appSecret: SECRET,
      remark: '',
    });
    expect(created.errCode).toBe(0);
    if (authorised) {
      await t.database.db
        .updateTable('officialAccount')
        .set({ status: 1 })
        .where('id', '=', Number(created.data.id))
        .execute();
    }
    return created.data;
  };
  const getMenu = async (id: string) =>
    (await callApi<Menu>(t, platform, 'GET', `/customMenu/get?officialAccountId=${id}`)).data;
  /** Lets WeChat answer every publication, then reads the menu once it has left 发布中. */
  const settled = async (id: string) => {
    for (let i = 0; i < 50; i += 1) {
      await sim.settleAll();
      const menu = await getMenu(id);
      if (menu.publishStatus !== 1) return menu;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error('publication never answered');
  };
  const save = (id: string, version: number, buttons: unknown[]) =>
    callApi<Menu>(t, platform, 'POST', '/customMenu/save', { officialAccountId: id, version, buttons });

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

  it('never answers the AppSecret: masked in every answer, kept when an update leaves it blank', async () => {
    const account = await createAccount(appIdWith(1));
    expect(account.secretMasked).toBe(`${'*'.repeat(28)}cdef`);
    const answers = [
      await callApi(t, platform, 'GET', `/officialAccount/get?id=${account.id}`),
      await callApi(t, platform, 'POST', '/officialAccount/page', { keyword: account.id ? '' : 'x' }),
      await callApi(t, platform, 'POST', `/officialAccount/sync?id=${account.id}`),
    ];
    for (const a of answers) {
      expect(a.errCode).toBe(0);
      expect(JSON.stringify(a)).not.toContain(SECRET);
      expect(JSON.stringify(a)).not.toContain('appSecret');
    }
    const current = (await callApi<Account>(t, platform, 'GET', `/officialAccount/get?id=${account.id}`)).data;
    const kept = await callApi<Account>(t, platform, 'POST', '/officialAccount/update', {
      id: account.id,
      version: current.version,
      name: '改名后的公众号',
      appSecret: '',
    });
    expect(kept.data.secretMasked).toBe(account.secretMasked);
    const changed = await callApi<Account>(t, platform, 'POST', '/officialAccount/update', {
      id: account.id,
      version: kept.data.version,
      appSecret: 'ffffffffffffffffffffffffffff9f3a',
    });
    expect(changed.data.secretMasked).toBe(`${'*'.repeat(28)}9f3a`);
    const logs = await t.database.db
      .selectFrom('operationLog')
      .where('targetId', '=', account.id)
      .select(['params', 'changes'])
      .execute();
    expect(logs.length).toBeGreaterThan(0);
    for (const log of logs) expect(`${log.params}${log.changes}`).not.toMatch(/0123456789abcdef0123|9f3a/);

    const missing = await callApi(t, platform, 'POST', '/officialAccount/create', {
      name: '没有密钥',
      appId: appIdWith(1),
      originalId: 'gh_000000000abc',
      accountType: 1,
      remark: '',
    });
    expect(missing.errCode).toBe(400100);
  });

  it('refuses menus outside WeChat’s limits, counting names in UTF-8 bytes', async () => {
    const { id } = await createAccount(appIdWith(1));
    const refused = async (buttons: unknown[], field: string) => {
      const answer = await save(id, 0, buttons);
      expect(answer.errCode, JSON.stringify(buttons)).toBe(400100);
      expect(Object.keys(answer.fieldErrors ?? {})).toContain(field);
    };
    const view = (name: string) => ({ name, type: 'view', url: 'https://m.example.com' });
    // 5 Chinese characters are 15 bytes (allowed), 6 are 18 (over the 16-byte limit).
    await refused([view('会员中心首页')], 'buttons.0.name');
    await refused([view('abcdefghijklmnopq')], 'buttons.0.name');
    await refused([...menu, ...menu], 'buttons');
    const subs = (n: number, name = '子菜单') => Array.from({ length: n }, () => ({ ...view(name) }));
    await refused([{ name: '服务', subButtons: subs(6) }], 'buttons.0.subButtons');
    // A sub-button allows 60 bytes: 20 Chinese characters pass, one more letter does not.
    await refused([{ name: '服务', subButtons: subs(1, `a${'汉'.repeat(20)}`) }], 'buttons.0.subButtons.0.name');
    await refused([{ name: '服务', type: 'view', url: 'ftp://m.example.com' }], 'buttons.0.url');
    await refused([{ name: '服务', type: 'click', key: 'K'.repeat(129) }], 'buttons.0.key');
    await refused([{ name: '服务' }], 'buttons.0.type');
    await refused(
      [{ name: '小程序', type: 'miniprogram', appid: 'wx1', pagepath: 'p', url: 'https://a.cn' }],
      'buttons.0.appid',
    );

    const atLimits = await save(id, 0, [
      view('会员中心首'),
      { name: 'abcdefghijklmnop', subButtons: subs(5, '汉'.repeat(20)) },
      { name: '服务', type: 'click', key: 'K'.repeat(128) },
    ]);
    expect(atLimits.errCode).toBe(0);
    expect(atLimits.data.version).toBe(1);
  });

  it('saves with a version, publishes the version the operator saw, and WeChat’s answer arrives later', async () => {
    const { id } = await createAccount(appIdWith(1), false);
    const empty = await getMenu(id);
    expect(empty).toMatchObject({ version: 0, buttons: [] });
    const saved = await save(id, 0, menu);
    expect(saved.data).toMatchObject({ version: 1, publishStatus: 0 });
    expect((await save(id, 0, menu)).errCode).toBe(409001);

    const unauthorised = await callApi(t, platform, 'POST', '/customMenu/publish', {
      officialAccountId: id,
      version: 1,
    });
    expect(unauthorised.errCode).toBe(409003);
    await t.database.db.updateTable('officialAccount').set({ status: 1 }).where('id', '=', Number(id)).execute();
    const stale = await callApi(t, platform, 'POST', '/customMenu/publish', { officialAccountId: id, version: 7 });
    expect(stale.errCode).toBe(409001);

    const publishing = await callApi<Menu>(t, platform, 'POST', '/customMenu/publish', {
      officialAccountId: id,
      version: 1,
    });
    expect(publishing.data.publishStatus).toBe(1);
    const again = await callApi(t, platform, 'POST', '/customMenu/publish', { officialAccountId: id, version: 2 });
    expect(again.errCode).toBe(409003);
    const published = await settled(id);
    expect(published.publishStatus).toBe(2);
    expect(published.liveButtons).toEqual(published.buttons);
  });

  it('a publication WeChat refuses shows its reason and keeps the draft', async () => {
    const { id } = await createAccount(appIdWith(0));
    const withApplet = [
      ...menu,
      {
        name: '预约',
        type: 'miniprogram',
        appid: 'wx0000000000000001',
        pagepath: 'pages/index',
        url: 'https://m.example.com',
      },
    ];
    const saved = await save(id, 0, withApplet);
    await callApi(t, platform, 'POST', '/customMenu/publish', { officialAccountId: id, version: saved.data.version });
    const failed = await settled(id);
    expect(failed.publishStatus).toBe(3);
    expect(failed.publishError).toBe('菜单中的小程序未与该公众号关联');
    expect(failed.buttons).toEqual(saved.data.buttons);
    // The draft is still editable from where it was.
    const fixed = await save(id, failed.version, menu);
    expect(fixed.errCode).toBe(0);
    expect(fixed.data.publishStatus).toBe(0);
  });

  it('sync records followers and the live menu (logged), and answers a missing account as missing', async () => {
    const account = await createAccount(appIdWith(1));
    const synced = await callApi<Account & { liveButtons: unknown }>(
      t,
      platform,
      'POST',
      `/officialAccount/sync?id=${account.id}`,
    );
    expect(synced.errCode).toBe(0);
    expect(synced.data.followerCount).toBeGreaterThan(0);
    expect(synced.data.version).toBe(account.version + 1);
    const log = await t.database.db
      .selectFrom('operationLog')
      .where('path', '=', '/api/officialAccount/sync')
      .where('targetId', '=', account.id)
      .select(['result', 'changes'])
      .executeTakeFirstOrThrow();
    expect(log.result).toBe(1);
    expect(JSON.parse(log.changes)).toEqual(
      expect.arrayContaining([expect.objectContaining({ field: 'followerCount' })]),
    );
    const menuAfter = await getMenu(account.id);
    expect(menuAfter.liveButtons).toEqual(synced.data.liveButtons);

    for (const bad of ['999999', 'abc', '-1']) {
      expect((await callApi(t, platform, 'POST', `/officialAccount/sync?id=${bad}`)).errCode).toBe(404001);
    }
    expect((await callApi(t, platform, 'GET', '/customMenu/get?officialAccountId=999999')).errCode).toBe(404001);
    expect((await save('999999', 0, menu)).errCode).toBe(404001);

    sim.configure({ unavailableRate: 1 });
    const down = await callApi(t, platform, 'POST', `/officialAccount/sync?id=${account.id}`);
    sim.configure({ unavailableRate: 0 });
    expect(down.errCode).toBe(503000);
    expect(down.errMsg).toBe('微信接口暂时无法访问，请稍后重试');
  });

  it('checks each permission on the server, and keeps providers out', async () => {
    const reader = await createTestOperator(t, { adminType: 0, permissions: ['customMenu.get'] });
    const { id } = await createAccount(appIdWith(1));
    expect((await callApi(t, reader, 'GET', `/customMenu/get?officialAccountId=${id}`)).errCode).toBe(0);
    const options = await callApi<{ id: string }[]>(t, reader, 'GET', '/customMenu/accounts');
    expect(options.data.map((o) => o.id)).toContain(id);
    expect(JSON.stringify(options.data)).not.toContain(SECRET);
    expect(
      (await callApi(t, reader, 'POST', '/customMenu/save', { officialAccountId: id, version: 0, buttons: menu }))
        .errCode,
    ).toBe(403001);
    expect((await callApi(t, reader, 'POST', `/officialAccount/sync?id=${id}`)).errCode).toBe(403001);
    const agent = await createTestOperator(t, {
      adminType: 1,
      permissions: ['customMenu.get', 'officialAccount.page'],
    });
    expect((await callApi(t, agent, 'GET', `/customMenu/get?officialAccountId=${id}`)).errCode).toBe(403001);
    expect((await callApi(t, agent, 'POST', '/officialAccount/page', {})).errCode).toBe(403001);
  });
});
