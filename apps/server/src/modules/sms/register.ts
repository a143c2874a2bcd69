import {
  handleRecyclingEndpoint,
  type AnyResource,
  marketingTemplateResource,
  reviewTemplateEndpoint,
  fillTemplate,
  sendTemplateEndpoint,
  templateVariables,
  smsRecyclingResource,
} from '@console/contract';
import type { FastifyInstance } from 'fastify';
import { type SmsAdapter } from '../../adapters/sms/index.js';
import { registerResource } from '../../crud/register-resource.js';
import { RowCodec } from '../../crud/codec.js';
import { ResourceQuery } from '../../crud/query.js';
import { type ResourceSelect, anyTableDb } from '../../crud/types.js';
import type { RequestContext } from '../../http/context.js';
import { bindEndpoint } from '../../http/bind-endpoint.js';
import { AppError } from '../../lib/app-error.js';
import { nowIso } from '../../lib/clock.js';
import { toDbId } from '../../lib/ids.js';
import { emitAfterCommit } from '../../plugins/events.js';
import { registerSmsLog } from './sms-log-routes.js';
import { registerSmsChannels } from './channels.js';
import { deliverAfterCommit, queueSms } from './sms-log.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The SMS gateway (simulator by default). */
    sms: SmsAdapter;
  }
}

const withStore = {
  joins: (qb: ResourceSelect) =>
    qb.leftJoin('store as s', 's.id', 't.storeId').leftJoin('agent as a', 'a.id', 't.agentId'),
  columns: { storeName: 's.name', agentName: 'a.name' },
};

/**
 * One row as the resource's get answers it: its own scoped query (with the store name) and its
 * codec, so the answer is typed as the resource's entity.
 */
function readerOf<R extends AnyResource>(resource: R, table: string) {
  const query = new ResourceQuery(resource, table, withStore);
  const codec = new RowCodec(resource);
  return async (ctx: RequestContext, id: number) => {
    const row = await query.readById(anyTableDb(ctx), ctx, id);
    if (!row) throw new AppError('recordNotFound');
    return codec.toEntity(row);
  };
}

/** SMS channels (with a test send), marketing template review and SMS quota recycling. */
export function registerSms(app: FastifyInstance): void {
  registerSmsChannels(app);
  registerSmsLog(app);

  registerResource(app, marketingTemplateResource, 'marketing_template', withStore);
  const readTemplate = readerOf(marketingTemplateResource, 'marketing_template');
  bindEndpoint(app, reviewTemplateEndpoint, async ({ body }, ctx) => {
    const id = toDbId(body.id);
    const existing = await ctx.db.selectFrom('marketingTemplate').where('id', '=', id).selectAll().executeTakeFirst();
    if (!existing) throw new AppError('recordNotFound');
    if (existing.version !== body.version) throw new AppError('versionConflict');
    if (existing.reviewStatus !== 0) throw new AppError('stateConflict', { message: '该模板已审核' });
    const reviewStatus = body.approve ? 1 : 2;
    const done = await ctx.db
      .updateTable('marketingTemplate')
      .set((eb) => ({
        reviewStatus,
        rejectReason: body.approve ? '' : body.rejectReason,
        reviewedAt: nowIso(),
        reviewerName: ctx.operator?.name ?? '',
        version: eb('version', '+', 1),
        updatedAt: nowIso(),
      }))
      .where('id', '=', id)
      .where('version', '=', body.version)
      .where('reviewStatus', '=', 0)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) === 0) throw new AppError('versionConflict');
    ctx.audit.targetId = String(id);
    ctx.audit.changes = [{ field: 'reviewStatus', before: 0, after: reviewStatus }];
    emitAfterCommit(ctx.req, 'resourceChanged', {
      resource: marketingTemplateResource.name,
      agentId: existing.agentId,
      ids: [String(id)],
      action: 'update',
    });
    return await readTemplate(ctx, id);
  });

  // Only an approved template may reach anyone: the rule stores rely on when they run a campaign.
  bindEndpoint(app, sendTemplateEndpoint, async ({ body }, ctx) => {
    const id = toDbId(body.id);
    const tpl = await ctx.db.selectFrom('marketingTemplate').where('id', '=', id).selectAll().executeTakeFirst();
    if (!tpl) throw new AppError('recordNotFound');
    ctx.audit.targetId = String(id);
    if (tpl.reviewStatus !== 1) throw new AppError('stateConflict', { message: '只有审核通过的模板可以发送' });
    const missing = templateVariables(tpl.content).filter((name) => !body.values[name]);
    if (missing.length > 0) {
      throw new AppError('validation', { message: `请填写变量：${missing.join('、')}` });
    }
    const content = fillTemplate(tpl.content, body.values);
    const smsLogId = await queueSms(ctx.db, { phone: body.phone, purpose: 4, content, agentId: tpl.agentId });
    deliverAfterCommit(app, ctx, [smsLogId]);
    return { smsLogId: String(smsLogId), content };
  });

  registerResource(app, smsRecyclingResource, 'sms_recycling', {
    ...withStore,
    refs: { storeId: { table: 'store', tenant: true } },
    hooks: {
      beforeCreate: (values) => ({ ...values, status: 0 }),
      beforeDelete: (existing) => {
        if (existing.status === 1) throw new AppError('stateConflict', { message: '已回收的记录不能删除' });
      },
    },
  });
  const readRecycling = readerOf(smsRecyclingResource, 'sms_recycling');
  bindEndpoint(app, handleRecyclingEndpoint, async ({ body }, ctx) => {
    const id = toDbId(body.id);
    const existing = await ctx.db.selectFrom('smsRecycling').where('id', '=', id).selectAll().executeTakeFirst();
    if (!existing) throw new AppError('recordNotFound');
    if (existing.status !== 0) throw new AppError('stateConflict', { message: '该申请已处理' });
    const status = body.approve ? 1 : 2;
    const done = await ctx.db
      .updateTable('smsRecycling')
      .set((eb) => ({
        status,
        handledAt: nowIso(),
        handlerName: ctx.operator?.name ?? '',
        version: eb('version', '+', 1),
        updatedAt: nowIso(),
      }))
      .where('id', '=', id)
      .where('version', '=', body.version)
      .where('status', '=', 0)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) === 0) throw new AppError('versionConflict');
    ctx.audit.targetId = String(id);
    ctx.audit.changes = [{ field: 'status', before: 0, after: status }];
    if (body.approve) {
      // Same transaction as the status change, which only a pending request passes: credited once.
      const agent = await ctx.db
        .updateTable('agent')
        .set((eb) => ({ smsBalance: eb('smsBalance', '+', existing.quantity) }))
        .where('id', '=', existing.agentId)
        .returning('smsBalance')
        .executeTakeFirstOrThrow();
      ctx.audit.changes.push({
        field: 'agentSmsBalance',
        before: agent.smsBalance - existing.quantity,
        after: agent.smsBalance,
      });
    }
    emitAfterCommit(ctx.req, 'resourceChanged', {
      resource: smsRecyclingResource.name,
      agentId: existing.agentId,
      ids: [String(id)],
      action: 'update',
    });
    return await readRecycling(ctx, id);
  });
}
