import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithOperator, type TestApp } from '../../../test/app-with-operator.js';
import { createTestAgent, createTestOperator, type TestOperator } from '../../../test/operators.js';
import { callApi, insertEnterprise } from './test-fixtures.js';
import { exportFile } from '../../../test/export-task.js';

describe('公司分组 export', () => {
  let t: TestApp;
  let exporter: TestOperator;
  let viewer: TestOperator;
  let provider: TestOperator;

  beforeAll(async () => {
    ({ t, operator: exporter } = await appWithOperator({
      permissions: ['companyGroup.page', 'companyGroup.create', 'companyGroup.update', 'companyGroup.export'],
    }));
    viewer = await createTestOperator(t, { adminType: 0, permissions: ['companyGroup.page'] });
    const agentId = await createTestAgent(t.database.db);
    provider = await createTestOperator(t, { adminType: 1, agentId, permissions: ['companyGroup.export'] });
    const east = await callApi<{ id: string }>(t, exporter, 'POST', '/companyGroup/create', {
      name: '华东连锁',
      remark: '上海、杭州门店',
    });
    await callApi(t, exporter, 'POST', '/companyGroup/create', { name: '华南连锁', remark: '' });
    const enterprises = [
      await insertEnterprise(t.database.db, agentId, '甲企业'),
      await insertEnterprise(t.database.db, agentId, '乙企业'),
    ];
    const set = await callApi(t, exporter, 'POST', '/companyGroup/setMembers', {
      id: east.data.id,
      enterpriseIds: enterprises.map(String),
    });
    expect(set.errCode).toBe(0);
  });
  afterAll(() => t.close());

  const exportGroups = (op: TestOperator, filter: Record<string, unknown>) =>
    exportFile(t, op, '/companyGroup/export', filter);

  it('exports the filtered list as a spreadsheet with Chinese headers, and records who took it', async () => {
    const res = await exportGroups(exporter, { keyword: '华东' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['x-export-rows']).toBe('1');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, '分组名称', '企业数', '备注', '创建时间']);
    expect((sheet.getRow(2).values as unknown[]).slice(1, 4)).toEqual(['华东连锁', 2, '上海、杭州门店']);
    expect(sheet.rowCount).toBe(2);
    const logs = (path: string) =>
      t.database.db
        .selectFrom('operationLog')
        .selectAll()
        .where('path', '=', path)
        .where('operatorId', '=', exporter.adminId)
        .executeTakeFirst();
    // The request is on the record with its filter, and the job that wrote the file with the rows taken.
    const asked = await logs('/api/companyGroup/export');
    expect(asked).toMatchObject({ module: '安卓设备', result: 1 });
    expect(JSON.parse(asked!.params)).toMatchObject({ body: { keyword: '华东' } });
    const ran = await logs('export');
    expect(ran).toMatchObject({ module: '安卓设备', result: 1, targetId: asked!.targetId });
    expect(JSON.parse(ran!.params)).toMatchObject({ body: { keyword: '华东' }, exported: { rows: 1 } });
  });

  it('is refused without the export permission, and to provider operators (a platform-only list)', async () => {
    const denied = await exportGroups(viewer, {});
    expect(denied.statusCode).not.toBe(200);
    expect(denied.json<{ errCode: number }>().errCode).not.toBe(0);
    const foreign = await exportGroups(provider, {});
    expect(foreign.json<{ errCode: number }>().errCode).not.toBe(0);
  });
});
