import { COUNT_CAP } from '@console/contract';
import { type SqlBool, sql } from 'kysely';
import type { RequestContext } from '../http/context.js';
import type { TypedEvents } from '../plugins/events.js';
import { type ResourceQuery, decodeCursor, encodeCursor } from './query.js';
import type { DbRow, LooseDb } from './types.js';

const COUNT_TTL_MS = 5_000;
const COUNT_CACHE_MAX = 5_000;

/**
 * Capped counts, cached per (table, resource, scope, filters) for a few seconds: a list's total
 * is never an exact COUNT over more than COUNT_CAP rows, and paging through a list counts once.
 * A `resourceChanged` in this process drops the entries of every resource over the same table
 * (a store write refreshes the recycle bin's count too).
 */
export class CountCache {
  private readonly entries = new Map<string, { total: number; at: number }>();

  constructor(events?: TypedEvents, tablesOf: (resource: string) => string[] = (r) => [r]) {
    events?.on('resourceChanged', (e) => {
      for (const table of tablesOf(e.resource)) this.invalidate(table);
    });
  }

  get(key: string): number | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (Date.now() - hit.at > COUNT_TTL_MS) {
      this.entries.delete(key);
      return undefined;
    }
    return hit.total;
  }

  set(key: string, total: number): void {
    if (this.entries.size >= COUNT_CACHE_MAX) this.entries.clear();
    this.entries.set(key, { total, at: Date.now() });
  }

  invalidate(table: string): void {
    for (const key of this.entries.keys()) if (key.startsWith(`${table}|`)) this.entries.delete(key);
  }
}

export interface ListResult {
  total: number;
  totalCapped: boolean;
  list: DbRow[];
  nextCursor: string | null;
}

/** One list page: filters, whitelisted sort tie-broken by id, OFFSET or keyset `after`. */
export async function listPage(
  q: ResourceQuery,
  counts: CountCache,
  db: LooseDb,
  body: Record<string, unknown>,
  ctx: RequestContext,
): Promise<ListResult> {
  const offset = body.offset as number;
  const size = body.size as number;
  const requested = body.sort as { field: string; order: 'ascend' | 'descend' } | undefined;
  const { field, order } = requested ?? q.resource.defaultSort;
  const dir = order === 'ascend' ? 'asc' : 'desc';
  const sortExpr = field === 'id' ? sql.ref('t.id') : q.expr(field);
  const where = q.filters(body, ctx);

  let page = q.select(db, ctx).where(where).select(sql.ref('t.id').as('cursorId'));
  if (field !== 'id') page = page.select(sql`${sortExpr}`.as('cursorSort'));
  const after = typeof body.after === 'string' && body.after ? body.after : null;
  if (after) {
    const c = decodeCursor(after, field, order);
    const cmp = order === 'ascend' ? '>' : '<';
    // A row-value comparison, so both engines can walk a (sort column, id) index from the cursor.
    const op = sql.raw(cmp);
    page = page.where(
      field === 'id'
        ? sql<SqlBool>`${sql.ref('t.id')} ${op} ${c.id}`
        : sql<SqlBool>`(${sortExpr}, ${sql.ref('t.id')}) ${op} (${c.value}, ${c.id})`,
    );
  } else {
    page = page.offset((offset - 1) * size);
  }
  const rows = (await page.orderBy(sortExpr, dir).orderBy(sql.ref('t.id'), dir).limit(size).execute()) as DbRow[];

  const last = rows.at(-1);
  const nextCursor =
    last && rows.length === size
      ? encodeCursor({
          field,
          order,
          id: Number(last.cursorId),
          value: field === 'id' ? last.cursorId : last.cursorSort,
        })
      : null;

  let total: number;
  if (!after && rows.length < size && (rows.length > 0 || offset === 1)) {
    // The last page is already in hand: its position gives the exact total for free.
    total = (offset - 1) * size + rows.length;
  } else {
    const filterKey = JSON.stringify(
      Object.keys(q.resource.filters)
        .sort()
        .map((k) => body[k] ?? null),
    );
    // A fixed `where` may depend on the operator, not only the provider: then counts are per operator.
    const who = q.options.where ? `${ctx.operator?.id ?? 0}` : '';
    const key = `${q.table}|${q.resource.name}|${ctx.scope.agentId ?? '*'}|${who}|${filterKey}`;
    const cached = counts.get(key);
    if (cached === undefined) {
      const capped = q
        .select(db, ctx)
        .clearSelect()
        .select(sql.lit(1).as('one'))
        .where(where)
        .limit(COUNT_CAP + 1);
      const row = await db
        .selectFrom(capped.as('c'))
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirst();
      total = Number(row?.n ?? 0);
      counts.set(key, total);
    } else total = cached;
  }
  for (const r of rows) {
    delete r.cursorId;
    delete r.cursorSort;
  }
  return { total, totalCapped: total > COUNT_CAP, list: rows, nextCursor };
}
