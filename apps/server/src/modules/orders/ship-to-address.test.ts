import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAgent, createTestOperator, type TestOperator } from '../../../test/operators.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { callApi } from '../stores/test-fixtures.js';

type Address = { id: string; version: number; isDefault: number };

describe('收货地址', () => {
  let t: TestApp;
  let admin: TestOperator;
  let agentId: number;

  beforeAll(async () => {
    t = await createTestApp();
    agentId = await createTestAgent(t.database.db);
    admin = await createTestOperator(t, {
      adminType: 0,
      permissions: ['shipToAddress.create', 'shipToAddress.update', 'shipToAddress.page'],
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const add = (isDefault: number, region = '浙江省/杭州市/西湖区') =>
    callApi<Address>(t, admin, 'POST', '/shipToAddress/create', {
      agentId: String(agentId),
      receiver: '李娜',
      phone: '13700000000',
      region,
      address: '文三路 100 号 3 楼',
      isDefault,
    });

  const defaults = async () =>
    (
      await t.database.db
        .selectFrom('shipToAddress')
        .select(['id', 'isDefault'])
        .where('agentId', '=', agentId)
        .execute()
    )
      .filter((r) => r.isDefault === 1)
      .map((r) => String(r.id));

  it('keeps one default address per provider', async () => {
    const first = (await add(1)).data;
    const second = (await add(1)).data;
    expect(await defaults()).toEqual([second.id]);
    const third = (await add(0)).data;
    const edited = await callApi<Address>(t, admin, 'POST', '/shipToAddress/update', {
      id: third.id,
      version: third.version,
      isDefault: 1,
    });
    expect(edited.errCode, edited.errMsg).toBe(0);
    expect(await defaults()).toEqual([third.id]);
    expect(first.id).not.toBe(third.id);
  });

  it('accepts only a real province, city and district', async () => {
    expect((await add(0, '北京市/市辖区/朝阳区')).errCode).toBe(0);
    expect((await add(0, '浙江省/杭州市/朝阳区')).fieldErrors?.region).toBe('请选择有效的省/市/区');
    expect((await add(0, '浙江省/杭州市')).fieldErrors?.region).toBe('请选择有效的省/市/区');
  });
});
