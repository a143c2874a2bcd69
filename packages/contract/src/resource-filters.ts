import { z } from 'zod';

/** List filters: what a list endpoint accepts besides paging and sort, and how the server applies each. */

export type FilterOp = 'eq' | 'in' | 'contains' | 'prefix' | 'gte' | 'lte' | 'range' | 'custom';

export interface FilterDef<T extends z.ZodType = z.ZodType> {
  schema: T;
  op: FilterOp;
  /** Entity field (or mapped column) the filter applies to; defaults to the filter's key. */
  column?: string;
  /** For `contains`/`prefix`: match any of these fields (a keyword box over name and phone). */
  columns?: readonly string[];
  /**
   * For `custom`: the indexed field the server's condition seeks (a store subquery seeks
   * `storeId`, an expiry window `expireAt`), so its matches are bounded by the filter like an
   * `in` or a range; without it a custom filter must walk the sort's index (test/list-plans.ts).
   */
  bounds?: string;
}

/** A list filter: its wire schema and how the server applies it. */
export function filter<T extends z.ZodType>(
  schema: T,
  op: FilterOp,
  opts: { column?: string; columns?: readonly string[]; bounds?: string } = {},
): FilterDef<T> {
  return { schema, op, ...opts };
}

/** An inclusive `{from?, to?}` range filter over one column (dates, times, amounts). */
export function rangeFilter<T extends z.ZodType>(schema: T, opts: { column?: string } = {}) {
  return filter(z.object({ from: schema.optional(), to: schema.optional() }), 'range', opts);
}
