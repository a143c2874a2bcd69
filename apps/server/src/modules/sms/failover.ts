import type { Kysely } from 'kysely';
import type { SmsMessage, SmsResult } from '../../adapters/sms/index.js';
import type { Database } from '../../db/types.js';

// Which channel a message goes through: the enabled ones by priority, and the next one when a
// channel refuses (failover), so one vendor's outage or an overdue account does not stop texts.

export interface ChannelRow {
  id: number;
  name: string;
  vendor: number;
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
}

/** Enabled channels in the order they are tried: priority (higher first), then the oldest. */
export async function enabledChannels(db: Kysely<Database>): Promise<ChannelRow[]> {
  return db
    .selectFrom('smsChannel')
    .where('status', '=', 1)
    .orderBy('priority', 'desc')
    .orderBy('id')
    .select(['id', 'name', 'vendor', 'accessKeyId', 'accessKeySecret', 'signName'])
    .execute();
}

export const gatewayMessage = (channel: ChannelRow, text: Pick<SmsMessage, 'phone' | 'content'>): SmsMessage => ({
  vendor: channel.vendor,
  accessKeyId: channel.accessKeyId,
  accessKeySecret: channel.accessKeySecret,
  signName: channel.signName,
  ...text,
});

export interface FailoverOutcome {
  answer: SmsResult;
  /** The channel that answered last (the one that delivered, when one did). */
  channel: ChannelRow | null;
  attempts: number;
  /** What each channel that failed said, in order, for the log. */
  failures: string[];
}

/**
 * Sends through `first`, and when it refuses, through each next enabled channel by priority
 * (failover). `tryOne` sends through one channel (with its own retries) and counts attempts.
 */
export async function sendWithFailover(
  channels: ChannelRow[],
  firstId: number | null,
  tryOne: (channel: ChannelRow) => Promise<{ answer: SmsResult; attempts: number }>,
): Promise<FailoverOutcome> {
  const start = Math.max(
    0,
    channels.findIndex((c) => c.id === firstId),
  );
  const order = [...channels.slice(start), ...channels.slice(0, start)];
  const failures: string[] = [];
  let outcome: FailoverOutcome = {
    answer: { ok: false, messageId: '', message: '没有启用的短信通道', elapsedMs: 0 },
    channel: null,
    attempts: 0,
    failures,
  };
  for (const channel of order) {
    const { answer, attempts } = await tryOne(channel);
    outcome = { answer, channel, attempts: outcome.attempts + attempts, failures };
    if (answer.ok) break;
    failures.push(`${channel.name}：${answer.message}`);
  }
  return outcome;
}
