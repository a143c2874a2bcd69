import { COUNT_CAP } from '@console/contract';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { ReadContext } from '../http/context.js';
import type { TypedEvents } from '../plugins/events.js';
import { type AnchorList, type ListOrder, type PagePosition, beyond, seekAnchor } from './anchors.js';
import { ShapeCache, compileShape, runShape } from './compiled-shape.js';
import { idWalk, pageIds } from './page-ids.js';
import { wideRanges } from './range-plan.js';
import { countSeeks, gramSeeks, pageSeeks } from './keyword-grams.js';
import { decodeCursor, encodeCursor } from './cursor.js';
import type { ResourceQuery } from './query.js';
import type { DbRow, ResourceDb, ResourceSelect } from './types.js';

const COUNT_TTL_MS = 5_000;
/**
 * Past its time to live a count still answers for this long while a fresh one is counted in the
 * background, so a busy list never counts on a request's path; an idle list's first request
 * after that counts afresh (a count older than this is not shown).
 */
const COUNT_STALE_MS = 2 * COUNT_TTL_MS;
const COUNT_CACHE_MAX = 5_000;

interface CountEntry {
  total: number;
  at: number;
  refreshing?: boolean;
}

/**
 * What lists remember per (table, resource, scope, filters) for a few seconds: the capped count
 * (a list's total is never an exact COUNT over more than COUNT_CAP rows, and paging through a
 * list counts once) and the page anchors of each sort (./anchors.ts). A `resourceChanged` in
 * this process drops the entries of every resource over the same table (a store write refreshes
 * the recycle bin's count too).
 */
export class CountCache {
  private readonly entries = new Map<string, CountEntry>();
  private readonly anchorLists = new Map<string, { list: AnchorList; at: number }>();

  constructor(events?: TypedEvents, tablesOf: (resource: string) => string[] = (r) => [r]) {
    events?.on('resourceChanged', (e) => {
      for (const table of tablesOf(e.resource)) this.invalidate(table);
    });
  }

  /** A count within its time to live. */
  get(key: string): number | undefined {
    const hit = this.peek(key);
    return hit && !hit.stale ? hit.total : undefined;
  }

  /** A count within its time to live, or past it but still servable while it is refreshed. */
  peek(key: string): { total: number; stale: boolean } | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    const age = Date.now() - hit.at;
    if (age > COUNT_STALE_MS) {
      this.entries.delete(key);
      return undefined;
    }
    return { total: hit.total, stale: age > COUNT_TTL_MS };
  }

  /**
   * Counts a stale entry again in the background (once at a time); the result replaces it only
   * if nothing (a write) dropped or replaced the entry meanwhile.
   */
  refresh(key: string, count: () => Promise<number>): void {
    const entry = this.entries.get(key);
    if (!entry || entry.refreshing) return;
    entry.refreshing = true;
    count().then(
      (total) => {
        if (this.entries.get(key) === entry) this.entries.set(key, { total, at: Date.now() });
      },
      () => {
        // Tried again by the next request; the stale count keeps answering until it is too old.
        entry.refreshing = false;
      },
    );
  }

  set(key: string, total: number): void {
    if (this.entries.size >= COUNT_CACHE_MAX) this.entries.clear();
    this.entries.set(key, { total, at: Date.now() });
  }

  /**
   * The anchors known for a list and sort (live: the walk appends as it finds them). Past the
   * time to live the old anchors keep serving while a replacement is found (see AnchorList).
   */
  anchors(key: string): AnchorList {
    const now = Date.now();
    const hit = this.anchorLists.get(key);
    if (hit) {
      if (now - hit.at > COUNT_TTL_MS && !hit.list.replacement) {
        const replacement: AnchorList & { promote: () => void } = {
          anchors: [],
          walking: null,
          promote: () => {
            // Only if nothing (a write) replaced the entry meanwhile.
            if (this.anchorLists.get(key) === hit) this.anchorLists.set(key, { list: replacement, at: Date.now() });
          },
        };
        hit.list.replacement = replacement;
      }
      return hit.list;
    }
    if (this.anchorLists.size >= COUNT_CACHE_MAX) this.anchorLists.clear();
    const fresh = { list: { anchors: [], walking: null }, at: now };
    this.anchorLists.set(key, fresh);
    return fresh.list;
  }

  invalidate(table: string): void {
    for (const map of [this.entries, this.anchorLists]) {
      for (const key of map.keys()) if (key.startsWith(`${table}|`)) map.delete(key);
    }
  }
}

export interface ListResult {
  total: number;
  totalCapped: boolean;
  list: DbRow[];
  nextCursor: string | null;
}

/**
 * One list page: filters, whitelisted sort tie-broken by id, OFFSET or keyset `after`.
 *
 * Late row lookup: the page's ids are found first by a query that selects only the sort key and
 * id (no joins unless a filter or the sort needs them), which an index on (scope, filter, sort,
 * id) answers from index entries alone; a deep OFFSET starts from the nearest page anchor
 * (./anchors.ts). Only then are the page's rows read with their joins and computed columns, by id.
 */
export async function listPage(
  q: ResourceQuery,
  counts: CountCache,
  db: ResourceDb,
  body: Record<string, unknown>,
  ctx: ReadContext,
): Promise<ListResult> {
  const offset = body.offset as number;
  const size = body.size as number;
  const requested = body.sort as { field: string; order: 'ascend' | 'descend' } | undefined;
  const { field, order } = requested ?? q.resource.defaultSort;
  const o: ListOrder = {
    field,
    sortExpr: field === 'id' ? sql.ref('t.id') : q.expr(field),
    dir: order === 'ascend' ? 'asc' : 'desc',
  };
  const listKey = keyOf(q, body, ctx);
  o.scanRanges = await wideRanges(q, db, ctx, body, field, counts.peek(listKey)?.total);
  // Each keyword's rarest bigram and how common it is (./keyword-grams.ts).
  const seeks = await gramSeeks(q, db, body);
  o.gramSeeks = pageSeeks(seeks, offset * size);
  const where = q.filters(body, ctx, { gramSeeks: countSeeks(q, ctx, body, seeks) });

  const keys = idWalk(q, db, ctx, body, o);
  const after = typeof body.after === 'string' && body.after ? body.after : null;
  let found: DbRow[];
  if (after) {
    found = await keys()
      .where(beyond(o, decodeCursor(after, field, order, q.resource.entity.shape[field] as z.ZodType | undefined)))
      .orderBy(o.sortExpr, o.dir)
      .orderBy(sql.ref('t.id'), o.dir)
      .limit(size)
      .execute();
  } else {
    const ids = (position: PagePosition, n: number) => pageIds(q, db, ctx, body, o, position, n);
    const at = await seekAnchor(ids, o, (offset - 1) * size, counts.anchors(`${listKey}|${field}|${order}`));
    found = await ids(at, size);
  }
  const rows = await rowsInOrder(q, db, ctx, found);

  const last = found.at(-1);
  const nextCursor =
    last && found.length === size
      ? encodeCursor({
          field,
          order,
          id: Number(last.cursorId),
          value: field === 'id' ? last.cursorId : last.cursorSort,
        })
      : null;

  let total: number;
  if (!after && found.length < size && (found.length > 0 || offset === 1)) {
    // The last page is already in hand: its position gives the exact total for free.
    total = (offset - 1) * size + found.length;
  } else {
    total = await cappedCount(counts, listKey, () => q.keys(db, ctx, body, 'id').where(where), db);
  }
  return { total, totalCapped: total > COUNT_CAP, list: rows, nextCursor };
}

/** What a list's cached count and anchors are keyed by: table, resource, scope and filters. */
function keyOf(q: ResourceQuery, body: Record<string, unknown>, ctx: ReadContext): string {
  const filterKey = JSON.stringify(
    Object.keys(q.resource.filters)
      .sort()
      .map((k) => body[k] ?? null),
  );
  // A fixed `where` may depend on the operator, not only the provider: then counts are per operator.
  const who = q.options.where ? `${ctx.operator?.id ?? 0}` : '';
  return `${q.table}|${q.resource.name}|${ctx.scope.agentId ?? '*'}|${who}|${filterKey}`;
}

/**
 * The list's total from the cache (a stale one is served while it is counted again in the
 * background), else counted. `matching` builds the scoped, filtered query over `t`.
 */
export async function cappedCount(
  counts: CountCache,
  listKey: string,
  matching: () => ResourceSelect,
  db: ResourceDb,
): Promise<number> {
  const cached = counts.peek(listKey);
  if (cached) {
    if (cached.stale) counts.refresh(listKey, () => countUpToCap(matching, db));
    return cached.total;
  }
  const total = await countUpToCap(matching, db);
  counts.set(listKey, total);
  return total;
}

/**
 * Never counts past COUNT_CAP + 1 rows, so the cost is bounded whatever the table's size: one
 * pass that stops at the (COUNT_CAP + 1)-th match. (It used to ask first whether a row exists past
 * the cap and then count: the same walk for a big list, but two full passes for a filtered one
 * with fewer matches than the cap — a rare keyword tested every row twice.)
 */
async function countUpToCap(matching: () => ResourceSelect, db: ResourceDb): Promise<number> {
  const row = await db
    .selectFrom(
      matching()
        .select(sql.lit(1).as('one'))
        .limit(COUNT_CAP + 1)
        .as('c'),
    )
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The full rows of a page's ids, in the page's order (rows deleted meanwhile are skipped). */
export async function rowsInOrder(
  q: ResourceQuery,
  db: ResourceDb,
  ctx: ReadContext,
  found: DbRow[],
): Promise<DbRow[]> {
  if (found.length === 0) return [];
  const ids = found.map((k) => Number(k.cursorId));
  const read = await readByIds(q, db, ctx, ids);
  const byId = new Map(read.map((r) => [Number(r.id), r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
}

const rowShapes = new ShapeCache<ResourceQuery>();

/**
 * The rows of these ids with the resource's joins and computed columns. Building and compiling
 * that query (a select of every wire field) cost as much as running it, and its SQL depends only
 * on the resource, whether the provider scope applies and how many ids there are: so it is
 * compiled once per shape (./compiled-shape.ts) and run with the request's provider and ids. A
 * resource whose fixed `where` reads the request (the operator) is built per request.
 */
async function readByIds(q: ResourceQuery, db: ResourceDb, ctx: ReadContext, ids: number[]): Promise<DbRow[]> {
  const build = (c: ReadContext, values: unknown[]) => q.select(db, c).where(sql.ref('t.id'), 'in', values);
  if (q.options.where) return await build(ctx, ids).execute();
  const scoped = q.resource.tenant === 'agent' && ctx.scope.agentId !== null;
  const values = scoped ? [ctx.scope.agentId, ...ids] : ids;
  const shape = rowShapes.get(q, `${scoped ? 'agent' : 'all'}|${ids.length}`, () =>
    compileShape(values, (v) => {
      const c = scoped ? { ...ctx, scope: { ...ctx.scope, agentId: v[0] as number } } : ctx;
      return build(c, scoped ? v.slice(1) : v).compile();
    }),
  );
  return shape ? runShape(db, shape, values) : await build(ctx, ids).execute();
}
