import { messageReminderText, receivedMessageEndpoints, sentMessageEndpoints } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import { bindEndpoint } from '../../http/bind-endpoint.js';
import { type RequestContext, requireOperator } from '../../http/context.js';
import { toDbId } from '../../lib/ids.js';
import { deleteInboxItem, getInboxItem, markAllRead, markRead, pageInbox } from './inbox.js';
import { agentOptions, createMessage, deleteSent, getSent, pageSent } from './outbox.js';

/**
 * Runs `fn` once the response has gone out successfully, i.e. after the write's transaction
 * committed: recipients told of a message must find it when they ask.
 */
function afterCommit(ctx: RequestContext, fn: () => void): void {
  ctx.reply.raw.once('finish', () => {
    if (ctx.reply.statusCode < 400) fn();
  });
}

export function registerMessageRoutes(app: FastifyInstance): void {
  const inbox = receivedMessageEndpoints;
  bindEndpoint(app, inbox.page, async ({ body }, ctx) => pageInbox(ctx.db, requireOperator(ctx).id, body));
  bindEndpoint(app, inbox.get, async ({ query }, ctx) =>
    getInboxItem(ctx.db, requireOperator(ctx).id, toDbId(query.id)),
  );
  bindEndpoint(app, inbox.read, async ({ query }, ctx) => {
    ctx.audit.targetId = query.id;
    await markRead(ctx.db, requireOperator(ctx).id, toDbId(query.id));
    return null;
  });
  bindEndpoint(app, inbox.allRead, async (_input, ctx) => ({
    count: await markAllRead(ctx.db, requireOperator(ctx).id),
  }));
  bindEndpoint(app, inbox.delete, async ({ query }, ctx) => {
    ctx.audit.targetId = query.id;
    await deleteInboxItem(ctx.db, requireOperator(ctx).id, toDbId(query.id));
    return null;
  });

  const sent = sentMessageEndpoints;
  bindEndpoint(app, sent.page, async ({ body }, ctx) => pageSent(ctx.db, body));
  bindEndpoint(app, sent.get, async ({ query }, ctx) => getSent(ctx.db, toDbId(query.id)));
  bindEndpoint(app, sent.agentOptions, async ({ query }, ctx) => agentOptions(ctx.db, query.keyword));
  bindEndpoint(app, sent.create, async ({ body }, ctx) => {
    const created = await createMessage(ctx.db, requireOperator(ctx), body);
    ctx.audit.targetId = String(created.id);
    afterCommit(ctx, () => {
      void app.realtime.publish(created.target, {
        type: 'message',
        messageId: String(created.id),
        messageTitle: body.messageTitle,
        text: messageReminderText(body.messageTitle),
      });
    });
    return { id: String(created.id), recipientCount: created.recipientCount };
  });
  bindEndpoint(app, sent.delete, async ({ query }, ctx) => {
    ctx.audit.targetId = query.id;
    const id = toDbId(query.id);
    const removed = await deleteSent(ctx.db, id);
    ctx.audit.action = `删除系统消息：${removed.title}`;
    afterCommit(ctx, () => {
      // Recipients' open lists drop the withdrawn message.
      void app.realtime.publish(removed.target, { type: 'resourceChanged', resource: 'saasMessageAgentUser', ids: [] });
    });
    return null;
  });
}
