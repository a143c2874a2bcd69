import iconv from 'iconv-lite';
import { InflatedTooLarge, type SheetLine, readFirstSheet } from './xlsx-reader.js';

/** A spreadsheet's first sheet as text: its header row and the rows below it (with their row numbers). */
export interface Sheet {
  headers: string[];
  rows: SheetLine[];
}

/** A file's sheet, or why it was refused (the event loop's side words the message: ./read-sheet.ts). */
export type SheetOrRefusal =
  { sheet: Sheet } | { refused: 'unreadable' | 'tooLarge' | 'empty' } | { refused: 'tooManyRows'; rows: number };

/**
 * What a sheet worker answers: a sheet's rows as `rowsToJson` text (./draft-rows.ts), which the
 * event loop reads a slice at a time; 50 000 rows as objects took it ~50 ms to receive at once.
 */
export type SheetReply = Exclude<SheetOrRefusal, { sheet: Sheet }> | { headers: string[]; rowsJson: string };

export interface SheetLimits {
  maxInflatedBytes: number;
  /** Rows below the header; a larger file is refused with its count, not sent back whole. */
  maxRows: number;
}

/**
 * The first sheet of an .xlsx or a .csv: the first line with any text is the header, blank lines
 * are left out. Synchronous and CPU-bound: it runs on a worker thread (./sheet-worker.ts).
 */
export function parseSheet(fileName: string, bytes: Buffer, limits: SheetLimits): SheetOrRefusal {
  let lines: SheetLine[];
  if (/\.csv$/i.test(fileName)) lines = parseCsv(decodeText(bytes));
  // An .xlsx is a ZIP: anything else is refused before the reader sees it.
  else if (bytes.length < 4 || bytes.readUInt32LE(0) !== ZIP_MAGIC) return { refused: 'unreadable' };
  else {
    try {
      lines = readFirstSheet(bytes, limits.maxInflatedBytes);
    } catch (err) {
      return { refused: err instanceof InflatedTooLarge ? 'tooLarge' : 'unreadable' };
    }
  }
  const headerAt = lines.findIndex((l) => l.cells.some((c) => c !== ''));
  if (headerAt < 0) return { refused: 'empty' };
  const rows = lines.slice(headerAt + 1).filter((l) => l.cells.some((c) => c !== ''));
  if (rows.length > limits.maxRows) return { refused: 'tooManyRows', rows: rows.length };
  return { sheet: { headers: lines[headerAt]!.cells, rows } };
}

const ZIP_MAGIC = 0x04034b50;

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
export function parseCsv(text: string): SheetLine[] {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const sep = !firstLine.includes(',') && firstLine.includes('\t') ? '\t' : ',';
  const out: SheetLine[] = [];
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
