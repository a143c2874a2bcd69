import { smsLogEndpoints, smsLogResource } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { registerResource } from '../../crud/register-resource.js';
import { bindEndpoint } from '../../http/bind-endpoint.js';
import { AppError } from '../../lib/app-error.js';
import { nowIso } from '../../lib/clock.js';
import { toDbId } from '../../lib/ids.js';
import { emitAfterCommit } from '../../plugins/events.js';
import { deliverAfterCommit, pickChannel } from './sms-log.js';

const FAILED = 2;

/** 短信记录: the log of sent messages, the logged look at an original, and a second try of a failed one. */
export function registerSmsLog(app: FastifyInstance): void {
  registerResource(app, smsLogResource, 'sms_log', {
    joins: (qb) => qb.leftJoin('sms_channel as c', 'c.id', 't.channelId').leftJoin('agent as a', 'a.id', 't.agentId'),
    columns: { channelName: sql`coalesce(c.name, '')`, agentName: sql`coalesce(a.name, '')` },
  });

  bindEndpoint(app, smsLogEndpoints.reveal, async ({ query }, ctx) => {
    const id = toDbId(query.id);
    const row = await ctx.db.selectFrom('smsLog').where('id', '=', id).select('plainContent').executeTakeFirst();
    if (!row) throw new AppError('recordNotFound');
    ctx.audit.targetId = String(id);
    return { content: row.plainContent };
  });

  bindEndpoint(app, smsLogEndpoints.resend, async ({ body }, ctx) => {
    const id = toDbId(body.id);
    const row = await ctx.db.selectFrom('smsLog').where('id', '=', id).selectAll().executeTakeFirst();
    if (!row) throw new AppError('recordNotFound');
    ctx.audit.targetId = String(id);
    if (row.version !== body.version) throw new AppError('versionConflict');
    if (row.status !== FAILED) throw new AppError('stateConflict', { message: '只有发送失败的短信可以重新发送' });
    const channel = await pickChannel(ctx.db);
    if (!channel) throw new AppError('stateConflict', { message: '没有启用的短信通道，请先在 短信通道 中启用' });
    const done = await ctx.db
      .updateTable('smsLog')
      .set({ status: 0, channelId: channel.id, gatewayMessage: '', updatedAt: nowIso(), version: sql`version + 1` })
      .where('id', '=', id)
      .where('version', '=', body.version)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) === 0) throw new AppError('versionConflict');
    ctx.audit.changes = [{ field: 'status', before: FAILED, after: 0 }];
    emitAfterCommit(ctx.req, 'resourceChanged', {
      resource: 'smsLog',
      agentId: null,
      ids: [String(id)],
      action: 'update',
    });
    deliverAfterCommit(app, ctx, [id]);
    return null;
  });
}
