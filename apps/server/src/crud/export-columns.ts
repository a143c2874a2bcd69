import { type AnyResource, isMoney, isoTime } from '@console/contract';
import { z } from 'zod';
import { SHANGHAI_OFFSET_MS, type SheetLayout, shanghaiStamp } from '../http/xlsx-sheet.js';

export { shanghaiStamp };

/** One column of an export: its header and how a wire value becomes a cell. */
export interface SheetColumn extends SheetLayout {
  field: string;
  cell: (value: unknown) => string | number | null;
}

/** An ISO instant as Beijing wall-clock time, `YYYY-MM-DD HH:mm:ss`; anything unparsable as is. */
export function shanghaiTime(iso: string): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return iso;
  return new Date(ms + SHANGHAI_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

function unwrap(schema: z.ZodType): z.ZodType {
  let inner = schema;
  for (let i = 0; i < 5; i += 1) {
    if (inner instanceof z.ZodOptional || inner instanceof z.ZodNullable || inner instanceof z.ZodDefault) {
      inner = inner.unwrap() as z.ZodType;
    } else break;
  }
  return inner;
}

/** A `labelledEnum` carries its Chinese labels; a described copy would not, so none is. */
function enumLabels(schema: z.ZodType): Record<number, string> | undefined {
  const labels = (schema as { labels?: unknown }).labels;
  return labels && typeof labels === 'object' ? (labels as Record<number, string>) : undefined;
}

/** A wire value as cell text: strings as they are, structured values as JSON. */
function text(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

// Header width in characters: a CJK character takes about two.
const displayWidth = (text: string) => [...text].reduce((n, c) => n + (c.charCodeAt(0) > 0xff ? 2 : 1), 0);

/**
 * The export's columns from the contract: headers from the field labels, enums as their labels,
 * amounts (fen) in 元 with two decimals, instants in Beijing time, booleans as 是/否.
 */
export function sheetColumns(resource: AnyResource): SheetColumn[] {
  const shape = resource.entity.shape as Record<string, z.ZodType>;
  return resource.exportColumns.map((field): SheetColumn => {
    const schema = shape[field];
    const header = resource.labels[field];
    if (!schema || !header) throw new Error(`${resource.name}: export column ${field} is not a labelled field`);
    const inner = unwrap(schema);
    const base = { field, header, width: Math.max(10, displayWidth(header) + 4) };
    const empty = (value: unknown) => value === null || value === undefined || value === '';
    const labels = enumLabels(inner);
    if (labels) {
      return { ...base, cell: (v) => (empty(v) ? null : (labels[Number(v)] ?? text(v))) };
    }
    if (isMoney(inner)) {
      return {
        ...base,
        width: Math.max(base.width, 14),
        numFmt: '#,##0.00',
        cell: (v) => (empty(v) ? null : Number(v) / 100),
      };
    }
    if (inner === isoTime || inner instanceof z.ZodISODateTime) {
      return { ...base, width: 20, cell: (v) => (empty(v) ? null : shanghaiTime(text(v))) };
    }
    if (inner instanceof z.ZodBoolean) return { ...base, cell: (v) => (empty(v) ? null : v ? '是' : '否') };
    if (inner instanceof z.ZodNumber) return { ...base, cell: (v) => (empty(v) ? null : Number(v)) };
    return {
      ...base,
      width: Math.max(base.width, inner instanceof z.ZodString && (inner.maxLength ?? 0) > 40 ? 30 : 16),
      cell: (v) => (empty(v) ? null : text(v)),
    };
  });
}
