import { type Expression, type SqlBool, sql } from 'kysely';
import type { LooseSelect } from './types.js';

/** The sort key of the row at a stride boundary: rows after it start at that position. */
export interface Anchor {
  value: unknown;
  id: number;
}

/** Rows between anchors; a deep page walks at most this many index entries. */
export const ANCHOR_STRIDE = 1_000;

export interface ListOrder {
  field: string;
  sortExpr: Expression<unknown>;
  dir: 'asc' | 'desc';
}

/**
 * The rows strictly after a key in the list's order, as a row-value comparison so both engines
 * seek straight to it in a (sort column, id) index.
 */
export function beyond(o: ListOrder, key: Anchor): Expression<SqlBool> {
  const op = sql.raw(o.dir === 'asc' ? '>' : '<');
  return o.field === 'id'
    ? sql<SqlBool>`${sql.ref('t.id')} ${op} ${key.id}`
    : sql<SqlBool>`(${o.sortExpr}, ${sql.ref('t.id')}) ${op} (${key.value}, ${key.id})`;
}

/**
 * A deep OFFSET page without walking the whole offset each time. Every ANCHOR_STRIDE rows of a
 * list (per scope, filters and sort) the sort key is remembered; page p seeks to the nearest
 * anchor before it and walks fewer than ANCHOR_STRIDE entries from there. Missing anchors are
 * found stride by stride (each step a small index walk), so the first visit to a depth costs one
 * walk and later visits almost nothing. Anchors live as long as the list's cached count: a write
 * in this process drops them, and they expire after a few seconds, so positions are as fresh as
 * the total shown beside them.
 *
 * `keys` builds the list's id query (scope, filters, selected cursorId/cursorSort, no order).
 */
export async function seekOffset(
  keys: () => LooseSelect,
  o: ListOrder,
  skip: number,
  anchors: Anchor[],
): Promise<LooseSelect> {
  const ordered = (qb: LooseSelect) => qb.orderBy(o.sortExpr, o.dir).orderBy(sql.ref('t.id'), o.dir);
  const wanted = Math.floor(skip / ANCHOR_STRIDE);
  while (anchors.length < wanted) {
    const known = anchors.length;
    const prev = anchors[known - 1];
    const from = prev ? keys().where(beyond(o, prev)) : keys();
    const row = (await ordered(from)
      .limit(1)
      .offset(ANCHOR_STRIDE - 1)
      .executeTakeFirst()) as { cursorId: unknown; cursorSort?: unknown } | undefined;
    // The list ends before this depth: the page is past the end, the last anchor serves.
    if (!row) break;
    // Another request on this list may have found the same anchor while this one waited.
    if (anchors.length === known) {
      anchors.push({ value: o.field === 'id' ? row.cursorId : row.cursorSort, id: Number(row.cursorId) });
    }
  }
  const used = Math.min(wanted, anchors.length);
  const anchor = anchors[used - 1];
  const from = anchor ? keys().where(beyond(o, anchor)) : keys();
  return ordered(from).offset(skip - used * ANCHOR_STRIDE);
}
