import { sql } from 'kysely';
import type { ReadContext } from '../http/context.js';
import type { ListOrder } from './anchors.js';
import { gramSeeks, pageSeeks } from './keyword-grams.js';
import { rowsInOrder } from './list.js';
import { pageIds } from './page-ids.js';
import type { ResourceQuery } from './query.js';
import type { DbRow, ResourceDb } from './types.js';

/**
 * The first `n` rows of a list in its default order, as its first page would show them, with no
 * count: the global search shows a few matches per list and only asks whether there are more (it
 * reads one more than it shows), so the capped count a list page runs would be wasted work.
 * The same scope, filters, keyword-gram plan and late row lookup as listPage (./list.ts).
 */
export async function listHead(
  q: ResourceQuery,
  db: ResourceDb,
  ctx: ReadContext,
  body: Record<string, unknown>,
  n: number,
): Promise<DbRow[]> {
  const { field, order } = q.resource.defaultSort;
  const o: ListOrder = {
    field,
    sortExpr: field === 'id' ? sql.ref('t.id') : q.expr(field),
    dir: order === 'ascend' ? 'asc' : 'desc',
  };
  o.gramSeeks = pageSeeks(await gramSeeks(q, db, body), n);
  const found = await pageIds(q, db, ctx, body, o, { anchor: undefined, rest: 0 }, n);
  return rowsInOrder(q, db, ctx, found);
}
