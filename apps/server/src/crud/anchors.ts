import { type Expression, type SqlBool, sql } from 'kysely';
import type { ResourceSelect } from './types.js';
import type { GramSeek } from './gram-seek.js';

/** The sort key of the row at a stride boundary: rows after it start at that position. */
export interface Anchor {
  value: unknown;
  id: number;
}

/** A list's anchors (for one scope, filters and sort) and the walk finding more, if one runs. */
export interface AnchorList {
  anchors: Anchor[];
  walking: Promise<void> | null;
  /**
   * Set by the cache once these anchors are older than its time to live: fresh anchors found in
   * the background up to the same depth, which take this list's place (`promote`) when complete.
   * Until then requests keep using the old anchors, so expiry never makes a request walk.
   */
  replacement?: AnchorList & { promote: () => void };
}

/**
 * Rows between anchors; a deep page walks at most this many index entries. On SQLite at 1M rows
 * a walk of 500 entries (the mean at a stride of 1 000) cost ~68 µs of CPU, of 100 ~45 µs, of 0
 * ~37 µs; finding the anchors down to page 5 000 is then 500 small walks, once per list and again
 * in the background every few seconds.
 */
export const ANCHOR_STRIDE = 200;

export interface ListOrder {
  field: string;
  sortExpr: Expression<unknown>;
  dir: 'asc' | 'desc';
  /** Range filters tested row by row while walking the sort's index (./range-plan.ts). */
  scanRanges?: readonly string[];
  /** Keyword filters whose candidates the gram index gives (./keyword-grams.ts). */
  gramSeeks?: Readonly<Record<string, GramSeek>>;
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

/** Where a page starts: after this anchor (none: from the list's start), then `rest` rows on. */
export interface PagePosition {
  anchor: Anchor | undefined;
  rest: number;
}

/**
 * A deep OFFSET page without walking the whole offset each time. Every ANCHOR_STRIDE rows of a
 * list (per scope, filters and sort) the sort key is remembered; page p seeks to the nearest
 * anchor before it and walks fewer than ANCHOR_STRIDE entries from there. Missing anchors are
 * found by reading the sort's index keys from the last known anchor (see `walk`), so the first
 * visit to a depth costs one walk and later visits almost nothing. Anchors live as long as the list's cached count: a write
 * in this process drops them, and they expire after a few seconds, so positions are as fresh as
 * the total shown beside them.
 *
 * This finds the nearest anchor before row `skip` (walking to it first if missing) and the rows
 * left from it; `ids` reads a list's ids (cursorId/cursorSort) at a position, and `pageFrom`
 * builds the page's query from one.
 */
export async function seekAnchor(ids: PageIds, o: ListOrder, skip: number, list: AnchorList): Promise<PagePosition> {
  const wanted = Math.floor(skip / ANCHOR_STRIDE);
  const next = list.replacement;
  if (next && !next.walking) {
    // In the background, a step per turn of the event loop: a walk of hundreds of strides runs on
    // promises that resolve at once (SQLite), which would otherwise hold the loop for its whole length.
    next.walking = walk(ids, o, list.anchors.length, next.anchors, true).then(
      () => {
        // Done before it serves: a deeper request then walks on instead of awaiting this
        // settled walk again and again (an endless loop of microtasks).
        next.walking = null;
        next.promote();
      },
      () => {
        // A failed refresh is tried again by the next request; the old anchors still serve.
        next.walking = null;
      },
    );
  }
  // One walk per list at a time: concurrent deep requests wait for it rather than repeat it.
  while (list.anchors.length < wanted && list.walking) await list.walking;
  if (list.anchors.length < wanted) {
    list.walking = walk(ids, o, wanted, list.anchors, false).finally(() => (list.walking = null));
    await list.walking;
  }
  const used = Math.min(wanted, list.anchors.length);
  return { anchor: list.anchors[used - 1], rest: skip - used * ANCHOR_STRIDE };
}

/** The id query of a page at a position, ordered, without its limit. */
export function pageFrom(keys: () => ResourceSelect, o: ListOrder, at: PagePosition): ResourceSelect {
  const from = at.anchor ? keys().where(beyond(o, at.anchor)) : keys();
  return ordered(from, o).offset(at.rest);
}

const ordered = (qb: ResourceSelect, o: ListOrder) => qb.orderBy(o.sortExpr, o.dir).orderBy(sql.ref('t.id'), o.dir);

/** Reads a list's ids (cursorId, cursorSort) at a position: `size` rows from there. */
export type PageIds = (at: PagePosition, size: number) => Promise<Record<string, unknown>[]>;

/**
 * Strides of keys read by one query while a request waits for its anchors. Each query walks the
 * sort's index from the last anchor and keeps every ANCHOR_STRIDE-th key, so anchors down to page
 * 5 000 (50 000 rows at 10 a page) take 5 queries instead of 250 (~190 ms → ~40 ms of per-query
 * cost at 100 000 platform accounts), while one query holds at most 10 000 keys. The background
 * refresh reads one stride per turn of the event loop instead: SQLite answers synchronously, and
 * a 10 000-key read there would hold every other request for its length.
 */
const STRIDES_PER_READ = 50;

/**
 * Finds anchors from the last known one until `wanted` or the list's end, reading the index's
 * keys in order; `background` reads a stride at a time and lets the event loop run between reads.
 */
async function walk(ids: PageIds, o: ListOrder, wanted: number, anchors: Anchor[], background: boolean): Promise<void> {
  while (anchors.length < wanted) {
    if (background) await new Promise<void>((resolve) => setImmediate(resolve));
    const strides = background ? 1 : Math.min(STRIDES_PER_READ, wanted - anchors.length);
    const rows = await ids({ anchor: anchors.at(-1), rest: 0 }, strides * ANCHOR_STRIDE);
    for (let i = ANCHOR_STRIDE - 1; i < rows.length; i += ANCHOR_STRIDE) {
      const row = rows[i]!;
      anchors.push({ value: o.field === 'id' ? row.cursorId : row.cursorSort, id: Number(row.cursorId) });
    }
    // The list ends before this depth: the page is past the end, the last anchor serves.
    if (rows.length < strides * ANCHOR_STRIDE) return;
  }
}
