import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAgent, createTestOperator, type TestOperator } from '../../../test/operators.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { callApi, insertEnterprise } from './test-fixtures.js';

describe('enterprises and company groups', () => {
  let t: TestApp;
  let agentA: number;
  let agentB: number;
  let opA: TestOperator;
  let platform: TestOperator;

  beforeAll(async () => {
    t = await createTestApp();
    agentA = await createTestAgent(t.database.db);
    agentB = await createTestAgent(t.database.db);
    opA = await createTestOperator(t, {
      adminType: 1,
      agentId: agentA,
      permissions: ['enterprise.page', 'enterprise.create', 'companyGroup.page'],
    });
    platform = await createTestOperator(t, {
      adminType: 0,
      permissions: [
        'enterprise.page',
        'companyGroup.create',
        'companyGroup.get',
        'companyGroup.update',
        'companyGroup.page',
      ],
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it("creates a provider's enterprise under that provider, whatever the body says", async () => {
    const res = await callApi<{ agentId: string; agentName: string; storeCount: number }>(
      t,
      opA,
      'POST',
      '/enterprise/create',
      {
        agentId: String(agentB),
        name: '杭州云泉休闲有限公司',
        contactName: '吴敏',
        contactPhone: '13800001111',
        address: '杭州市西湖区',
        status: 1,
        remark: '',
      },
    );
    expect(res.errCode, res.errMsg).toBe(0);
    expect(res.data).toMatchObject({ agentId: String(agentA), storeCount: 0 });
    const badPhone = await callApi(t, opA, 'POST', '/enterprise/create', {
      name: '号码错误的企业',
      contactName: '',
      contactPhone: '12345',
      address: '',
      status: 1,
      remark: '',
    });
    expect(badPhone.fieldErrors?.contactPhone).toBe('请输入 11 位手机号');
  });

  it('sets the members of a company group in one write, refusing unknown enterprises', async () => {
    const e1 = await insertEnterprise(t.database.db, agentA, '甲企业');
    const e2 = await insertEnterprise(t.database.db, agentB, '乙企业');
    const group = await callApi<{ id: string }>(t, platform, 'POST', '/companyGroup/create', {
      name: '试点客户',
      remark: '',
    });
    const set = await callApi(t, platform, 'POST', '/companyGroup/setMembers', {
      id: group.data.id,
      enterpriseIds: [String(e1), String(e2)],
    });
    expect(set.errCode, set.errMsg).toBe(0);
    const members = await callApi<{ name: string }[]>(t, platform, 'GET', `/companyGroup/members?id=${group.data.id}`);
    expect(members.data.map((m) => m.name)).toEqual(['甲企业', '乙企业']);
    const bad = await callApi(t, platform, 'POST', '/companyGroup/setMembers', {
      id: group.data.id,
      enterpriseIds: [String(e1), '99999999'],
    });
    expect(bad.fieldErrors?.enterpriseIds).toBe('部分企业不存在');
    expect(
      (await callApi<unknown[]>(t, platform, 'GET', `/companyGroup/members?id=${group.data.id}`)).data,
    ).toHaveLength(2);
    const page = await callApi<{ list: { enterpriseCount: number }[] }>(t, platform, 'POST', '/companyGroup/page', {});
    expect(page.data.list[0]?.enterpriseCount).toBe(2);
    expect((await callApi(t, opA, 'POST', '/companyGroup/page', {})).errCode).toBe(403001);
  });
});
