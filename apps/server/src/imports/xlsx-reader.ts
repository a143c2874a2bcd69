import { inflateRawSync } from 'node:zlib';

/**
 * The first worksheet of an .xlsx as text, read the way every writer's file reads: Excel's, WPS's,
 * LibreOffice's and the ones built on .NET's OpenXML SDK. exceljs's reader assumes what Excel
 * writes and gives up on cells without an `r="A1"` reference or on `x:`-prefixed elements, and
 * returns a date cell as its serial number; this reader takes cells by position when they carry
 * no reference, ignores namespace prefixes, joins rich-text runs, reads inline strings, and
 * writes a date-formatted number as the date the operator sees. It is synchronous: the server
 * runs it on a worker thread (./sheet-worker.ts), never on the event loop.
 */

export class UnreadableXlsx extends Error {}

/** The parts read so far unpack to more than the file's budget (a ZIP bomb, or a sheet far too big). */
export class InflatedTooLarge extends Error {}

/**
 * The parts of a ZIP archive, by name, unpacked when asked for. Every part unpacked counts
 * against `maxInflatedBytes`: inflation stops at the budget (zlib's maxOutputLength), so a bomb
 * costs at most that much memory and time, whatever it claims in its headers.
 */
function zipParts(bytes: Buffer, maxInflatedBytes: number): Map<string, () => Buffer> {
  const eocd = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0 || eocd + 22 > bytes.length) throw new UnreadableXlsx('no central directory');
  const count = bytes.readUInt16LE(eocd + 10);
  let at = bytes.readUInt32LE(eocd + 16);
  const parts = new Map<string, () => Buffer>();
  let budget = maxInflatedBytes;
  for (let i = 0; i < count; i += 1) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== 0x02014b50) throw new UnreadableXlsx('bad entry');
    const method = bytes.readUInt16LE(at + 10);
    const packedSize = bytes.readUInt32LE(at + 20);
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    const local = bytes.readUInt32LE(at + 42);
    const name = bytes.toString('utf8', at + 46, at + 46 + nameLength).replace(/^\//, '');
    at += 46 + nameLength + extraLength + commentLength;
    parts.set(name, () => {
      if (local + 30 > bytes.length || bytes.readUInt32LE(local) !== 0x04034b50) throw new UnreadableXlsx('bad part');
      const start = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
      const packed = bytes.subarray(start, start + packedSize);
      if (packed.length !== packedSize) throw new UnreadableXlsx('truncated part');
      if (method !== 0 && method !== 8) throw new UnreadableXlsx('unsupported compression');
      const part = method === 0 ? packed : inflateWithin(packed, budget);
      if (part.length > budget) throw new InflatedTooLarge();
      budget -= part.length;
      return part;
    });
  }
  return parts;
}

function inflateWithin(packed: Buffer, budget: number): Buffer {
  try {
    // One byte over the budget tells "exactly the budget" from "more than it".
    return inflateRawSync(packed, { maxOutputLength: budget + 1 });
  } catch (err) {
    if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new InflatedTooLarge();
    throw err;
  }
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
function unescapeXml(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, e: string) => {
    if (e[0] === '#') {
      const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[e] ?? whole;
  });
}

// Element patterns that ignore any namespace prefix (`<t>`, `<x:t>`).
const el = (name: string) =>
  new RegExp(`<(?:[\\w.-]+:)?${name}\\b([^>]*?)(?:/>|>([\\s\\S]*?)</(?:[\\w.-]+:)?${name}>)`, 'g');
const attr = (attrs: string, name: string) => new RegExp(`(?:^|\\s)(?:[\\w.-]+:)?${name}="([^"]*)"`).exec(attrs)?.[1];

// Compiled once: a 50 000-row sheet matches them hundreds of thousands of times.
const ROW = el('row');
const CELL = el('c');
/** First match only (no `g`): a cell's value, an inline string. */
const VALUE = new RegExp(el('v').source);
const INLINE = new RegExp(el('is').source);
const TEXT = el('t');
const PHONETIC = el('rPh');

/**
 * Whether every `<name …>` that is not self-closing has its `</name>`. The element patterns look
 * ahead for the closing tag; unclosed ones (a damaged or hostile file) would make each look
 * scan to the end of the part, so such a part is refused before it is read.
 */
function closes(xml: string, name: string): boolean {
  const count = (re: RegExp) => xml.match(re)?.length ?? 0;
  const opened = count(new RegExp(`<(?:[\\w.-]+:)?${name}[\\s>/]`, 'g'));
  const selfClosed = count(new RegExp(`<(?:[\\w.-]+:)?${name}\\b[^>]*/>`, 'g'));
  return opened - selfClosed <= count(new RegExp(`</(?:[\\w.-]+:)?${name}>`, 'g'));
}

/** The text of a string item: its `<t>`s (a plain one or every rich-text run), phonetic guides left out. */
function stringText(xml: string): string {
  const visible = xml.replace(PHONETIC, '');
  let text = '';
  for (const m of visible.matchAll(TEXT)) text += m[2] ?? '';
  return unescapeXml(text);
}

const BUILTIN_DATE_FORMATS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 30, 36, 45, 46, 47, 50, 57]);

/** Which cell styles show a number as a date (built-in date formats, or a custom code with date parts). */
function dateStyles(xml: string | undefined): boolean[] {
  if (!xml) return [];
  const custom = new Map<number, string>();
  for (const m of xml.matchAll(el('numFmt'))) {
    custom.set(Number(attr(m[1] ?? '', 'numFmtId')), unescapeXml(attr(m[1] ?? '', 'formatCode') ?? ''));
  }
  const cellXfs = [...xml.matchAll(el('cellXfs'))][0]?.[2] ?? '';
  return [...cellXfs.matchAll(el('xf'))].map((m) => {
    const id = Number(attr(m[1] ?? '', 'numFmtId') ?? 0);
    const code = custom.get(id);
    if (code === undefined) return BUILTIN_DATE_FORMATS.has(id);
    // Quoted text, [colours] and escaped characters say nothing about dates.
    const bare = code.replace(/"[^"]*"|\[[^\]]*\]|\\./g, '');
    return /[ymdhs]/i.test(bare) && !/^[#0.,%\s]*$/.test(bare);
  });
}

/** A date serial as the date (and time, when it has one) it shows. */
function serialDate(serial: number, date1904: boolean): string {
  // Day 0 is 1899-12-30 (1900 system, which counts a phantom 1900-02-29 as day 60) or 1904-01-01.
  const epochDays = date1904 ? serial - 24_107 : serial < 61 ? serial - 25_568 : serial - 25_569;
  const iso = new Date(Math.round(epochDays * 86_400) * 1000).toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
}

/** Column number (0-based) of a reference such as `AB12`. */
function columnOf(ref: string): number {
  let col = 0;
  for (const ch of ref.toUpperCase()) {
    if (ch < 'A' || ch > 'Z') break;
    col = col * 26 + (ch.charCodeAt(0) - 64);
  }
  return col - 1;
}

/** Resolves a relationship target against the folder of the part that names it. */
function resolvePart(base: string, target: string): string {
  if (target.startsWith('/')) return target.slice(1);
  const parts = base.split('/').slice(0, -1);
  for (const seg of target.split('/')) {
    if (seg === '..') parts.pop();
    else if (seg !== '.') parts.push(seg);
  }
  return parts.join('/');
}

function relsOf(parts: Map<string, () => Buffer>, part: string): Map<string, string> {
  const slash = part.lastIndexOf('/');
  const relsName = `${part.slice(0, slash + 1)}_rels/${part.slice(slash + 1)}.rels`;
  const xml = parts.get(relsName)?.().toString('utf8') ?? '';
  const out = new Map<string, string>();
  for (const m of xml.matchAll(el('Relationship'))) {
    const id = attr(m[1] ?? '', 'Id');
    const target = attr(m[1] ?? '', 'Target');
    const type = attr(m[1] ?? '', 'Type') ?? '';
    if (id && target) out.set(id, resolvePart(part, target));
    if (target && type.endsWith('/sharedStrings')) out.set('#sharedStrings', resolvePart(part, target));
    if (target && type.endsWith('/styles')) out.set('#styles', resolvePart(part, target));
    if (target && type.endsWith('/officeDocument')) out.set('#officeDocument', resolvePart(part, target));
  }
  return out;
}

export type SheetLine = { row: number; cells: string[] };

/** The first worksheet's rows (numbered as in the sheet), each cell as text. */
export function readFirstSheet(bytes: Buffer, maxInflatedBytes: number): SheetLine[] {
  const parts = zipParts(bytes, maxInflatedBytes);
  const text = (name: string | undefined) => (name ? parts.get(name)?.().toString('utf8') : undefined);
  const workbookName = relsOf(parts, '').get('#officeDocument') ?? 'xl/workbook.xml';
  const workbook = text(workbookName);
  if (!workbook) throw new UnreadableXlsx('no workbook');
  const workbookRels = relsOf(parts, workbookName);
  const firstSheet = [...workbook.matchAll(el('sheet'))][0]?.[1] ?? '';
  const sheetName = workbookRels.get(attr(firstSheet, 'id') ?? '') ?? 'xl/worksheets/sheet1.xml';
  const sheet = text(sheetName);
  if (!sheet) throw new UnreadableXlsx('no worksheet');
  if (!closes(sheet, 'row') || !closes(sheet, 'c')) throw new UnreadableXlsx('unclosed elements');
  const date1904 = /date1904="(1|true)"/.test([...workbook.matchAll(el('workbookPr'))][0]?.[1] ?? '');
  const sharedXml = text(workbookRels.get('#sharedStrings')) ?? '';
  if (!closes(sharedXml, 'si')) throw new UnreadableXlsx('unclosed elements');
  const shared = [...sharedXml.matchAll(el('si'))].map((m) => stringText(m[2] ?? ''));
  const isDate = dateStyles(text(workbookRels.get('#styles')));

  const out: SheetLine[] = [];
  let rowNumber = 0;
  for (const rowMatch of sheet.matchAll(ROW)) {
    rowNumber = Number(attr(rowMatch[1] ?? '', 'r') ?? rowNumber + 1) || rowNumber + 1;
    const cells: string[] = [];
    let col = -1;
    for (const c of (rowMatch[2] ?? '').matchAll(CELL)) {
      const attrs = c[1] ?? '';
      const inner = c[2] ?? '';
      const ref = attr(attrs, 'r');
      col = ref ? columnOf(ref) : col + 1;
      if (col < 0 || col > 16_383) throw new UnreadableXlsx('bad cell reference');
      const type = attr(attrs, 't') ?? 'n';
      const v = unescapeXml(VALUE.exec(inner)?.[2] ?? '');
      let value: string;
      if (type === 's') value = shared[Number(v)] ?? '';
      else if (type === 'inlineStr') value = stringText(INLINE.exec(inner)?.[2] ?? '');
      else if (type === 'b') value = v === '1' ? 'true' : v === '0' ? 'false' : v;
      else if (type === 'n' && v !== '' && isDate[Number(attr(attrs, 's') ?? 0)] && Number.isFinite(Number(v)))
        value = serialDate(Number(v), date1904);
      else value = v;
      while (cells.length < col) cells.push('');
      cells[col] = value.trim();
    }
    out.push({ row: rowNumber, cells });
  }
  return out;
}
