import { MESSAGE_TITLE_MAX, messageReminderText } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import { type RequestContext, requireOperator } from '../../http/context.js';
import { createMessage } from '../messages/outbox.js';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/**
 * Tells a provider's operators the outcome of a review as a system message (the bell), in the
 * review's transaction; the live reminder goes out once it committed. This is how a rejection's
 * reason reaches the provider, whose store lists no longer show the rejected store.
 */
export async function tellProvider(
  app: FastifyInstance,
  ctx: RequestContext,
  agentId: number,
  notice: { title: string; body: string },
): Promise<void> {
  const messageTitle = notice.title.slice(0, MESSAGE_TITLE_MAX);
  const created = await createMessage(ctx.db, requireOperator(ctx), {
    messageTitle,
    content: `<p>${escapeHtml(notice.body)}</p>`,
    agentIds: [String(agentId)],
  });
  ctx.reply.raw.once('finish', () => {
    if (ctx.reply.statusCode >= 400) return;
    void app.realtime.publish(created.target, {
      type: 'message',
      messageId: String(created.id),
      messageTitle,
      text: messageReminderText(messageTitle),
    });
  });
}
