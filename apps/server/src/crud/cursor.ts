import type { z } from 'zod';
import { fieldError } from '../lib/app-error.js';

export interface Cursor {
  field: string;
  order: 'ascend' | 'descend';
  value: unknown;
  id: number;
}

/** What the console shows for any cursor the list did not hand out (forged, stale or garbled). */
export const BAD_CURSOR_MESSAGE = '翻页位置无效，请回到第一页';

export function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify([c.field, c.order, c.value, c.id])).toString('base64url');
}

/**
 * A cursor from `after`. It is only ever one this list handed out, so anything else is refused
 * as a validation error before it reaches SQL: garbage, another sort's cursor, an id that is not
 * a positive safe integer, or a sort value of another type than the sort field's (`sortField`,
 * its entity schema): an object bound into SQL fails in SQLite's driver, and a number past a
 * column's range or a string against an integer column fails in PostgreSQL.
 */
export function decodeCursor(
  after: string,
  field: string,
  order: 'ascend' | 'descend',
  sortField: z.ZodType | undefined,
): Cursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(after, 'base64url').toString('utf8'));
  } catch {
    parsed = null;
  }
  if (
    !Array.isArray(parsed) ||
    parsed.length !== 4 ||
    parsed[0] !== field ||
    parsed[1] !== order ||
    !Number.isSafeInteger(parsed[3]) ||
    (parsed[3] as number) < 1 ||
    (field !== 'id' && !sortValueFits(parsed[2], sortField))
  ) {
    throw fieldError('after', BAD_CURSOR_MESSAGE);
  }
  return { field, order, value: parsed[2] as unknown, id: parsed[3] as number };
}

const INT4 = 2_147_483_647;
/** A sort value as the database keeps it never nears this; a longer one is not one of ours. */
const MAX_TEXT = 2_000;

/**
 * Whether a cursor's sort value has the type the database holds for the field: text for string
 * schemas (times are ISO text on both engines), a finite number within the schema's bounds for
 * number schemas (and within a 32-bit integer unless the schema itself allows more, as amounts
 * in fen do), 0/1 or a boolean for boolean schemas. Sortable fields are NOT NULL (resource.ts).
 */
export function sortValueFits(value: unknown, schema: z.ZodType | undefined): boolean {
  const base = schema ? unwrap(schema) : undefined;
  const kind = base?._zod.def.type;
  if (kind === 'string' || kind === 'enum' || kind === 'template_literal') {
    return typeof value === 'string' && value.length <= MAX_TEXT && !value.includes('\0');
  }
  if (kind === 'number' || kind === 'int') return numberFits(value, base as z.ZodNumber);
  if (kind === 'boolean') return typeof value === 'boolean' || value === 0 || value === 1;
  // A computed or unusual field: a plain scalar still binds safely on both engines.
  return (
    (typeof value === 'string' && value.length <= MAX_TEXT && !value.includes('\0')) ||
    (typeof value === 'number' && Number.isSafeInteger(value) && Math.abs(value) <= INT4)
  );
}

function numberFits(value: unknown, schema: z.ZodNumber): boolean {
  if (typeof value !== 'number' || !Number.isFinite(value)) return false;
  if (schema.isInt && !Number.isSafeInteger(value)) return false;
  const min = schema.minValue ?? -Infinity;
  const max = schema.maxValue ?? Infinity;
  if (value < min || value > max) return false;
  // An int schema's implicit bounds are the safe integers; only explicit wider bounds say the
  // column is wider than a 32-bit integer.
  const declaredWide = (max > INT4 && max < Number.MAX_SAFE_INTEGER) || (min < -INT4 && min > Number.MIN_SAFE_INTEGER);
  return !schema.isInt || declaredWide || Math.abs(value) <= INT4;
}

/** The schema under optional, nullable, default, readonly and pipes (their input side). */
function unwrap(schema: z.ZodType): z.ZodType {
  let s = schema;
  for (let i = 0; i < 10; i += 1) {
    const def = s._zod.def as { type: string; innerType?: z.ZodType; in?: z.ZodType };
    if (def.innerType) s = def.innerType;
    else if (def.type === 'pipe' && def.in) s = def.in;
    else break;
  }
  return s;
}
