import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { type Cell, writeSheet } from './xlsx-sheet.js';

/** Writes a workbook into memory and reads every sheet back as plain rows. */
async function written(spec: Parameters<typeof writeSheet>[1]) {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const rows = await writeSheet(out, spec);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(new Uint8Array(Buffer.concat(chunks)).buffer);
  const sheets = workbook.worksheets.map((sheet) => {
    const values: Cell[][] = [];
    sheet.eachRow((row) => values.push((row.values as Cell[]).slice(1)));
    return { name: sheet.name, values };
  });
  return { rows, sheets };
}

const columns = [
  { header: '名称', width: 10 },
  { header: '数量', width: 10 },
];
const batch = (from: number, n: number): Cell[][] => Array.from({ length: n }, (_, i) => [`第${from + i}行`, from + i]);

describe('writeSheet', () => {
  it('starts another sheet with the same header once a sheet holds its rows, the note on the last', async () => {
    const progress: number[] = [];
    const { rows, sheets } = await written({
      title: '门店列表',
      columns,
      batches: [batch(1, 3), batch(4, 3), batch(7, 1)],
      note: '仅导出前 7 条',
      sheetRows: 3,
      onBatch: (n) => Promise.resolve(void progress.push(n)),
    });
    expect(rows).toBe(7);
    expect(progress).toEqual([3, 6, 7]);
    expect(sheets.map((s) => s.name)).toEqual(['门店列表', '门店列表 (2)', '门店列表 (3)']);
    expect(sheets.map((s) => s.values[0])).toEqual([
      ['名称', '数量'],
      ['名称', '数量'],
      ['名称', '数量'],
    ]);
    expect(sheets.map((s) => s.values.slice(1).map((r) => r[0]))).toEqual([
      ['第1行', '第2行', '第3行'],
      ['第4行', '第5行', '第6行'],
      ['第7行', '仅导出前 7 条'],
    ]);
  });

  it('keeps one sheet when the rows fit exactly, and never more rows on a sheet than Excel allows', async () => {
    const { sheets } = await written({ title: '列表', columns, batches: [batch(1, 2)], sheetRows: 2 });
    expect(sheets).toHaveLength(1);
    const capped = await written({ title: '列表', columns, batches: [batch(1, 2)], sheetRows: 5_000_000 });
    expect(capped.sheets).toHaveLength(1);
  });
});
