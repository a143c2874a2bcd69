import {
  baseFields,
  defineResource,
  fen,
  filter,
  flattenMenus,
  id,
  menusByScope,
  permissionOf,
  smsChannelResource,
  tenantFields,
} from '@console/contract';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestAgent, createTestOperator, type TestOperator } from '../../test/operators.js';
import { exportFile } from '../../test/export-task.js';
import type { TestApp } from '../../test/test-app.js';
import { shanghaiStamp, shanghaiTime, sheetColumns } from './export-columns.js';
import { registerResource } from './register-resource.js';
import { createFixtureApp, gadgetStatus } from './test-fixture.js';
import { resourceDb } from './types.js';

// Two export resources over the fixture gadget table: one with the real cap, one capped at 3.
const exportConfig = {
  module: '测试模块',
  audience: 'any' as const,
  tenant: 'agent' as const,
  entity: z.object({
    ...baseFields,
    ...tenantFields,
    name: z.string().describe('名称'),
    status: gadgetStatus,
    price: fen,
    agentName: z.string(),
  }),
  actions: ['page', 'export'] as const,
  labels: { status: '状态', price: '价格', agentName: '服务商' },
  exportColumns: ['name', 'status', 'price', 'agentName', 'createdAt'] as const,
  filters: {
    keyword: filter(z.string(), 'contains', { columns: ['name'] }),
    status: filter(gadgetStatus, 'eq'),
    agentId: filter(id, 'eq'),
  },
  sortable: ['price', 'name', 'createdAt'] as const,
  defaultSort: { field: 'createdAt' as const, order: 'descend' as const },
};
const exportGadget = defineResource({
  ...exportConfig,
  name: 'exportGadget',
  prefix: '/exportGadget',
  title: '导出物件',
});
const cappedGadget = defineResource({
  ...exportConfig,
  name: 'cappedGadget',
  prefix: '/cappedGadget',
  title: '限量物件',
});

const HEADERS = ['名称', '状态', '价格', '服务商', '创建时间'];
type Envelope = { errCode: number; errMsg: string };
type Cell = string | number | null;

/** The first sheet's rows as plain values (header row first). */
async function parseSheet(res: LightMyRequestResponse): Promise<{ rows: Cell[][]; sheet: ExcelJS.Worksheet }> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: Cell[][] = [];
  sheet.eachRow((row) => rows.push((row.values as Cell[]).slice(1)));
  return { rows, sheet };
}

describe('POST <prefix>/export (fixture resources)', () => {
  let t: TestApp;
  let agentA: number;
  let agentB: number;
  let opA: TestOperator;
  let opB: TestOperator;
  let platform: TestOperator;
  let serial = 0;

  const insert = async (agentId: number, rows: { name: string; status: number; price: number; at: string }[]) => {
    const db = resourceDb(t.database.db);
    for (let i = 0; i < rows.length; i += 200) {
      await db
        .insertInto('fixtureGadget')
        .values(
          rows.slice(i, i + 200).map((r) => ({
            agentId,
            name: r.name,
            code: `X${(serial += 1)}`,
            status: r.status,
            price: r.price,
            createdAt: r.at,
            updatedAt: r.at,
          })),
        )
        .execute();
    }
  };
  const exportAs = (op: TestOperator | null, path: string, body: object = {}) => exportFile(t, op, path, body);
  const opLogs = (action: string) =>
    t.database.db.selectFrom('operationLog').selectAll().where('action', '=', action).orderBy('id').execute();

  beforeAll(async () => {
    t = await createFixtureApp((app) => {
      registerResource(app, exportGadget, 'fixtureGadget', {
        joins: (qb) => qb.leftJoin('agent as a', 'a.id', 't.agentId'),
        columns: { agentName: 'a.name' },
      });
      registerResource(app, cappedGadget, 'fixtureGadget', {
        joins: (qb) => qb.leftJoin('agent as a', 'a.id', 't.agentId'),
        columns: { agentName: 'a.name' },
        exportRowCap: 3,
      });
    });
    agentA = await createTestAgent(t.database.db, { name: '服务商甲' });
    agentB = await createTestAgent(t.database.db, { name: '服务商乙' });
    const codes = ['exportGadget.page', 'exportGadget.export', 'cappedGadget.page', 'cappedGadget.export'];
    opA = await createTestOperator(t, { adminType: 1, agentId: agentA, permissions: codes });
    opB = await createTestOperator(t, { adminType: 1, agentId: agentB, permissions: codes });
    platform = await createTestOperator(t, { adminType: 0, permissions: codes });
    await insert(agentA, [
      { name: '甲-贵', status: 1, price: 123456, at: '2026-11-22T16:30:05.000Z' },
      { name: '甲-便宜', status: 1, price: 1234, at: '2026-11-20T01:02:03.000Z' },
      { name: '甲-停用', status: 0, price: 500, at: '2026-11-21T08:00:00.000Z' },
    ]);
    await insert(agentB, [
      { name: '乙-一', status: 1, price: 100, at: '2026-11-19T00:00:00.000Z' },
      { name: '乙-二', status: 1, price: 200, at: '2026-11-19T00:00:01.000Z' },
    ]);
  });
  afterAll(async () => {
    await t.close();
  });

  it('writes the filtered, sorted list as an .xlsx with Chinese headers and display values', async () => {
    const res = await exportAs(opA, '/exportGadget/export', { status: 1, sort: { field: 'price', order: 'ascend' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-export-rows']).toBe('2');
    expect(res.headers['x-export-truncated']).toBeUndefined();
    const { rows, sheet } = await parseSheet(res);
    expect(rows).toEqual([
      HEADERS,
      ['甲-便宜', '启用', 12.34, '服务商甲', '2026-11-20 09:02:03'],
      ['甲-贵', '启用', 1234.56, '服务商甲', '2026-11-23 00:30:05'],
    ]);
    expect(sheet.getCell('C2').numFmt).toBe('#,##0.00');
    expect(sheet.getRow(1).font?.bold).toBe(true);
  });

  it('names the file after the resource and the Beijing time, in UTF-8 with an ASCII fallback', async () => {
    const before = shanghaiStamp(new Date());
    const res = await exportAs(opA, '/exportGadget/export');
    const after = shanghaiStamp(new Date());
    const disposition = String(res.headers['content-disposition']);
    const ascii = /filename="exportGadget-(\d{12})\.xlsx"/.exec(disposition);
    const utf8 = /filename\*=UTF-8''([^;]+)/.exec(disposition);
    expect(disposition.startsWith('attachment;')).toBe(true);
    expect(ascii).not.toBeNull();
    const name = decodeURIComponent(utf8![1]!);
    // Named as 导出中心 names the task: what the export's summary says it exports.
    expect(name).toMatch(/^导出物件列表-\d{12}\.xlsx$/);
    expect([before, after]).toContain(name.slice(7, 19));
    expect(ascii![1]).toBe(name.slice(7, 19));
  });

  it('formats Beijing time and file stamps from UTC instants', () => {
    expect(shanghaiTime('2026-12-31T16:00:00.000Z')).toBe('2027-01-01 00:00:00');
    expect(shanghaiStamp(new Date('2026-12-31T15:59:00.000Z'))).toBe('202612312359');
  });

  it('writes every money field in 元, one declared with its own limits too', () => {
    // 短信单价 is money({ max: 100 }): not the `fen` schema itself, and exported as fen before.
    const unitPrice = sheetColumns(smsChannelResource).find((c) => c.field === 'unitPrice');
    expect(unitPrice?.numFmt).toBe('#,##0.00');
    expect(unitPrice?.cell(5)).toBe(0.05);
  });

  it("never exports another provider's rows, whatever the filters say", async () => {
    const own = await parseSheet(await exportAs(opB, '/exportGadget/export'));
    expect(own.rows.slice(1).map((r) => r[0])).toEqual(['乙-二', '乙-一']);
    const forged = await exportAs(opB, '/exportGadget/export', { agentId: String(agentA) });
    expect(forged.headers['x-export-rows']).toBe('0');
    expect((await parseSheet(forged)).rows).toEqual([HEADERS]);
    // The platform sees every provider; its agentId filter narrows to one.
    const all = await exportAs(platform, '/exportGadget/export', { keyword: '-' });
    expect(all.headers['x-export-rows']).toBe('5');
    const one = await parseSheet(await exportAs(platform, '/exportGadget/export', { agentId: String(agentB) }));
    expect(one.rows.slice(1).map((r) => r[3])).toEqual(['服务商乙', '服务商乙']);
  });

  it('refuses with the JSON envelope before any task is made', async () => {
    // Provider operators hold their provider's grants, so the refusal is shown with a platform admin.
    const pageOnly = await createTestOperator(t, { adminType: 0, permissions: ['exportGadget.page'] });
    const refused = await exportAs(pageOnly, '/exportGadget/export');
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['content-type']).toMatch(/application\/json/);
    expect(refused.json<Envelope>().errCode).toBe(403001);
    expect((await exportAs(null, '/exportGadget/export')).json<Envelope>().errCode).toBe(5000);
    const invalid = await exportAs(opA, '/exportGadget/export', { sort: { field: 'code', order: 'ascend' } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json<Envelope>().errCode).toBe(400100);
    // Paging fields are not part of an export.
    const paged = await exportAs(opA, '/exportGadget/export', { offset: 2, size: 1 });
    expect(paged.headers['x-export-rows']).toBe('3');
  });

  it('records the request with its filters, and the job that wrote it with the row count', async () => {
    const mine = (r: { params: string }) => (JSON.parse(r.params) as { body?: { keyword?: string } }).body?.keyword;
    await exportAs(opA, '/exportGadget/export', { keyword: '甲-', status: 1 });
    const asked = (await opLogs('导出导出物件列表')).filter((r) => mine(r) === '甲-');
    expect(asked).toHaveLength(1);
    expect([asked[0]!.module, asked[0]!.result, asked[0]!.operatorId, asked[0]!.agentId, asked[0]!.path]).toEqual([
      '测试模块',
      1,
      opA.adminId,
      agentA,
      '/api/exportGadget/export',
    ]);
    expect(JSON.parse(asked[0]!.params)).toMatchObject({ body: { keyword: '甲-', status: 1 } });
    const ran = (await opLogs('生成导出文件：导出物件列表')).filter((r) => mine(r) === '甲-');
    expect(ran).toHaveLength(1);
    expect([ran[0]!.module, ran[0]!.result, ran[0]!.operatorId, ran[0]!.method, ran[0]!.targetId]).toEqual([
      '测试模块',
      1,
      opA.adminId,
      'JOB',
      asked[0]!.targetId,
    ]);
    expect(JSON.parse(ran[0]!.params)).toMatchObject({
      body: { keyword: '甲-', status: 1 },
      exported: { rows: 2, truncated: false },
    });
  });

  it('stops at the cap, says so in a header and a last note row, and logs the truncation', async () => {
    const res = await exportAs(platform, '/cappedGadget/export', { sort: { field: 'price', order: 'descend' } });
    expect(res.headers['x-export-truncated']).toBe('1');
    expect(res.headers['x-export-rows']).toBe('3');
    const { rows } = await parseSheet(res);
    expect(rows.slice(1, 4).map((r) => r[2])).toEqual([1234.56, 12.34, 5]);
    expect(rows).toHaveLength(5);
    expect(String(rows[4]![0])).toContain('仅导出前 3 条');
    const logged = (await opLogs('生成导出文件：限量物件列表')).at(-1);
    expect(JSON.parse(logged?.params ?? '{}')).toMatchObject({ exported: { rows: 3, truncated: true } });
    // Exactly at the cap is not truncated.
    const exact = await exportAs(opA, '/cappedGadget/export');
    expect(exact.headers['x-export-truncated']).toBeUndefined();
    expect((await parseSheet(exact)).rows).toHaveLength(4);
  });

  it('walks past the batch size in order, ties broken by id, without repeating a row', async () => {
    const agentC = await createTestAgent(t.database.db, { name: '服务商丙' });
    const opC = await createTestOperator(t, { adminType: 1, agentId: agentC, permissions: ['exportGadget.export'] });
    const many = Array.from({ length: 2_345 }, (_, i) => ({
      name: `丙${String(i).padStart(4, '0')}`,
      status: 1,
      price: (i % 7) * 100,
      at: '2026-11-01T00:00:00.000Z',
    }));
    await insert(agentC, many);
    const res = await exportAs(opC, '/exportGadget/export', { sort: { field: 'price', order: 'ascend' } });
    const data = (await parseSheet(res)).rows.slice(1);
    expect(data).toHaveLength(2_345);
    expect(new Set(data.map((r) => r[0])).size).toBe(2_345);
    const prices = data.map((r) => Number(r[2]));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  it("offers export only where the menu catalogue grants the permission in the endpoint's audience", () => {
    const codes = (scope: 'platform' | 'agent') =>
      new Set(flattenMenus(menusByScope[scope]).flatMap(({ spec }) => Object.keys(spec.actions ?? {})));
    const missing = t.app.resources
      .map((r) => r.resource.endpoints.export)
      .filter((e) => e !== undefined && e.module !== '测试模块')
      .filter((e) => {
        const code = permissionOf(e!.access)!;
        return e!.audience === 'any'
          ? !codes('platform').has(code) && !codes('agent').has(code)
          : !codes(e!.audience).has(code);
      })
      .map((e) => e!.path);
    expect(missing).toEqual([]);
    expect(t.app.resources.some((r) => r.resource.name === 'ipRestriction' && r.resource.endpoints.export)).toBe(true);
  });
});
