import type { ImportColumn, ImportRowError, RegisterImport } from '@console/contract';
import { IMPORT_MAX_ROWS } from '@console/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';
import { fieldError } from '../lib/app-error.js';
import { letRequestsIn } from '../lib/let-requests-in.js';
import { type Sheet, tooManyRows } from './read-sheet.js';
import { registerTable } from './register-table.js';

/** Rows checked between two turns of the event loop (a few milliseconds of zod each). */
const ROWS_PER_TURN = 1000;

/** A row that passed every check, with its values as they will be stored. */
export interface ValidRow {
  row: number;
  values: Record<string, string | null>;
}

export interface CheckedRows {
  total: number;
  valid: ValidRow[];
  errors: ImportRowError[];
  /** The file's header for each column found. */
  matched: Record<string, string>;
}

/** Headers compared without case, spaces, punctuation or a required-mark: "MAC 地址*" is "mac地址". */
const headerKey = (s: string) =>
  s
    .toLowerCase()
    .replace(/[（(]必填[)）]/g, '')
    .replace(/[\s_\-:：*（）()]/g, '');

/** Which file column holds each import column, whatever their order. */
export function matchColumns(spec: RegisterImport, headers: readonly string[]): Map<ImportColumn, number> {
  const keys = headers.map(headerKey);
  const found = new Map<ImportColumn, number>();
  for (const column of spec.columns) {
    const names = [column.header, column.field, ...column.aliases].map(headerKey);
    const at = keys.findIndex((k) => k !== '' && names.includes(k));
    if (at >= 0) found.set(column, at);
  }
  const missing = spec.columns.filter((c) => c.required && !found.has(c)).map((c) => c.header);
  if (missing.length > 0) {
    throw fieldError('content', `找不到必填列「${missing.join('」「')}」，请使用导入模板的表头`);
  }
  return found;
}

/**
 * Checks every row against the resource's own create rules (so an import accepts exactly what
 * the add form accepts, MACs normalised the same way), then duplicates within the file, letting
 * other requests in every thousand rows. Duplicates already in the table are
 * `existingDuplicates`' job: it needs the database.
 */
export async function checkRows(spec: RegisterImport, sheet: Sheet): Promise<CheckedRows> {
  if (sheet.rows.length > IMPORT_MAX_ROWS) throw tooManyRows(sheet.rows.length);
  const columns = matchColumns(spec, sheet.headers);
  const matched = Object.fromEntries([...columns].map(([c, at]) => [c.field, sheet.headers[at] ?? '']));
  const schema = spec.resource.createSchema;
  const valid: ValidRow[] = [];
  const errors: ImportRowError[] = [];
  const firstRowOf = new Map<string, number>();
  for (const [index, { row, cells }] of sheet.rows.entries()) {
    if (index > 0 && index % ROWS_PER_TURN === 0) await letRequestsIn();
    const input: Record<string, string> = {};
    const rowErrors: ImportRowError[] = [];
    for (const [column, at] of columns) {
      const value = cells[at] ?? '';
      if (value !== '') input[column.field] = value;
      else if (column.required)
        rowErrors.push({ row, field: column.header, value, message: `${column.header}不能为空` });
    }
    const parsed = rowErrors.length === 0 ? schema.safeParse(input) : null;
    if (parsed && !parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? '');
        const column = spec.columns.find((c) => c.field === field);
        rowErrors.push({ row, field: column?.header ?? field, value: input[field] ?? '', message: issue.message });
      }
    }
    if (!parsed?.success) {
      errors.push(...rowErrors);
      continue;
    }
    const data = parsed.data;
    const values = Object.fromEntries(
      spec.columns.map((c) => [c.field, data[c.field] === undefined ? null : (data[c.field] as string | null)]),
    );
    const key = String(values[spec.key] ?? '');
    const first = firstRowOf.get(key);
    if (first !== undefined) {
      errors.push({ row, field: keyHeader(spec), value: key, message: `与第 ${first} 行重复` });
      continue;
    }
    firstRowOf.set(key, row);
    valid.push({ row, values });
  }
  return { total: sheet.rows.length, valid, errors, matched };
}

const keyHeader = (spec: RegisterImport) => spec.columns.find((c) => c.field === spec.key)?.header ?? spec.key;

/** Rows whose key the table already holds, looked up a thousand at a time between other requests. */
export async function existingDuplicates(
  db: Kysely<Database>,
  table: string,
  spec: RegisterImport,
  rows: readonly ValidRow[],
): Promise<ImportRowError[]> {
  const taken = new Set<string>();
  for (let i = 0; i < rows.length; i += 1000) {
    if (i > 0) await letRequestsIn();
    const keys = rows.slice(i, i + 1000).map((r) => String(r.values[spec.key]));
    const found = await registerTable(db).selectFrom(table).select(spec.key).where(spec.key, 'in', keys).execute();
    for (const f of found) taken.add(String(f[spec.key]));
  }
  return rows
    .filter((r) => taken.has(String(r.values[spec.key])))
    .map((r) => ({ row: r.row, field: keyHeader(spec), value: String(r.values[spec.key]), message: '系统中已存在' }));
}
