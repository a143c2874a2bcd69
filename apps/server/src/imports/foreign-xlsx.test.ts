import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithOperator, type TestApp, type TestOperator } from '../../test/app-with-operator.js';
import { callApi } from '../modules/stores/test-fixtures.js';
import { type ForeignCell, type ForeignXlsxOptions, foreignXlsx } from './foreign-xlsx.testing.js';
import { readSheet } from './read-sheet.js';

type Preview = {
  importId: string;
  total: number;
  valid: number;
  matched: Record<string, string>;
  sample: Record<string, string | null>[];
  errors: { row: number; field: string; message: string }[];
};

/**
 * The .xlsx files operators really have: what WPS, LibreOffice and OpenXML-SDK programs write
 * differently from Excel (and from exceljs, which wrote the other tests' files).
 */
const writers: [string, ForeignXlsxOptions][] = [
  ['inline strings (t="inlineStr")', { inlineStrings: true }],
  ['shared strings split into rich-text runs', { richRuns: true }],
  ['cells and rows without r= references', { noCellRefs: true }],
  ['no dimension element', { noDimension: true }],
  ['x:-prefixed SpreadsheetML', { prefixed: true }],
  ['all of these at once', { inlineStrings: true, noCellRefs: true, noDimension: true, prefixed: true }],
  ['rich runs without references or dimension', { richRuns: true, noCellRefs: true, noDimension: true }],
];

describe('register import of .xlsx files from other spreadsheet programs', () => {
  let t: TestApp;
  let admin: TestOperator;
  let batch = 0;

  beforeAll(async () => {
    ({ t, operator: admin } = await appWithOperator({ permissions: ['macAddress.import', 'zkbEquipmentNo.import'] }));
  });
  afterAll(() => t.close());

  // Columns in an unusual order, a MAC without separators kept as text (its leading zeros
  // matter), a batch number stored as a number, an empty cell between filled ones.
  const rows = (b: number): ForeignCell[][] => [
    ['备注', '批次号', 'MAC 地址'],
    ['一号', 2612, `0011223344${String(b).padStart(2, '0')}`],
    ['', 'W1', `00-1A-2B-3C-4D-${String(b).padStart(2, '0')}`],
    ['坏的', 'W1', 'ZZ:00:00:00:00:00'],
  ];

  it.each(writers)('%s: the preview reads every row and column', async (_name, opts) => {
    batch += 1;
    const res = await callApi<Preview>(t, admin, 'POST', '/macAddress/import/preview', {
      fileName: 'macs.xlsx',
      content: foreignXlsx(rows(batch), opts).toString('base64'),
    });
    expect(res.errCode, res.errMsg).toBe(0);
    expect(res.data).toMatchObject({
      total: 3,
      valid: 2,
      matched: { mac: 'MAC 地址', batchNo: '批次号', remark: '备注' },
    });
    const b = String(batch).padStart(2, '0');
    expect(res.data.sample).toEqual([
      { mac: `00:11:22:33:44:${b}`, batchNo: '2612', remark: '一号' },
      { mac: `00:1A:2B:3C:4D:${b}`, batchNo: 'W1', remark: '' },
    ]);
    expect(res.data.errors).toEqual([expect.objectContaining({ row: 4, field: 'MAC地址' })]);
    const done = await callApi<{ inserted: number }>(t, admin, 'POST', '/macAddress/import/commit', {
      importId: res.data.importId,
    });
    expect(done.data.inserted).toBe(2);
  });

  it('reads a date cell (a serial number with a date format) as the date it shows', async () => {
    const file = foreignXlsx(
      [
        ['网关编号', '到货日期', '数量'],
        ['ZKBS800001', { date: '2026-11-20' }, 12],
        ['ZKBS800002', { date: '1999-02-28' }, 0.5],
      ],
      { noCellRefs: true, prefixed: true },
    );
    const sheet = await readSheet('gw.xlsx', file);
    expect(sheet.headers).toEqual(['网关编号', '到货日期', '数量']);
    expect(sheet.rows).toEqual([
      { row: 2, cells: ['ZKBS800001', '2026-11-20', '12'] },
      { row: 3, cells: ['ZKBS800002', '1999-02-28', '0.5'] },
    ]);
  });

  it('refuses a truncated archive with the operator message', async () => {
    const file = foreignXlsx([['MAC 地址'], ['001122334455']]);
    for (const bad of [file.subarray(0, file.length - 40), file.subarray(0, 200)]) {
      await expect(readSheet('x.xlsx', bad)).rejects.toMatchObject({
        fieldErrors: { content: expect.stringContaining('无法读取') as unknown },
      });
    }
  });
});
