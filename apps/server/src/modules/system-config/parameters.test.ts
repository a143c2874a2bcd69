import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithOperator, type TestApp, type TestOperator } from '../../../test/app-with-operator.js';
import { callApi } from '../../../test/ops-helpers.js';

describe('参数管理: typed parameters, JSON checked against its schema, change history', () => {
  let t: TestApp;
  let admin: TestOperator;

  beforeAll(async () => {
    ({ t, operator: admin } = await appWithOperator({
      permissions: ['platformParam.create', 'platformParam.update', 'platformParam.get'],
    }));
  });
  afterAll(() => t.close());

  it('refuses JSON that breaks the declared schema, and keeps every value change', async () => {
    const schema = JSON.stringify({
      type: 'object',
      required: ['minutes', 'channels'],
      properties: {
        minutes: { type: 'integer', minimum: 1, maximum: 120 },
        channels: { type: 'array', items: { type: 'string', enum: ['sms', 'voice'] } },
      },
    });
    const body = (paramValue: string) => ({
      paramKey: 'alarm.policy',
      name: '报警策略',
      groupName: '门店运营',
      valueType: 4,
      paramValue,
      jsonSchema: schema,
      providerLevel: 0,
      remark: '',
    });
    const missing = await callApi(t, admin, 'POST', '/platformParam/create', body('{"minutes":30}'));
    expect(missing.fieldErrors?.paramValue).toBe('值 缺少字段 channels');
    const wrong = await callApi(t, admin, 'POST', '/platformParam/create', body('{"minutes":30,"channels":["fax"]}'));
    expect(wrong.fieldErrors?.paramValue).toContain('值.channels[0]');
    const tooBig = await callApi(t, admin, 'POST', '/platformParam/create', body('{"minutes":300,"channels":[]}'));
    expect(tooBig.fieldErrors?.paramValue).toBe('值.minutes 不能大于 120');
    const created = await callApi<{ id: string; version: number }>(
      t,
      admin,
      'POST',
      '/platformParam/create',
      body('{"minutes":30,"channels":["sms"]}'),
    );
    expect(created.errCode).toBe(0);
    const updated = await callApi<{ version: number }>(t, admin, 'POST', '/platformParam/update', {
      id: created.data.id,
      version: created.data.version,
      paramValue: '{"minutes":15,"channels":["sms","voice"]}',
    });
    expect(updated.errCode).toBe(0);
    const history = await callApi<{ beforeValue: string; afterValue: string }[]>(
      t,
      admin,
      'GET',
      `/platformParam/history?id=${created.data.id}`,
    );
    expect(history.data).toMatchObject([
      { beforeValue: '{"minutes":30,"channels":["sms"]}', afterValue: '{"minutes":15,"channels":["sms","voice"]}' },
    ]);
  });
});
