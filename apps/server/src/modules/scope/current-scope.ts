import { COUNT_CAP, scopeEndpoints } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { bindEndpoint } from '../../http/bind-endpoint.js';
import type { RequestContext } from '../../http/context.js';

const STORE_RECYCLED = 4;
const PROVIDER_STAFF = 2;

/** The provider's stores outside the recycle bin, counted no further than the lists count (COUNT_CAP + 1). */
async function storeCount(ctx: RequestContext, agentId: number): Promise<number> {
  const row = await ctx.db
    .selectFrom(
      ctx.db
        .selectFrom('store')
        .select(sql.lit(1).as('one'))
        .where('agentId', '=', agentId)
        .where('status', '<>', STORE_RECYCLED)
        .limit(COUNT_CAP + 1)
        .as('c'),
    )
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * GET /scope/current: what the server confines this operator to, read from the same scope every
 * tenant query applies (`ctx.scope`), so the console's 当前范围 line says what the lists did.
 */
export function registerCurrentScope(app: FastifyInstance): void {
  bindEndpoint(app, scopeEndpoints.current, async (_input, ctx) => {
    const agentId = ctx.scope.agentId;
    const staff = ctx.operator?.adminType === PROVIDER_STAFF;
    if (agentId === null) {
      return { agentId: null, agentName: null, storeCount: null, storeCountCapped: false, staff, grantCount: null };
    }
    const [agent, count] = await Promise.all([
      ctx.db.selectFrom('agent').select('name').where('id', '=', agentId).executeTakeFirst(),
      storeCount(ctx, agentId),
    ]);
    return {
      agentId: String(agentId),
      agentName: agent?.name ?? null,
      storeCount: Math.min(count, COUNT_CAP),
      storeCountCapped: count > COUNT_CAP,
      staff,
      grantCount: staff ? (ctx.operator?.permissions.size ?? 0) : null,
    };
  });
}
