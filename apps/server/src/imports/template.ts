import type { RegisterImport } from '@console/contract';
import type ExcelJS from 'exceljs';

let excel: Promise<typeof ExcelJS> | undefined;
const loadExcel = () => (excel ??= import('exceljs').then((m) => m.default));

/** The import template: the headers the import looks for, required ones marked, and one example row. */
export async function templateWorkbook(spec: RegisterImport): Promise<Buffer> {
  const Excel = await loadExcel();
  const book = new Excel.Workbook();
  const sheet = book.addWorksheet(spec.resource.title);
  sheet.columns = spec.columns.map((c) => ({
    header: c.header,
    key: c.field,
    width: Math.max(16, c.example.length + 6),
  }));
  sheet.addRow(Object.fromEntries(spec.columns.map((c) => [c.field, c.example])));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  spec.columns.forEach((c, i) => {
    const cell = header.getCell(i + 1);
    // Text cells, so a pasted number-only serial keeps its leading zeros.
    sheet.getColumn(i + 1).numFmt = '@';
    if (c.required) cell.note = '必填';
  });
  const note = book.addWorksheet('说明');
  note.addRow(['每行一条记录，表头名称不可修改，列的顺序可以调整。']);
  note.addRow([`一次最多导入 50,000 行；支持 .xlsx（Excel、WPS、LibreOffice）和 .csv（UTF-8 或 GBK）。`]);
  note.addRow(['MAC 地址可写作 00:1A:2B:3C:4D:5E、00-1A-2B-3C-4D-5E 或 001A2B3C4D5E，大小写均可。']);
  note.getColumn(1).width = 90;
  return Buffer.from(await book.xlsx.writeBuffer());
}
