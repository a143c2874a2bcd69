import type { ImportRowError } from '@console/contract';
import { saveFile } from '../../lib/api/download';

/** The refused rows as an .xlsx the operator fixes and imports again (exceljs loads on first use). */
export async function saveErrorReport(title: string, errors: readonly ImportRowError[]): Promise<void> {
  const { default: Excel } = await import('exceljs');
  const book = new Excel.Workbook();
  const sheet = book.addWorksheet('错误报告');
  sheet.columns = [
    { header: '行号', key: 'row', width: 8 },
    { header: '列', key: 'field', width: 14 },
    { header: '内容', key: 'value', width: 28 },
    { header: '错误原因', key: 'message', width: 48 },
  ];
  sheet.getRow(1).font = { bold: true };
  for (const e of errors) sheet.addRow(e);
  const bytes = await book.xlsx.writeBuffer();
  saveFile(
    new Blob([bytes], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
    `${title}导入错误报告.xlsx`,
  );
}

/** A file's bytes as base64, reporting how much has been read. */
export function readAsBase64(file: Blob, onProgress: (fraction: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    reader.onload = () => {
      const url = typeof reader.result === 'string' ? reader.result : '';
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('无法读取文件'));
    reader.readAsDataURL(file);
  });
}
