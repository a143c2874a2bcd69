import { constants, crc32, deflateRawSync } from 'node:zlib';

/**
 * .xlsx files written the way other spreadsheet programs write them, not the way exceljs does:
 * test fixtures for the import reader, built here because LibreOffice and WPS are not installed
 * (and must not be). Each option reproduces one thing those writers are known to emit.
 */
export interface ForeignXlsxOptions {
  /** Strings in the cell (`t="inlineStr"` with `<is><t>`) instead of the shared-string table. */
  inlineStrings?: boolean;
  /** Shared strings split into formatted runs (`<si><r><rPr/><t>…</t></r>…</si>`). */
  richRuns?: boolean;
  /** Cells without `r="A1"` (their column is their position in the row), rows without `r` too. */
  noCellRefs?: boolean;
  /** No `<dimension>` element. */
  noDimension?: boolean;
  /** Every element in the `x:` namespace prefix (writers built on .NET's OpenXML SDK). */
  prefixed?: boolean;
  /**
   * The sheet padded with this many MB of whitespace before its rows, packed about a
   * thousandfold: a ZIP bomb of `padMb` MB in about `padMb` KB.
   */
  padMb?: number;
}

/** A cell: text, a number, or a date stored as its serial number with a date format. */
export type ForeignCell = string | number | { date: string };

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const colName = (i: number): string =>
  (i < 26 ? '' : colName(Math.floor(i / 26) - 1)) + String.fromCharCode(65 + (i % 26));
/** Days since 1899-12-30, as spreadsheets store dates. */
const serialOf = (isoDate: string) => Date.parse(`${isoDate}T00:00:00Z`) / 86_400_000 + 25_569;

export function foreignXlsx(rows: ForeignCell[][], opts: ForeignXlsxOptions = {}): Buffer {
  const p = opts.prefixed ? 'x:' : '';
  const xmlns = opts.prefixed ? `xmlns:x="${NS}"` : `xmlns="${NS}"`;
  const shared: string[] = [];
  const sharedAt = new Map<string, number>();
  const sharedIndex = (s: string) => {
    const at = sharedAt.get(s) ?? shared.push(s) - 1;
    sharedAt.set(s, at);
    return at;
  };
  const cell = (value: ForeignCell, r: number, c: number) => {
    const ref = opts.noCellRefs ? '' : ` r="${colName(c)}${r}"`;
    if (typeof value === 'number') return `<${p}c${ref}><${p}v>${value}</${p}v></${p}c>`;
    if (typeof value === 'object') return `<${p}c${ref} s="1"><${p}v>${serialOf(value.date)}</${p}v></${p}c>`;
    // Without references a cell's column is its position, so an empty one is still written.
    if (value === '') return opts.noCellRefs ? `<${p}c/>` : '';
    if (opts.inlineStrings) return `<${p}c${ref} t="inlineStr"><${p}is><${p}t>${esc(value)}</${p}t></${p}is></${p}c>`;
    return `<${p}c${ref} t="s"><${p}v>${sharedIndex(value)}</${p}v></${p}c>`;
  };
  const body = rows
    .map((cells, i) => {
      const rowRef = opts.noCellRefs ? '' : ` r="${i + 1}"`;
      return `<${p}row${rowRef}>${cells.map((v, c) => cell(v, i + 1, c)).join('')}</${p}row>`;
    })
    .join('');
  const width = Math.max(1, ...rows.map((r) => r.length));
  const dimension = opts.noDimension
    ? ''
    : `<${p}dimension ref="A1:${colName(width - 1)}${Math.max(rows.length, 1)}"/>`;
  const sheetHead = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<${p}worksheet ${xmlns} xmlns:r="${REL_NS}">${dimension}`;
  const sheetRest = `<${p}sheetData>${body}</${p}sheetData></${p}worksheet>`;
  const sheet: ZipEntry = opts.padMb ? padded(sheetHead, opts.padMb, sheetRest) : { text: `${sheetHead}${sheetRest}` };

  const run = (text: string, i: number) =>
    `<${p}r><${p}rPr><${p}sz val="11"/>${i % 2 ? `<${p}b/>` : ''}<${p}rFont val="宋体"/></${p}rPr><${p}t xml:space="preserve">${esc(text)}</${p}t></${p}r>`;
  const si = (s: string) => {
    if (!opts.richRuns || s.length < 2) return `<${p}si><${p}t xml:space="preserve">${esc(s)}</${p}t></${p}si>`;
    const half = Math.ceil(s.length / 2);
    return `<${p}si>${[s.slice(0, half), s.slice(half)].map(run).join('')}</${p}si>`;
  };
  const sharedXml = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<${p}sst ${xmlns} count="${shared.length}" uniqueCount="${shared.length}">${shared.map(si).join('')}</${p}sst>`;
  // Style 1 is a date (built-in number format 14, yyyy/m/d), as a date typed into a cell gets.
  const styles = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<${p}styleSheet ${xmlns}><${p}fonts count="1"><${p}font><${p}sz val="11"/><${p}name val="宋体"/></${p}font></${p}fonts><${p}fills count="1"><${p}fill><${p}patternFill patternType="none"/></${p}fill></${p}fills><${p}borders count="1"><${p}border/></${p}borders><${p}cellStyleXfs count="1"><${p}xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></${p}cellStyleXfs><${p}cellXfs count="2"><${p}xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><${p}xf numFmtId="14" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></${p}cellXfs></${p}styleSheet>`;
  const workbook = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<${p}workbook ${xmlns} xmlns:r="${REL_NS}"><${p}sheets><${p}sheet name="Sheet1" sheetId="1" r:id="rId1"/></${p}sheets></${p}workbook>`;
  const rel = (id: string, type: string, target: string) =>
    `<Relationship Id="${id}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/${type}" Target="${target}"/>`;
  const rels = (inner: string) =>
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${inner}</Relationships>`;
  const ct = (part: string, type: string) =>
    `<Override PartName="${part}" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.${type}+xml"/>`;
  const contentTypes = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>${ct('/xl/workbook.xml', 'sheet.main')}${ct('/xl/worksheets/sheet1.xml', 'worksheet')}${ct('/xl/styles.xml', 'styles')}${shared.length ? ct('/xl/sharedStrings.xml', 'sharedStrings') : ''}</Types>`;

  const files: [string, string | ZipEntry][] = [
    ['[Content_Types].xml', contentTypes],
    ['_rels/.rels', rels(rel('rId1', 'officeDocument', 'xl/workbook.xml'))],
    ['xl/workbook.xml', workbook],
    [
      'xl/_rels/workbook.xml.rels',
      rels(
        rel('rId1', 'worksheet', 'worksheets/sheet1.xml') +
          rel('rId2', 'styles', 'styles.xml') +
          (shared.length ? rel('rId3', 'sharedStrings', 'sharedStrings.xml') : ''),
      ),
    ],
    ['xl/styles.xml', styles],
    ...(shared.length ? [['xl/sharedStrings.xml', sharedXml] as [string, string]] : []),
    ['xl/worksheets/sheet1.xml', sheet],
  ];
  return zip(files);
}

/** A part's text, or its deflated bytes with the size and CRC of what they unpack to. */
type ZipEntry = { text: string } | { packed: Buffer; size: number; crc: number };

/**
 * `head`, `mb` MB of spaces and `tail`, deflated piece by piece: each piece is flushed to a byte
 * boundary and refers to nothing before it, so one packed MB repeated is a valid stream that
 * unpacks to every copy (the whole text is never held in memory).
 */
function padded(head: string, mb: number, tail: string): ZipEntry {
  const piece = (text: Buffer | string, last: boolean) =>
    deflateRawSync(text, { finishFlush: last ? constants.Z_FINISH : constants.Z_SYNC_FLUSH });
  const spaces = Buffer.alloc(1024 * 1024, ' ');
  const packedSpaces = piece(spaces, false);
  let crc = crc32(head);
  for (let i = 0; i < mb; i += 1) crc = crc32(spaces, crc);
  crc = crc32(tail, crc);
  return {
    packed: Buffer.concat([piece(head, false), ...Array<Buffer>(mb).fill(packedSpaces), piece(tail, true)]),
    size: Buffer.byteLength(head) + mb * spaces.length + Buffer.byteLength(tail),
    crc,
  };
}

function deflated(text: string) {
  const data = Buffer.from(text, 'utf8');
  return { packed: deflateRawSync(data), size: data.length, crc: crc32(data) };
}

/** A ZIP archive of deflated entries (the subset of the format every .xlsx reader accepts). */
function zip(files: [string, string | ZipEntry][]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of files) {
    const entry: ZipEntry = typeof content === 'string' ? { text: content } : content;
    const { packed, size, crc } = 'text' in entry ? deflated(entry.text) : entry;
    const nameBytes = Buffer.from(name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(0, 10); // time, date
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(0, 12);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, packed);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + packed.length;
  }
  const centralSize = centrals.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
}
