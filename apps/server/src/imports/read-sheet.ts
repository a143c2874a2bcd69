import iconv from 'iconv-lite';
import { fieldError } from '../lib/app-error.js';
import { readFirstSheet } from './xlsx-reader.js';

/** A spreadsheet's first sheet as text: its header row and the rows below it (with their row numbers). */
export interface Sheet {
  headers: string[];
  rows: { row: number; cells: string[] }[];
}

/** Reads an .xlsx (Excel, WPS, LibreOffice) or a .csv (UTF-8 with or without BOM, or GBK). */
export async function readSheet(fileName: string, bytes: Buffer): Promise<Sheet> {
  const lines = /\.csv$/i.test(fileName) ? parseCsv(decodeText(bytes)) : await readXlsx(bytes);
  const headerAt = lines.findIndex((l) => l.cells.some((c) => c !== ''));
  if (headerAt < 0) throw fieldError('content', '文件中没有数据');
  return {
    headers: lines[headerAt]!.cells,
    rows: lines.slice(headerAt + 1).filter((l) => l.cells.some((c) => c !== '')),
  };
}

/**
 * Text of a CSV file. Excel on Chinese Windows saves "CSV" in GBK, most other tools in UTF-8
 * (Excel's "CSV UTF-8" adds a BOM): bytes that are not valid UTF-8 are read as GB18030, GBK's superset.
 */
export function decodeText(bytes: Buffer): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return bytes.subarray(3).toString('utf8');
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return bytes.subarray(2).toString('utf16le');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return iconv.decode(bytes, 'gb18030');
  }
}

/** RFC 4180 CSV (quoted fields, doubled quotes, CRLF or LF); a header with tabs and no commas is TSV. */
export function parseCsv(text: string): { row: number; cells: string[] }[] {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const sep = !firstLine.includes(',') && firstLine.includes('\t') ? '\t' : ',';
  const out: { row: number; cells: string[] }[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  const endRow = () => {
    cells.push(cell.trim());
    out.push({ row: out.length + 1, cells });
    cells = [];
    cell = '';
  };
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell.trim() === '') {
      cell = '';
      quoted = true;
    } else if (ch === sep) {
      cells.push(cell.trim());
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i += 1;
      endRow();
    } else cell += ch;
  }
  if (cell !== '' || cells.length > 0) endRow();
  return out;
}

/** The first worksheet (./xlsx-reader.ts); a file that is not a readable .xlsx is refused with a message. */
async function readXlsx(bytes: Buffer): Promise<{ row: number; cells: string[] }[]> {
  const unreadable = () => fieldError('content', '无法读取该 Excel 文件，请另存为 .xlsx 或 .csv 后重试');
  // An .xlsx is a ZIP: anything else is refused before the reader sees it.
  if (bytes.length < 4 || bytes.readUInt32LE(0) !== ZIP_MAGIC) throw unreadable();
  try {
    return await readFirstSheet(bytes, () => new Promise<void>((resolve) => setImmediate(resolve)));
  } catch {
    throw unreadable();
  }
}

const ZIP_MAGIC = 0x04034b50;
