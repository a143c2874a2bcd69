import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import type { RequestContext } from '../../http/context.js';
import { nowIso } from '../../lib/clock.js';
import { enabledChannels, gatewayMessage, sendWithFailover } from './failover.js';

const SENDING = 0;
const SENT = 1;
const FAILED = 2;
/** Refusals a gateway lifts by itself a moment later; anything else is final for this try. */
const TRANSIENT = /流量控制|稍后重试/;
const TRIES = 3;

export interface QueuedSms {
  phone: string;
  purpose: 1 | 2 | 3 | 4;
  /** The text as sent. */
  content: string;
  /** Parts of the text never shown in lists (an initial password); masked in `content` of the log. */
  secrets?: string[];
  agentId?: number | null;
}

/** 138****8000: enough for the operator to recognise the number. */
export function maskPhone(phone: string): string {
  return phone.length === 11 ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone;
}

function masked(text: string, secrets: string[]): string {
  return secrets.reduce((out, secret) => (secret ? out.split(secret).join('******') : out), text);
}

/** The enabled channel of highest priority (ties: the oldest), or none. */
export async function pickChannel(db: Kysely<Database>) {
  return db
    .selectFrom('smsChannel')
    .where('status', '=', 1)
    .orderBy('priority', 'desc')
    .orderBy('id')
    .select(['id', 'vendor', 'accessKeyId', 'signName'])
    .executeTakeFirst();
}

/**
 * Records a message to send, in the caller's transaction, and returns its log id. The send itself
 * happens after the transaction committed (`deliverAfterCommit`): a gateway call must not hold
 * the database, and a rolled-back change must not have texted anyone.
 */
export async function queueSms(db: Kysely<Database>, sms: QueuedSms): Promise<number> {
  const channel = await pickChannel(db);
  const now = nowIso();
  const row = await db
    .insertInto('smsLog')
    .values({
      agentId: sms.agentId ?? null,
      channelId: channel?.id ?? null,
      phone: sms.phone,
      purpose: sms.purpose,
      content: masked(sms.content, sms.secrets ?? []),
      plainContent: sms.content,
      status: channel ? SENDING : FAILED,
      gatewayMessage: channel ? '' : '没有启用的短信通道',
      sentAt: null,
      createdAt: now,
      updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Sends a queued message through the SMS adapter, retrying a gateway's flow-control refusal and
 * failing over to the next enabled channel by priority when one refuses, and
 * writes the outcome to the log (and the channel's sent count). Never throws: a failure is what
 * the log row then says, and 短信记录 offers to send it again.
 */
export async function deliverSms(app: FastifyInstance, id: number): Promise<void> {
  const db = app.db;
  try {
    const row = await db.selectFrom('smsLog').where('id', '=', id).selectAll().executeTakeFirst();
    if (!row || row.status !== SENDING || row.channelId === null) return;
    const channels = await enabledChannels(db);
    const text = { phone: row.phone, content: row.plainContent };
    const outcome = await sendWithFailover(channels, row.channelId, async (channel) => {
      let answer = await app.sms.send(gatewayMessage(channel, text));
      let attempts = 1;
      while (!answer.ok && TRANSIENT.test(answer.message) && attempts < TRIES) {
        answer = await app.sms.send(gatewayMessage(channel, text));
        attempts += 1;
      }
      return { answer, attempts };
    });
    const { answer, channel } = outcome;
    // A delivery after failover says which channels failed first, for support.
    const said =
      answer.ok && outcome.failures.length > 0
        ? `${answer.message}（已切换通道；${outcome.failures.join('；')}）`
        : outcome.failures.join('；') || answer.message;
    const now = nowIso();
    await db
      .updateTable('smsLog')
      .set((eb) => ({
        status: answer.ok ? SENT : FAILED,
        channelId: channel?.id ?? row.channelId,
        gatewayMessage: said.slice(0, 500),
        messageId: answer.messageId,
        attempts: row.attempts + outcome.attempts,
        sentAt: answer.ok ? now : null,
        updatedAt: now,
        version: eb('version', '+', 1),
      }))
      .where('id', '=', id)
      .execute();
    if (answer.ok && channel) {
      await db
        .updateTable('smsChannel')
        .set((eb) => ({ sentCount: eb('sentCount', '+', 1) }))
        .where('id', '=', channel.id)
        .execute();
    }
    app.events.emit('resourceChanged', { resource: 'smsLog', agentId: null, ids: [String(id)], action: 'update' });
  } catch (err) {
    app.log.error({ err, smsLogId: id }, 'SMS delivery failed');
  }
}

/** Sends the queued messages once the request's transaction has committed and its answer is out. */
export function deliverAfterCommit(app: FastifyInstance, ctx: RequestContext, ids: number[]): void {
  ctx.reply.raw.once('finish', () => {
    if (ctx.reply.statusCode >= 400) return;
    for (const id of ids) void deliverSms(app, id);
  });
}

/** Records a message that was already sent (a channel test answers the operator at once). */
export async function logSentSms(
  db: Kysely<Database>,
  sms: QueuedSms & { channelId: number; result: { ok: boolean; messageId: string; message: string } },
): Promise<number> {
  const now = nowIso();
  const row = await db
    .insertInto('smsLog')
    .values({
      agentId: sms.agentId ?? null,
      channelId: sms.channelId,
      phone: sms.phone,
      purpose: sms.purpose,
      content: masked(sms.content, sms.secrets ?? []),
      plainContent: sms.content,
      status: sms.result.ok ? SENT : FAILED,
      gatewayMessage: sms.result.message,
      messageId: sms.result.messageId,
      attempts: 1,
      sentAt: sms.result.ok ? now : null,
      createdAt: now,
      updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
