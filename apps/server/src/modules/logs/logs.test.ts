import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithOperator, type TestApp } from '../../../test/app-with-operator.js';
import { createTestOperator, type TestOperator } from '../../../test/operators.js';
import { callApi } from '../stores/test-fixtures.js';

interface Row {
  id: string;
  agentId: string | null;
  module: string;
  result: number;
}

describe('operation and sign-in logs', () => {
  let t: TestApp;
  let admin: TestOperator;
  let providerA: TestOperator;
  let providerB: TestOperator;
  let roleLogId: string;
  let providerLogId: string;

  beforeAll(async () => {
    ({ t, operator: admin } = await appWithOperator({
      permissions: ['operationLog.page', 'loginLog.page', 'saasRole.create'],
    }));
    providerA = await createTestOperator(t, {
      adminType: 1,
      permissions: ['agentOperationLog.page', 'operationLog.page'],
    });
    providerB = await createTestOperator(t, { adminType: 1, permissions: ['agentOperationLog.page'] });
    // A real logged write with its request (secrets removed by the machinery).
    const role = await callApi<{ id: string }>(t, admin, 'POST', '/saasRole/create', {
      name: '日志角色',
      code: 'logrole',
      sort: 0,
      status: 1,
      remark: '',
      menuIds: [],
    });
    expect(role.errCode).toBe(0);
    const logged = await t.database.db
      .selectFrom('operationLog')
      .where('targetId', '=', role.data.id)
      .where('path', '=', '/api/saasRole/create')
      .select('id')
      .executeTakeFirstOrThrow();
    roleLogId = String(logged.id);
    const row = await t.database.db
      .insertInto('operationLog')
      .values({
        operatorId: providerA.adminId,
        operatorName: '甲方',
        adminType: 1,
        agentId: providerA.agentId,
        module: '门店管理',
        action: '修改门店',
        method: 'POST',
        path: '/api/store/update',
        params: '{"name":"新名"}',
        changes: '[{"field":"name","before":"旧名","after":"新名"}]',
        targetId: '7',
        result: 0,
        errMsg: '数据已被他人修改，请刷新后重试',
        ip: '10.0.0.8',
        userAgent: 'vitest',
        durationMs: 12,
        at: '2026-11-20T08:00:00.000Z',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    providerLogId = String(row.id);
    await t.database.db
      .insertInto('loginLog')
      .values([
        {
          loginName: 'zhangsan',
          adminId: null,
          ip: '10.1.1.1',
          userAgent: '',
          result: 0,
          reason: '密码错误',
          at: '2026-11-21T01:00:00.000Z',
        },
        {
          loginName: 'zhangsan',
          adminId: null,
          ip: '10.1.1.1',
          userAgent: '',
          result: 1,
          reason: '',
          at: '2026-11-21T01:01:00.000Z',
        },
        {
          loginName: 'lisi',
          adminId: null,
          ip: '10.1.1.2',
          userAgent: '',
          result: 1,
          reason: '',
          at: '2026-11-21T02:00:00.000Z',
        },
      ])
      .execute();
  });
  afterAll(() => t.close());

  it('pages the operation log with filters on module, result, provider and time', async () => {
    const byModule = await callApi<{ list: Row[] }>(t, admin, 'POST', '/operationLog/page', { module: '角色管理' });
    expect(byModule.data.list.map((r) => r.id)).toContain(roleLogId);
    expect(byModule.data.list.every((r) => r.module === '角色管理')).toBe(true);
    const failed = await callApi<{ list: Row[] }>(t, admin, 'POST', '/operationLog/page', {
      result: 0,
      agentId: String(providerA.agentId),
      at: { from: '2026-11-20', to: '2026-11-20' },
    });
    expect(failed.data.list.map((r) => r.id)).toEqual([providerLogId]);
    expect(failed.data.list[0]).not.toHaveProperty('params');
  });

  it('the detail shows the request without secrets and each changed field', async () => {
    const res = await callApi<{ params: { body: Record<string, unknown> }; changes: unknown[] }>(
      t,
      admin,
      'GET',
      `/operationLog/get?id=${providerLogId}`,
    );
    expect(res.data.changes).toEqual([{ field: 'name', before: '旧名', after: '新名' }]);
    const role = await callApi<{ params: { body: Record<string, unknown> } }>(
      t,
      admin,
      'GET',
      `/operationLog/get?id=${roleLogId}`,
    );
    expect(role.data.params.body).toMatchObject({ name: '日志角色' });
  });

  it('a provider sees only its own provider’s rows, and never the platform log', async () => {
    const own = await callApi<{ list: Row[] }>(t, providerA, 'POST', '/agentOperationLog/page', {});
    expect(own.data.list.map((r) => r.id)).toEqual([providerLogId]);
    const other = await callApi<{ list: Row[] }>(t, providerB, 'POST', '/agentOperationLog/page', {});
    expect(other.data.list).toEqual([]);
    expect((await callApi(t, providerB, 'GET', `/agentOperationLog/get?id=${providerLogId}`)).errCode).toBe(404001);
    expect((await callApi(t, providerA, 'GET', `/agentOperationLog/get?id=${providerLogId}`)).errCode).toBe(0);
    expect((await callApi(t, providerA, 'POST', '/operationLog/page', {})).res.statusCode).toBe(403);
    expect((await callApi(t, providerA, 'GET', `/operationLog/get?id=${providerLogId}`)).res.statusCode).toBe(403);
    expect((await callApi(t, providerA, 'POST', '/loginLog/page', {})).res.statusCode).toBe(403);
  });

  it('pages the sign-in log by login name prefix and result', async () => {
    const res = await callApi<{ total: number; list: { loginName: string; result: number }[] }>(
      t,
      admin,
      'POST',
      '/loginLog/page',
      { loginName: 'zhang', result: 1 },
    );
    expect(res.data.list).toEqual([expect.objectContaining({ loginName: 'zhangsan', result: 1 })]);
  });
});
