import { storeDetailEndpoints } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { parseId } from '../../crud/codec.js';
import { bindMounted } from '../../http/bind-mounted.js';
import { AppError } from '../../lib/app-error.js';

const STORE_RECYCLED = 4;

/**
 * 门店查看's detail: how many gateways, room terminals, owner accounts and staff hang off a store.
 * The store is looked up within the operator's scope first, so another provider's store (or one
 * in the recycle bin, which reads as deleted) answers exactly as a missing one does.
 */
export function registerStoreCounts(app: FastifyInstance): void {
  bindMounted(app, storeDetailEndpoints.counts, async ({ query }, ctx) => {
    const id = parseId(query.id);
    let find = ctx.db.selectFrom('store').select('id').where('id', '=', id).where('status', '<>', STORE_RECYCLED);
    if (ctx.scope.agentId !== null) find = find.where('agentId', '=', ctx.scope.agentId);
    if (!(await find.executeTakeFirst())) throw new AppError('recordNotFound');
    // Each count walks one store's entries of a store_id index; a store has tens of rows, not thousands.
    const count = (table: 'gatewayDevice' | 'androidDevice' | 'homeUser' | 'staffAppletUser') =>
      ctx.db
        .selectFrom(table)
        .select(sql<number>`count(*)`.as('n'))
        .where('storeId', '=', id)
        .executeTakeFirstOrThrow();
    const [gateways, androids, owners, staff] = await Promise.all([
      count('gatewayDevice'),
      count('androidDevice'),
      count('homeUser'),
      count('staffAppletUser'),
    ]);
    return {
      gatewayDevices: Number(gateways.n),
      androidDevices: Number(androids.n),
      homeUsers: Number(owners.n),
      staffUsers: Number(staff.n),
    };
  });
}
