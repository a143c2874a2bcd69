import { companyGroupEndpoints, companyGroupResource, enterpriseResource, storeResource } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { registerResource } from '../../crud/register-resource.js';
import { sampleEnterprise } from '../../db/sample-rows.js';
import type { DbRow } from '../../crud/types.js';
import type { RequestContext } from '../../http/context.js';
import { bindEndpoint } from '../../http/bind-endpoint.js';
import { AppError, fieldError } from '../../lib/app-error.js';
import { toDbId } from '../../lib/ids.js';
import { nowIso } from '../../lib/clock.js';
import { emitAfterCommit } from '../../plugins/events.js';
import { agentNameColumn, storeColumns, storeJoins, withAgentName } from './joins.js';
import { bumpStoreCount, newStoreNo } from './store-helpers.js';
import { registerStoreCounts } from './store-counts.js';
import { registerStoreReview } from './store-review.js';

const STORE_RECYCLED = 4;

/**
 * A provider's periods are bought (门店续费, charged to its balance), so its operators cannot type
 * new expiry dates; the platform may still correct them.
 */
function keepExpiryDates(values: DbRow, ctx: RequestContext): void {
  if (ctx.scope.agentId === null) return;
  delete values.webExpireAt;
  delete values.appletExpireAt;
}

/** Enterprises, company groups and stores, with the store application and recycle-bin flow. */
export function registerStores(app: FastifyInstance): void {
  registerResource(app, enterpriseResource, 'enterprise', {
    directRun: true,
    joins: withAgentName,
    columns: agentNameColumn,
    // What keeps an enterprise from being deleted (its stores, contracts …): crud/delete-blockers.ts.
    sample: () => ({
      name: '样例企业',
      contactName: '王伟',
      contactPhone: '13900000000',
      address: '',
      status: 1,
      remark: '',
    }),
  });

  registerResource(app, companyGroupResource, 'companyGroup', {
    columns: {
      enterpriseCount: sql`(select count(*) from company_group_member m where m.group_id = t.id)`,
    },
  });
  bindEndpoint(app, companyGroupEndpoints.members, async ({ query }, ctx) => {
    const rows = await ctx.db
      .selectFrom('companyGroupMember as m')
      .innerJoin('enterprise as e', 'e.id', 'm.enterpriseId')
      .innerJoin('agent as a', 'a.id', 'e.agentId')
      .where('m.groupId', '=', toDbId(query.id))
      .select(['e.id', 'e.name', 'e.agentId', 'a.name as agentName'])
      .orderBy('e.id')
      .execute();
    return rows.map((r) => ({ ...r, id: String(r.id), agentId: String(r.agentId) }));
  });
  bindEndpoint(app, companyGroupEndpoints.setMembers, async ({ body }, ctx) => {
    const groupId = toDbId(body.id);
    const group = await ctx.db.selectFrom('companyGroup').select('id').where('id', '=', groupId).executeTakeFirst();
    if (!group) throw new AppError('recordNotFound');
    const ids = [...new Set(body.enterpriseIds.map(toDbId))];
    if (ids.length > 0) {
      const found = await ctx.db.selectFrom('enterprise').select('id').where('id', 'in', ids).execute();
      if (found.length !== ids.length) throw fieldError('enterpriseIds', '部分企业不存在');
    }
    await ctx.db.deleteFrom('companyGroupMember').where('groupId', '=', groupId).execute();
    if (ids.length > 0) {
      await ctx.db
        .insertInto('companyGroupMember')
        .values(ids.map((enterpriseId) => ({ groupId, enterpriseId })))
        .execute();
    }
    ctx.audit.targetId = String(groupId);
    ctx.audit.changes = [{ field: 'enterpriseIds', before: null, after: ids }];
    emitAfterCommit(ctx.req, 'resourceChanged', {
      resource: companyGroupResource.name,
      agentId: null,
      ids: [String(groupId)],
      action: 'update',
    });
    return null;
  });

  registerResource(app, storeResource, 'store', {
    directRun: true,
    joins: storeJoins,
    columns: storeColumns,
    // Deleting moves a store to the recycle bin; the bin has its own screen (store-review.ts).
    softDelete: { column: 'status', value: STORE_RECYCLED },
    refs: { enterpriseId: { table: 'enterprise', tenant: true } },
    hooks: {
      beforeCreate: async (values, _input, ctx) => {
        // A provider's new store is an application the platform reviews; the platform's own
        // (created for a provider, or under 直营) are open at once.
        const applied = ctx.scope.agentId !== null && !ctx.scope.directRun;
        keepExpiryDates(values, ctx);
        await bumpStoreCount(ctx.db, values.enterpriseId as number, 1);
        // The queue, and with it every platform operator's sidebar badge, refreshes at once.
        if (applied) {
          emitAfterCommit(ctx.req, 'resourceChanged', {
            resource: 'storeApplication',
            agentId: ctx.scope.agentId,
            ids: [],
            action: 'create',
          });
        }
        return {
          ...values,
          storeNo: newStoreNo(),
          status: applied ? 0 : 1,
          appliedAt: applied ? nowIso() : null,
          rejectReason: '',
        };
      },
      beforeUpdate: async (patch, existing, _input, ctx) => {
        keepExpiryDates(patch, ctx);
        if (patch.status !== undefined && ![1, 2].includes(existing.status as number)) {
          throw new AppError('stateConflict', { message: '待审核的门店不能启用或停用' });
        }
        if (patch.enterpriseId !== undefined && patch.enterpriseId !== existing.enterpriseId) {
          await bumpStoreCount(ctx.db, existing.enterpriseId as number, -1);
          await bumpStoreCount(ctx.db, patch.enterpriseId as number, 1);
        }
        return patch;
      },
      beforeDelete: async (existing, ctx) => {
        await bumpStoreCount(ctx.db, existing.enterpriseId as number, -1);
        await ctx.db
          .updateTable('store')
          .set({ recycledAt: nowIso(), statusBeforeRecycle: existing.status as number })
          .where('id', '=', existing.id as number)
          .execute();
        // A deleted application leaves the queue; every deleted store enters the bin.
        for (const resource of ['storeApplication', 'recycleStore']) {
          emitAfterCommit(ctx.req, 'resourceChanged', {
            resource,
            agentId: existing.agentId as number,
            ids: [String(existing.id)],
            action: 'update',
          });
        }
      },
    },
    sample: async ({ db, agentId }) => {
      const enterpriseId = await sampleEnterprise(db, agentId);
      return {
        name: '样例门店',
        enterpriseId: String(enterpriseId),
        storeType: 1,
        region: '',
        address: '',
        contactName: '',
        contactPhone: '',
        webExpireAt: null,
        appletExpireAt: null,
        remark: '',
      };
    },
  });

  registerStoreReview(app);
  registerStoreCounts(app);
}
