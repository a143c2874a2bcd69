import { sql } from 'kysely';
import type { ReadContext } from '../http/context.js';
import { type ListOrder, type PagePosition, pageFrom } from './anchors.js';
import { ShapeCache, compileShape, runShape } from './compiled-shape.js';
import { type ResourceQuery, isActive } from './query.js';
import type { DbRow, ResourceDb, ResourceSelect } from './types.js';

/**
 * A list's id walk: scope and filters, the id and sort key selected as cursorId / cursorSort,
 * no order (the caller adds a start and the order).
 */
export function idWalk(
  q: ResourceQuery,
  db: ResourceDb,
  ctx: ReadContext,
  body: Record<string, unknown>,
  o: ListOrder,
): () => ResourceSelect {
  const where = q.filters(body, ctx, o);
  return () => {
    const qb = q.keys(db, ctx, body, o.field).where(where).select(sql.ref('t.id').as('cursorId'));
    return o.field === 'id' ? qb : qb.select(sql`${o.sortExpr}`.as('cursorSort'));
  };
}

const pageShapes = new ShapeCache<ResourceQuery>();

/**
 * The ids (cursorId, cursorSort) of an OFFSET page at a position. The query's SQL depends only on
 * the scope kind, the sort, whether the page starts after an anchor and which filters are set,
 * so it is compiled once per such shape (./compiled-shape.ts) and run with this request's
 * provider, filter values, anchor, offset and size. Lists whose fixed `where` reads the
 * operator, custom filters or filter values other than a number or a string are built per
 * request, as is any shape whose values do not bind one for one.
 */
export async function pageIds(
  q: ResourceQuery,
  db: ResourceDb,
  ctx: ReadContext,
  body: Record<string, unknown>,
  o: ListOrder,
  at: PagePosition,
  size: number,
): Promise<DbRow[]> {
  const built = () =>
    pageFrom(idWalk(q, db, ctx, body, o), o, at)
      .limit(size)
      .execute() as Promise<DbRow[]>;
  const plan = shapeOf(q, ctx, body, o, at);
  if (!plan) return built();
  const values = [...plan.scope, ...plan.filters.map((k) => body[k]), ...plan.anchor, at.rest, size];
  const shape = pageShapes.get(q, plan.key, () =>
    compileShape(values, (v) => {
      let n = 0;
      const take = () => v[n++];
      const c = plan.scope.length ? { ...ctx, scope: { ...ctx.scope, agentId: take() as number } } : ctx;
      const b: Record<string, unknown> = { ...body };
      for (const k of plan.filters) b[k] = take();
      // Sorting by id, the anchor's id is its sort key (./anchors.ts `beyond`).
      const anchor = at.anchor && { value: o.field === 'id' ? undefined : take(), id: take() as number };
      return pageFrom(idWalk(q, db, c, b, o), o, { anchor, rest: take() as number })
        .limit(take() as number)
        .compile();
    }),
  );
  return shape ? runShape(db, shape, values) : built();
}

/**
 * What a page query's SQL depends on, as a key, and which request values it binds in order:
 * the provider (when scoped), the set filters, the anchor (sort key unless sorting by id, then
 * id). Null when the page cannot be compiled ahead.
 */
function shapeOf(
  q: ResourceQuery,
  ctx: ReadContext,
  body: Record<string, unknown>,
  o: ListOrder,
  at: PagePosition,
): { key: string; scope: unknown[]; filters: string[]; anchor: unknown[] } | null {
  // Gram seeks bind their gram and table beside the filter values: built per request.
  if (q.options.where || Object.keys(o.gramSeeks ?? {}).length > 0) return null;
  const filters: string[] = [];
  const kinds: string[] = [];
  for (const [k, def] of Object.entries(q.resource.filters)) {
    const value = body[k];
    if (!isActive(value)) continue;
    if (def.op === 'custom' || (typeof value !== 'number' && typeof value !== 'string')) return null;
    filters.push(k);
    kinds.push(`${k}:${typeof value}`);
  }
  const scoped = q.resource.tenant === 'agent' && ctx.scope.agentId !== null;
  let anchor: unknown[] = [];
  if (at.anchor) anchor = o.field === 'id' ? [at.anchor.id] : [at.anchor.value, at.anchor.id];
  const anchorKind = at.anchor ? anchor.map((v) => typeof v).join('+') : '-';
  return {
    key: `${scoped ? 'agent' : 'all'}|${o.field}|${o.dir}|${anchorKind}|${kinds.join(',')}|${o.scanRanges?.join('+') ?? ''}`,
    scope: scoped ? [ctx.scope.agentId] : [],
    filters,
    anchor,
  };
}
