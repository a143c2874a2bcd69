import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestOperator, type TestOperator } from '../../test/operators.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { callApi } from '../modules/stores/test-fixtures.js';

type Preview = {
  importId: string;
  total: number;
  valid: number;
  matched: Record<string, string>;
  sample: Record<string, string | null>[];
  errors: { row: number; field: string; value: string; message: string }[];
};

async function xlsx(rows: string[][]): Promise<string> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Sheet1');
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer()).toString('base64');
}

describe('register imports (MAC 地址, 网关编号)', () => {
  let t: TestApp;
  let admin: TestOperator;
  let other: TestOperator;

  beforeAll(async () => {
    t = await createTestApp();
    const permissions = ['macAddress.import', 'macAddress.create', 'zkbEquipmentNo.import', 'zkbEquipmentNo.page'];
    admin = await createTestOperator(t, { adminType: 0, permissions });
    other = await createTestOperator(t, { adminType: 0, permissions });
    await callApi(t, admin, 'POST', '/macAddress/create', { mac: '0a0b0c0d0e0f', batchNo: '', remark: '' });
  });
  afterAll(async () => {
    await t.close();
  });

  const preview = (op: TestOperator, path: string, fileName: string, content: string) =>
    callApi<Preview>(t, op, 'POST', `${path}/import/preview`, { fileName, content });

  it('stores a MAC in one form whatever its notation', async () => {
    const rows = await t.database.db.selectFrom('macAddress').select('mac').execute();
    expect(rows.map((r) => r.mac)).toContain('0A:0B:0C:0D:0E:0F');
    const dup = await callApi(t, admin, 'POST', '/macAddress/create', {
      mac: '0A-0B-0C-0D-0E-0F',
      batchNo: '',
      remark: '',
    });
    expect(dup.errCode).not.toBe(0);
  });

  it('previews every row with its errors, writes nothing, then commits the valid rows at once', async () => {
    const content = await xlsx([
      ['备注', 'MAC 地址', '批次号'],
      ['一号', '00:1a:2b:3c:4d:01', 'B1'],
      ['', '00-1A-2B-3C-4D-02', 'B1'],
      ['', '001a2b3c4d03', 'B1'],
      ['', '001A.2B3C.4D04', 'B1'],
      ['格式错', 'ZZ:1A:2B:3C:4D:05', 'B1'],
      ['', '00:1A:2B:3C:4D:02', 'B1'],
      ['库里已有', '0a:0b:0c:0d:0e:0f', 'B1'],
      ['', '', 'B1'],
    ]);
    const res = await preview(admin, '/macAddress', 'macs.xlsx', content);
    expect(res.errCode, res.errMsg).toBe(0);
    expect(res.data).toMatchObject({
      total: 8,
      valid: 4,
      matched: { mac: 'MAC 地址', batchNo: '批次号', remark: '备注' },
    });
    expect(res.data.sample.map((r) => r.mac)).toEqual([
      '00:1A:2B:3C:4D:01',
      '00:1A:2B:3C:4D:02',
      '00:1A:2B:3C:4D:03',
      '00:1A:2B:3C:4D:04',
    ]);
    expect(res.data.errors.map((e) => [e.row, e.message])).toEqual([
      [6, expect.stringContaining('MAC 地址为 12 位十六进制')],
      [7, '与第 3 行重复'],
      [8, '系统中已存在'],
      [9, 'MAC地址不能为空'],
    ]);
    const before = await t.database.db.selectFrom('macAddress').select('id').execute();
    expect(before).toHaveLength(1);

    expect(
      (await callApi(t, other, 'POST', '/macAddress/import/commit', { importId: res.data.importId })).errCode,
    ).toBe(404001);
    const done = await callApi<{ inserted: number; errors: unknown[] }>(t, admin, 'POST', '/macAddress/import/commit', {
      importId: res.data.importId,
    });
    expect(done.errCode, done.errMsg).toBe(0);
    expect(done.data).toMatchObject({ inserted: 4 });
    expect(done.data.errors).toHaveLength(4);
    const again = await callApi(t, admin, 'POST', '/macAddress/import/commit', { importId: res.data.importId });
    expect(again.errCode).toBe(409003);
  });

  it('commits nothing when the transaction fails midway', async () => {
    const csv = 'MAC地址\n10:00:00:00:00:01\n10:00:00:00:00:02\n10:00:00:00:00:03\n';
    const res = await preview(admin, '/macAddress', 'a.csv', Buffer.from(csv).toString('base64'));
    expect(res.data.valid).toBe(3);
    // Another writer slips the last MAC in after the preview, bypassing the check: the unique
    // index then fails the commit's insert, and none of its rows may stay.
    const draft = await t.database.db
      .selectFrom('registerImport')
      .select('rows')
      .where('id', '=', Number(res.data.importId))
      .executeTakeFirstOrThrow();
    const rows = JSON.parse(draft.rows) as { row: number; values: Record<string, string> }[];
    rows.push({ row: 99, values: { mac: '10:00:00:00:00:01', batchNo: '', remark: '' } });
    await t.database.db
      .updateTable('registerImport')
      .set({ rows: JSON.stringify(rows) })
      .where('id', '=', Number(res.data.importId))
      .execute();
    const failed = await callApi(t, admin, 'POST', '/macAddress/import/commit', { importId: res.data.importId });
    expect(failed.errCode).not.toBe(0);
    const stored = await t.database.db
      .selectFrom('macAddress')
      .select('mac')
      .where('mac', 'like', '10:00:00%')
      .execute();
    expect(stored).toEqual([]);
  });

  it('reads CSV in UTF-8 with a BOM and in GBK, columns in any order', async () => {
    const text =
      '批次号,网关编号,MAC地址,备注\r\nG1,zkbs700001,00:aa:00:00:00:01,"一楼, 东侧"\r\nG1,ZKBS700002,,二楼\r\nG1,坏编号,,\r\n';
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]);
    const utf = await preview(admin, '/zkbEquipmentNo', 'gw.csv', bom.toString('base64'));
    expect(utf.errCode, utf.errMsg).toBe(0);
    expect(utf.data.sample).toEqual([
      { equipmentNo: 'ZKBS700001', mac: '00:AA:00:00:00:01', batchNo: 'G1', remark: '一楼, 东侧' },
      { equipmentNo: 'ZKBS700002', mac: null, batchNo: 'G1', remark: '二楼' },
    ]);
    expect(utf.data.errors).toEqual([expect.objectContaining({ row: 4, field: '网关编号', value: '坏编号' })]);
    const gbk = await preview(admin, '/zkbEquipmentNo', 'gw-gbk.csv', iconv.encode(text, 'gbk').toString('base64'));
    expect(gbk.data.sample).toEqual(utf.data.sample);
    expect(gbk.data.matched).toEqual(utf.data.matched);
  });

  it('refuses a file without the required column, or one it cannot read', async () => {
    const noColumn = await preview(admin, '/macAddress', 'x.csv', Buffer.from('批次号\nB1\n').toString('base64'));
    expect(noColumn.fieldErrors?.content).toContain('MAC地址');
    const garbage = await preview(admin, '/macAddress', 'x.xlsx', Buffer.from('not a zip').toString('base64'));
    expect(garbage.fieldErrors?.content).toContain('无法读取');
  });

  it('serves the template with the headers the import reads', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/zkbEquipmentNo/import/template',
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets[0]?.getRow(1).values).toEqual([undefined, '网关编号', 'MAC地址', '批次号', '备注']);
  });
});
