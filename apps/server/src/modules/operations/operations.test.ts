import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithOperator } from '../../../test/app-with-operator.js';
import { createTestOperator, type TestOperator } from '../../../test/operators.js';
import { callApi } from '../../../test/ops-helpers.js';
import { declareProviderParam } from '../system-config/parameters.js';
import { type TestApp, testEngine } from '../../../test/test-app.js';
import { ERROR_REPORTS_PER_MINUTE } from './error-log.js';

describe('operations: IP rules, parameters, editions, error log', () => {
  let t: TestApp;
  let platform: TestOperator;
  let agentA: TestOperator;
  let agentB: TestOperator;

  beforeAll(async () => {
    ({ t, operator: platform } = await appWithOperator({
      permissions: [
        'smsChannel.page',
        'ipRestriction.create',
        'edition.create',
        'edition.get',
        'errorLog.page',
        'errorLog.handle',
      ],
    }));
    const perms = ['parameter.create', 'parameter.update', 'parameter.page'];
    agentA = await createTestOperator(t, { adminType: 1, permissions: perms });
    agentB = await createTestOperator(t, { adminType: 1, permissions: perms });
  });
  afterAll(async () => {
    await t.close();
  });

  it('IP restrictions accept addresses and CIDR blocks of both families, nothing else', async () => {
    const rule = (address: string) => ({ ruleType: 2, address, appliesTo: 0, status: 1, remark: '' });
    for (const address of ['203.0.113.7', '10.0.0.0/8', '2001:db8::/32']) {
      expect((await callApi(t, platform, 'POST', '/ipRestriction/create', rule(address))).errCode).toBe(0);
    }
    const bad = await callApi(t, platform, 'POST', '/ipRestriction/create', rule('10.0.0.0/40'));
    expect(bad.errCode).toBe(400100);
    expect(bad.fieldErrors).toHaveProperty('address');
    const upper = await callApi(t, platform, 'POST', '/ipRestriction/create', rule('2001:DB8::/32'));
    expect(upper.errCode).toBe(409002);
    const byAgent = await callApi(t, agentA, 'POST', '/ipRestriction/create', rule('1.1.1.1'));
    expect(byAgent.errCode).toBe(403001);
  });

  it('parameters: the value must read as its declared type; keys are unique per provider only', async () => {
    const param = (over: object) => ({
      paramKey: 'locker.alarmMinutes',
      name: '未结账报警分钟数',
      paramValue: '30',
      valueType: 2,
      remark: '',
      ...over,
    });
    // Providers set only what the platform declared provider-level (参数管理).
    expect((await callApi(t, agentA, 'POST', '/parameter/create', param({}))).fieldErrors).toHaveProperty('paramKey');
    await declareProviderParam(t.database.db, 'locker.alarmMinutes');
    const notNumber = await callApi(t, agentA, 'POST', '/parameter/create', param({ paramValue: '三十' }));
    expect(notNumber.fieldErrors).toHaveProperty('paramValue');
    const badJson = await callApi(t, agentA, 'POST', '/parameter/create', param({ valueType: 4, paramValue: '{x' }));
    expect(badJson.fieldErrors).toHaveProperty('paramValue');
    const created = await callApi<{ id: string; version: number }>(t, agentA, 'POST', '/parameter/create', param({}));
    expect(created.errCode).toBe(0);
    expect((await callApi(t, agentA, 'POST', '/parameter/create', param({}))).errCode).toBe(409002);
    expect((await callApi(t, agentB, 'POST', '/parameter/create', param({}))).errCode).toBe(0);
    const switchToFlag = await callApi(t, agentA, 'POST', '/parameter/update', {
      id: created.data.id,
      version: created.data.version,
      valueType: 3,
    });
    expect(switchToFlag.fieldErrors).toHaveProperty('paramValue');
  });

  it('editions keep their feature list', async () => {
    const created = await callApi<{ id: string; features: string[] }>(t, platform, 'POST', '/edition/create', {
      name: '旗舰版',
      code: 'flagship',
      webPrice: 598_000,
      staffAppletPrice: 98_000,
      maxRooms: 0,
      features: ['手牌消费', '会员储值', '员工提成'],
      sort: 3,
      status: 1,
      remark: '',
    });
    expect(created.errCode).toBe(0);
    const got = await callApi<{ features: string[] }>(t, platform, 'GET', `/edition/get?id=${created.data.id}`);
    expect(got.data.features).toEqual(['手牌消费', '会员储值', '员工提成']);
  });

  it('error reports: anonymous or attributed, cut to size, limited per address', async () => {
    const report = (headers: Record<string, string> = {}, ip = '198.51.100.1', message = 'x'.repeat(5000)) =>
      t.app.inject({
        method: 'POST',
        url: '/api/errorLog/report',
        remoteAddress: ip,
        headers,
        payload: {
          message,
          stack: 'TypeError: undefined\n    at render',
          url: '/userMgt/agentMgt',
          appVersion: '1.0.0',
        },
      });
    const anonymous = await report();
    expect(anonymous.json()).toMatchObject({ errCode: 0 });
    expect((await report(agentA.headers, '198.51.100.2', 'y')).json()).toMatchObject({ errCode: 0 });
    const rows = await t.database.db.selectFrom('errorLog').selectAll().orderBy('id').execute();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ source: 1, adminId: null, ip: '198.51.100.1' });
    expect(rows[0]?.message).toHaveLength(1000);
    expect(rows[1]).toMatchObject({ adminId: agentA.adminId, agentId: agentA.agentId });

    for (let i = 1; i < ERROR_REPORTS_PER_MINUTE; i += 1) await report({}, '198.51.100.3', `z${i}`);
    const limited = await report({}, '198.51.100.3', 'last');
    expect(limited.json()).toMatchObject({ errCode: 0 });
    const over = await report({}, '198.51.100.3', 'over');
    expect(over.json()).toMatchObject({ errCode: 429001 });

    const page = await callApi<{ list: { id: string; handled: number }[] }>(t, platform, 'POST', '/errorLog/page', {
      source: 1,
    });
    const first = page.data.list[0]!;
    const handled = await callApi<{ handled: number }>(t, platform, 'POST', `/errorLog/handle?id=${first.id}`);
    expect(handled.data.handled).toBe(1);
    expect((await callApi(t, agentA, 'POST', '/errorLog/page', {})).errCode).toBe(403001);
  });

  it('a server failure (5xx) lands in the error log with its request id, never its details on the wire', async () => {
    // A table gone missing under a running server: the list query fails inside the database.
    // 短信记录 rows reference their channel: PostgreSQL drops that constraint only when told to.
    await sql.raw(`drop table sms_channel${testEngine === 'postgres' ? ' cascade' : ''}`).execute(t.database.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/smsChannel/page',
      headers: platform.headers,
      payload: {},
    });
    expect(res.statusCode).toBe(500);
    const body = res.json<{ errCode: number; errMsg: string; requestId: string }>();
    expect(body.errCode).toBe(500000);
    expect(body.errMsg).not.toMatch(/sms_channel/);
    const row = await t.database.db
      .selectFrom('errorLog')
      .where('source', '=', 2)
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      requestId: body.requestId,
      url: 'POST /api/smsChannel/page',
      level: 3,
      adminId: platform.adminId,
    });
    expect(row.message).toMatch(/sms_channel/);
  });
});
