import { errors } from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SmsSimulator } from '../../adapters/sms/simulator.js';
import { syncMenuCatalogue } from '../../scripts/seed/menus.js';
import { nowIso } from '../../lib/clock.js';
import { createTestOperator, type TestOperator } from '../../../test/operators.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { freshIp, login } from '../auth/test-kit.js';
import { callApi } from '../stores/test-fixtures.js';

interface Application {
  id: string;
  version: number;
  status: number;
  name: string;
  rejectReason: string;
}
interface SmsRow {
  id: string;
  phone: string;
  purpose: number;
  content: string;
  status: number;
  version: number;
}
type Page<T> = { total: number; list: T[] };

let serial = 0;
const nextPhone = () => {
  serial += 1;
  return `137${String(20_000_000 + serial * 104_729 + (Date.now() % 1000)).slice(-8)}`;
};

describe('服务商审核: provider applications end in a working account or a reasoned rejection', () => {
  let t: TestApp;
  let admin: TestOperator;

  beforeAll(async () => {
    t = await createTestApp();
    // The default agent menu an approval grants is the catalogue's.
    await syncMenuCatalogue(t.database.db);
    (t.app.sms as SmsSimulator).configure({ answerMs: [0, 0], throttleRate: 0, sleep: () => Promise.resolve() });
    admin = await createTestOperator(t, {
      adminType: 0,
      permissions: [
        'agentApplication.page',
        'agentApplication.get',
        'agent.examine',
        'smsLog.page',
        'smsLog.get',
        'smsLog.reveal',
      ],
    });
    const now = nowIso();
    await t.database.db
      .insertInto('smsChannel')
      .values({
        name: '测试通道',
        vendor: 1,
        signName: '门店云',
        accessKeyId: 'LTAI5tTestKey',
        accessKeySecret: 'TestSecretTestSecret01',
        unitPrice: 4,
        priority: 90,
        status: 1,
        sentCount: 0,
        remark: '',
        createdAt: now,
        updatedAt: now,
      })
      .execute();
  });
  afterAll(() => t.close());

  /** Applies on the public /register page, as a visitor would; answers the row on the review screen. */
  async function apply(name: string): Promise<Application & { phone: string }> {
    const phone = nextPhone();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/public/register',
      payload: {
        kind: 1,
        name,
        contactName: '周敏',
        contactPhone: phone,
        region: '浙江省/杭州市',
        address: '',
        remark: '',
      },
    });
    expect(res.json<{ errCode: number }>().errCode).toBe(0);
    const page = await callApi<Page<Application>>(t, admin, 'POST', '/agent/applicationPage', { keyword: name });
    const row = page.data.list.find((r) => r.name === name);
    expect(row).toMatchObject({ status: 0 });
    return { ...row!, phone };
  }

  /** The log row of a message once the after-commit send has finished. */
  async function sentSms(id: string): Promise<SmsRow> {
    for (let i = 0; i < 50; i += 1) {
      const res = await callApi<SmsRow>(t, admin, 'GET', `/smsLog/get?id=${id}`);
      if (res.data.status !== 0) return res.data;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('SMS still sending');
  }

  it('approval creates the provider administrator; the SMS password signs in and must be changed first', async () => {
    const applied = await apply('杭州云泉服务商');
    const approved = await callApi<{ loginName: string; phone: string; smsLogId: string }>(
      t,
      admin,
      'POST',
      '/agent/examine',
      { id: applied.id, version: applied.version, approve: true, level: 2 },
    );
    expect(approved.errCode, approved.errMsg).toBe(0);
    expect(approved.data.loginName).toBe(applied.phone);
    expect(approved.data.phone).toBe(`${applied.phone.slice(0, 3)}****${applied.phone.slice(7)}`);
    const agent = await t.database.db
      .selectFrom('agent')
      .where('id', '=', Number(applied.id))
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(agent).toMatchObject({ status: 1, level: 2 });
    const grants = await t.database.db
      .selectFrom('agentMenu')
      .where('agentId', '=', agent.id)
      .select('menuId')
      .execute();
    expect(grants.length).toBeGreaterThan(0);

    // The log shows the message with the password masked; the original is a separate, logged read.
    const sms = await sentSms(approved.data.smsLogId);
    expect(sms).toMatchObject({ phone: applied.phone, purpose: 1, status: 1 });
    expect(sms.content).toContain('******');
    const list = await callApi<Page<SmsRow>>(t, admin, 'POST', '/smsLog/page', { keyword: applied.phone });
    expect(list.data.list.map((r) => r.content)).toEqual([sms.content]);
    const revealed = await callApi<{ content: string }>(t, admin, 'GET', `/smsLog/reveal?id=${sms.id}`);
    const password = /初始密码：(\S+?)，/.exec(revealed.data.content)?.[1];
    expect(password).toBeTruthy();
    expect(sms.content).not.toContain(password);
    const audit = await t.database.db
      .selectFrom('operationLog')
      .where('targetId', '=', sms.id)
      .where('action', '=', '查看短信原文')
      .select('id')
      .executeTakeFirst();
    expect(audit).toBeTruthy();

    const signIn = await login(t, { loginName: applied.phone, password }, freshIp());
    expect(signIn.body.errCode, signIn.body.errMsg).toBe(0);
    expect(signIn.body.data).toMatchObject({ changePsw: 1, adminType: 1 });
    const token = String(signIn.body.data?.token);
    const op = { adminId: 0, agentId: agent.id, token, headers: { token } };
    expect((await callApi(t, op, 'POST', '/store/page', {})).errCode).toBe(errors.passwordChangeRequired.code);
    const changed = await callApi(t, op, 'POST', '/adminLogin/changePassword', {
      oldPassword: password,
      newPassword: 'Provider2027',
    });
    expect(changed.errCode, changed.errMsg).toBe(0);
    const again = await login(t, { loginName: applied.phone, password: 'Provider2027' }, freshIp());
    expect(again.body.data).toMatchObject({ changePsw: 0 });
    const newToken = String(again.body.data?.token);
    expect(
      (await callApi(t, { ...op, token: newToken, headers: { token: newToken } }, 'POST', '/store/page', {})).errCode,
    ).toBe(0);

    const twice = await callApi(t, admin, 'POST', '/agent/examine', {
      id: applied.id,
      version: agent.version,
      approve: true,
    });
    expect(twice.errCode).toBe(errors.stateConflict.code);
  });

  it('a rejection needs a reason, is kept with it, and texts the applicant', async () => {
    const applied = await apply('宁波海韵服务商');
    const bare = await callApi(t, admin, 'POST', '/agent/examine', {
      id: applied.id,
      version: applied.version,
      approve: false,
      reason: ' ',
    });
    expect(bare.errCode).toBe(errors.validation.code);
    expect(bare.fieldErrors?.reason).toBe('请填写驳回原因（至少 2 个字）');
    const stale = await callApi(t, admin, 'POST', '/agent/examine', {
      id: applied.id,
      version: applied.version + 1,
      approve: false,
      reason: '营业执照不清晰',
    });
    expect(stale.errCode).toBe(errors.versionConflict.code);

    const rejected = await callApi<{ loginName: null; smsLogId: string }>(t, admin, 'POST', '/agent/examine', {
      id: applied.id,
      version: applied.version,
      approve: false,
      reason: '营业执照不清晰',
    });
    expect(rejected.errCode).toBe(0);
    expect(rejected.data.loginName).toBeNull();
    const row = await callApi<Application>(t, admin, 'GET', `/agent/applicationGet?id=${applied.id}`);
    expect(row.data).toMatchObject({ status: 4, rejectReason: '营业执照不清晰' });
    const filtered = await callApi<Page<Application>>(t, admin, 'POST', '/agent/applicationPage', { status: 4 });
    expect(filtered.data.list.map((r) => r.id)).toContain(applied.id);
    const sms = await sentSms(rejected.data.smsLogId);
    expect(sms).toMatchObject({ purpose: 2, status: 1 });
    expect(sms.content).toContain('营业执照不清晰');
    const accounts = await t.database.db
      .selectFrom('admin')
      .where('agentId', '=', Number(applied.id))
      .select('id')
      .execute();
    expect(accounts).toEqual([]);
  });

  it('answers a missing or non-application id as missing, and refuses approval without an SMS channel', async () => {
    expect((await callApi(t, admin, 'GET', '/agent/applicationGet?id=99999999')).errCode).toBe(404001);
    const active = await createTestOperator(t, { adminType: 1, permissions: ['store.page'] });
    // An active provider is not an application: the review screen does not reach it.
    expect((await callApi(t, admin, 'GET', `/agent/applicationGet?id=${active.agentId}`)).errCode).toBe(404001);
    expect(
      (await callApi(t, admin, 'POST', '/agent/examine', { id: '99999999', version: 1, approve: true })).errCode,
    ).toBe(404001);
    expect(
      (await callApi(t, active, 'POST', '/agent/applicationPage', {})).res.statusCode,
      'a provider operator is refused',
    ).toBe(403);

    const applied = await apply('温州瓯江服务商');
    await t.database.db.updateTable('smsChannel').set({ status: 0 }).execute();
    const refused = await callApi(t, admin, 'POST', '/agent/examine', {
      id: applied.id,
      version: applied.version,
      approve: true,
    });
    await t.database.db.updateTable('smsChannel').set({ status: 1 }).execute();
    expect(refused.errCode).toBe(errors.stateConflict.code);
    expect(refused.errMsg).toContain('短信通道');
    const still = await callApi<Application>(t, admin, 'GET', `/agent/applicationGet?id=${applied.id}`);
    expect(still.data.status).toBe(0);
  });
});
