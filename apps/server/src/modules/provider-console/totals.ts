import { financeTotalsEndpoints } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { ResourceQuery } from '../../crud/query.js';
import { type ResourceSelect, anyTableDb } from '../../crud/types.js';
import { bindMounted } from '../../http/bind-mounted.js';
import type { RequestContext } from '../../http/context.js';
import { balanceOf } from './balance.js';

/**
 * The scoped, filtered rows of a registered resource, exactly as its list selects them (same
 * scope, joins and filters), for sums above the list. A provider's contracts, collections and
 * ledger rows number in the thousands, so summing them on the request path is cheap.
 */
function filteredRows(app: FastifyInstance, name: string) {
  let query: ResourceQuery | undefined;
  return (ctx: RequestContext, body: Record<string, unknown>): ResourceSelect => {
    if (!query) {
      // Looked up on first use: the finance module registers the resource; the order of modules is not ours.
      const registered = app.resources.find((r) => r.resource.name === name);
      if (!registered) throw new Error(`${name} is not registered`);
      query = new ResourceQuery(registered.resource, registered.table, registered.options);
    }
    const q = query;
    return q.keys(anyTableDb(ctx), ctx, body, 'id').where(q.filters(body, ctx));
  };
}

const int = (v: unknown) => Number(v ?? 0);

/** 合同记录, 收款记录 and 账户流水: the sums above each list, over the list's own filter. */
export function registerFinanceTotals(app: FastifyInstance): void {
  for (const key of ['contract', 'collection'] as const) {
    const def = financeTotalsEndpoints[key];
    const rows = filteredRows(app, key);
    bindMounted(app, def, async ({ body }, ctx) => {
      const r = (await rows(ctx, body as Record<string, unknown>)
        .select([sql`count(*)`.as('count'), sql`coalesce(sum(t.amount), 0)`.as('amount')])
        .executeTakeFirst()) as { count: unknown; amount: unknown } | undefined;
      return { count: int(r?.count), amount: int(r?.amount) };
    });
  }
  const ledger = filteredRows(app, 'accountRecord');
  bindMounted(app, financeTotalsEndpoints.accountRecord, async ({ body }, ctx) => {
    const r = (await ledger(ctx, body as Record<string, unknown>)
      .select([
        sql`count(*)`.as('count'),
        sql`coalesce(sum(case when t.direction = 1 then t.amount else 0 end), 0)`.as('income'),
        sql`coalesce(sum(case when t.direction = 2 then t.amount else 0 end), 0)`.as('expense'),
      ])
      .executeTakeFirst()) as { count: unknown; income: unknown; expense: unknown } | undefined;
    const agentId = ctx.scope.agentId;
    return {
      count: int(r?.count),
      income: int(r?.income),
      expense: int(r?.expense),
      // The platform's view spans every provider: there is no one balance to show.
      balance: agentId === null ? 0 : await balanceOf(ctx.db, agentId),
    };
  });
}
