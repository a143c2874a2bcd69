import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appletRefusals } from '../../adapters/wechat/simulated-refusals.js';
import type { WechatSimulator } from '../../adapters/wechat/index.js';
import { createTestOperator, type TestOperator } from '../../../test/operators.js';
import { callApi } from '../../../test/ops-helpers.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { sampleEnterprise, sampleStore } from '../../db/sample-rows.js';
import { exportFile } from '../../../test/export-task.js';

type Applet = {
  id: string;
  version: number;
  authStatus: number;
  expireAt: string | null;
  authorizedAt: string | null;
  lastError: string;
  storeName: string | null;
  enterpriseName: string | null;
};
const DAY = 86_400_000;
const permissions = [
  'appletAuth.page',
  'appletAuth.get',
  'appletAuth.create',
  'appletAuth.update',
  'appletAuth.delete',
  'appletAuth.export',
  'appletAuth.authorize',
  'appletAuth.renew',
  'appletAuth.revoke',
];

let serial = 0;
/** A fresh AppID the simulated WeChat treats as told: accepted, or refused on authorise. */
function appId(kind: 'ok' | 'refusedAuthorize'): string {
  for (;;) {
    serial += 1;
    const id = `wx${(0x5a0000 + serial).toString(16).padStart(16, '0')}`;
    const refusedA = appletRefusals.authorize(id) !== null;
    const refusedR = appletRefusals.renew(id) !== null;
    if (kind === 'ok' && !refusedA && !refusedR) return id;
    if (kind === 'refusedAuthorize' && refusedA) return id;
  }
}

describe('商户小程序: authorise, renew and revoke through WeChat', () => {
  let t: TestApp;
  let sim: WechatSimulator;
  let a: TestOperator;
  let b: TestOperator;
  let platform: TestOperator;

  beforeAll(async () => {
    t = await createTestApp();
    sim = t.app.wechat as WechatSimulator;
    sim.configure({ answerMs: [0, 0], appletMs: [0, 0], unavailableRate: 0 });
    a = await createTestOperator(t, { adminType: 1, permissions });
    b = await createTestOperator(t, { adminType: 1, permissions });
    platform = await createTestOperator(t, { adminType: 0, permissions });
  });
  afterAll(async () => {
    await t.close();
  });

  const create = async (op: TestOperator, id: string, extra: Record<string, unknown> = {}) => {
    const enterpriseId = String(await sampleEnterprise(t.database.db, op.agentId!));
    const created = await callApi<Applet>(t, op, 'POST', '/appletAuth/create', {
      enterpriseId,
      appId: id,
      appletName: '汤泉会员中心',
      principalName: '杭州汤泉休闲有限公司',
      codeVersion: '',
      remark: '',
      ...extra,
    });
    expect(created.errCode, created.errMsg).toBe(0);
    return created.data;
  };
  const call = (op: TestOperator, action: string, row: { id: string; version: number }) =>
    callApi<Applet>(t, op, 'POST', `/appletAuth/${action}`, { id: row.id, version: row.version });

  it('authorises for a year, renews a year further, revokes; each change logged with its fields', async () => {
    const row = await create(a, appId('ok'));
    expect(row).toMatchObject({ authStatus: 0, expireAt: null });

    const authorised = await call(a, 'authorize', row);
    expect(authorised.errCode).toBe(0);
    expect(authorised.data).toMatchObject({ authStatus: 1, version: row.version + 1, lastError: '' });
    const expiry = Date.parse(authorised.data.expireAt!);
    expect(Math.abs(expiry - Date.now() - 365 * DAY)).toBeLessThan(60_000);
    expect((await call(a, 'authorize', authorised.data)).errCode).toBe(409003);

    const renewed = await call(a, 'renew', authorised.data);
    expect(renewed.errCode).toBe(0);
    expect(Date.parse(renewed.data.expireAt!) - expiry).toBe(365 * DAY);

    expect((await callApi(t, a, 'GET', `/appletAuth/delete?id=${row.id}`)).errCode).toBe(409003);
    const revoked = await call(a, 'revoke', renewed.data);
    expect(revoked.data).toMatchObject({ authStatus: 2, expireAt: null });
    expect((await call(a, 'renew', revoked.data)).errCode).toBe(409003);
    expect((await call(a, 'revoke', revoked.data)).errCode).toBe(409003);

    const logs = await t.database.db
      .selectFrom('operationLog')
      .where('targetId', '=', row.id)
      .where('result', '=', 1)
      .orderBy('id')
      .select(['action', 'changes'])
      .execute();
    expect(logs.map((l) => l.action)).toEqual([
      '新增商户小程序',
      '授权商户小程序',
      '续期商户小程序授权',
      '取消商户小程序授权',
    ]);
    const fields = (JSON.parse(logs[1]!.changes) as { field: string }[]).map((c) => c.field);
    expect(fields).toEqual(expect.arrayContaining(['authStatus', 'expireAt']));
  });

  it('a refusal keeps the status, answers WeChat’s reason and keeps it on the row; an outage answers 503000', async () => {
    const id = appId('refusedAuthorize');
    const row = await create(a, id);
    const refused = await call(a, 'authorize', row);
    expect(refused.errCode).toBe(409003);
    expect(refused.errMsg).toBe(`微信拒绝：${appletRefusals.authorize(id)}`);
    const after = (await callApi<Applet>(t, a, 'GET', `/appletAuth/get?id=${row.id}`)).data;
    expect(after).toMatchObject({ authStatus: 0, version: row.version, lastError: refused.errMsg });
    const failedLog = await t.database.db
      .selectFrom('operationLog')
      .where('targetId', '=', row.id)
      .where('path', '=', '/api/appletAuth/authorize')
      .select(['result', 'errMsg'])
      .executeTakeFirstOrThrow();
    expect(failedLog).toMatchObject({ result: 0, errMsg: refused.errMsg });

    const fine = await create(a, appId('ok'));
    sim.configure({ unavailableRate: 1 });
    const down = await call(a, 'authorize', fine);
    sim.configure({ unavailableRate: 0 });
    expect(down.errCode).toBe(503000);
    const ok = await call(a, 'authorize', fine);
    expect(ok.data.lastError).toBe('');
  });

  it('refuses a stale version, and a store of another enterprise', async () => {
    const row = await create(a, appId('ok'));
    const edited = await callApi<Applet>(t, a, 'POST', '/appletAuth/update', {
      id: row.id,
      version: row.version,
      remark: '改备注',
    });
    expect(edited.errCode).toBe(0);
    expect((await call(a, 'authorize', row)).errCode).toBe(409001);

    const otherStore = await sampleStore(t.database.db, a.agentId!);
    const wrongStore = await callApi(t, a, 'POST', '/appletAuth/update', {
      id: row.id,
      version: edited.data.version,
      storeId: String(otherStore),
    });
    expect(wrongStore.errCode).toBe(400100);
    expect(wrongStore.fieldErrors).toHaveProperty('storeId');
    const store = await t.database.db
      .selectFrom('store')
      .where('id', '=', otherStore)
      .select(['enterpriseId', 'name'])
      .executeTakeFirstOrThrow();
    const withStore = await create(a, appId('ok'), {
      enterpriseId: String(store.enterpriseId),
      storeId: String(otherStore),
    });
    expect(withStore.storeName).toBe(store.name);
  });

  it('another provider’s mini-program answers exactly as a missing one', async () => {
    const row = await create(a, appId('ok'));
    const missing = { id: '99999999', version: 1 };
    for (const action of ['authorize', 'renew', 'revoke']) {
      const foreign = await call(b, action, row);
      const absent = await call(b, action, missing);
      expect(foreign.errCode).toBe(404001);
      expect({ errCode: foreign.errCode, errMsg: foreign.errMsg }).toEqual({
        errCode: absent.errCode,
        errMsg: absent.errMsg,
      });
    }
    expect((await callApi(t, b, 'GET', `/appletAuth/get?id=${row.id}`)).errCode).toBe(404001);
    const listed = await callApi<{ list: Applet[] }>(t, b, 'POST', '/appletAuth/page', {});
    expect(listed.data.list.map((r) => r.id)).not.toContain(row.id);
    // Provider B may not hang its mini-program on A's enterprise either.
    const foreignEnterprise = await callApi(t, b, 'POST', '/appletAuth/create', {
      enterpriseId: String(await sampleEnterprise(t.database.db, a.agentId!)),
      appId: appId('ok'),
      appletName: '越权小程序',
      principalName: '越权主体有限公司',
      codeVersion: '',
      remark: '',
    });
    expect(foreignEnterprise.errCode).toBe(400100);
    const unchanged = (await callApi<Applet>(t, a, 'GET', `/appletAuth/get?id=${row.id}`)).data;
    expect(unchanged.version).toBe(row.version);
  });

  it('filters by expiry (30 days / past) and exports the filtered list, audited', async () => {
    const soon = await call(a, 'authorize', await create(a, appId('ok')));
    const past = await call(a, 'authorize', await create(a, appId('ok')));
    const far = await call(a, 'authorize', await create(a, appId('ok')));
    const setExpiry = (id: string, days: number) =>
      t.database.db
        .updateTable('appletAuthorization')
        .set({ expireAt: new Date(Date.now() + days * DAY).toISOString() })
        .where('id', '=', Number(id))
        .execute();
    await setExpiry(soon.data.id, 10);
    await setExpiry(past.data.id, -3);
    const ids = async (expiry: number) =>
      (await callApi<{ list: Applet[] }>(t, a, 'POST', '/appletAuth/page', { expiry, size: 100 })).data.list.map(
        (r) => r.id,
      );
    const expiring = await ids(1);
    expect(expiring).toContain(soon.data.id);
    expect(expiring).not.toContain(past.data.id);
    expect(expiring).not.toContain(far.data.id);
    expect(await ids(2)).toEqual([past.data.id]);
    const sorted = await callApi<{ list: Applet[] }>(t, platform, 'POST', '/appletAuth/page', {
      authStatus: 1,
      sort: { field: 'expireAt', order: 'ascend' },
    });
    expect(sorted.data.list[0]!.id).toBe(past.data.id);

    const res = await exportFile(t, a, '/appletAuth/export', { expiry: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    // The request is audited with the task it created.
    const audit = await t.database.db
      .selectFrom('operationLog')
      .where('path', '=', '/api/appletAuth/export')
      .select('result')
      .executeTakeFirst();
    expect(audit?.result).toBe(1);
  });
});
