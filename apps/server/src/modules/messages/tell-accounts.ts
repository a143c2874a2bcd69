import { consoleLink, messageReminderText } from '@console/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { nowIso } from '../../lib/clock.js';
import type { Realtime } from '../../plugins/realtime.js';
import { sanitizeHtml } from './sanitize-html.js';

// The system telling accounts something about themselves (their second factor was reset, their
// console was viewed, their export is ready): one message of kind 'notice', one recipient row per
// account, platform admins included. The platform's sent list never shows these.

type Db = Kysely<Database>;

export interface AccountNotice {
  adminIds: readonly number[];
  title: string;
  /** Plain text; shown as one paragraph. */
  text: string;
  /** A console route the detail's 前往查看 opens (validated: a path inside the console). */
  link?: string;
}

export interface ToldAccounts {
  messageId: number;
  /** Sends the bell's live reminder to the accounts; call it after the caller's transaction committed. */
  publish(realtime: Pick<Realtime, 'publish'>): Promise<void>;
}

const SYSTEM_SENDER = '系统';

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * Writes the notice in the caller's transaction (`db` may be one). Accounts that do not exist are
 * skipped; the recipient row carries each account's provider (null for a platform account).
 */
export async function tellAccounts(db: Db, notice: AccountNotice): Promise<ToldAccounts> {
  const link = notice.link === undefined ? null : consoleLink.parse(notice.link);
  const ids = [...new Set(notice.adminIds)];
  const accounts =
    ids.length > 0 ? await db.selectFrom('admin').where('id', 'in', ids).select(['id', 'agentId']).execute() : [];
  const now = nowIso();
  const message = await db
    .insertInto('saasMessage')
    .values({
      kind: 'notice',
      title: notice.title,
      content: sanitizeHtml(`<p>${escapeText(notice.text)}</p>`),
      senderId: null,
      senderName: SYSTEM_SENDER,
      agentIds: JSON.stringify([...new Set(accounts.flatMap((a) => (a.agentId === null ? [] : [a.agentId])))]),
      adminTypes: '[]',
      recipientCount: accounts.length,
      sendTime: now,
      link,
      createdAt: now,
      updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (accounts.length > 0) {
    await db
      .insertInto('saasMessageRecipient')
      .values(
        accounts.map((a) => ({
          messageId: message.id,
          adminId: a.id,
          agentId: a.agentId,
          status: 0,
          receiveTime: now,
          deleted: 0,
        })),
      )
      .execute();
  }
  const adminIds = accounts.map((a) => a.id);
  return {
    messageId: message.id,
    publish: async (realtime) => {
      if (adminIds.length === 0) return;
      await realtime.publish(
        { kind: 'admins', adminIds },
        {
          type: 'message',
          messageId: String(message.id),
          messageTitle: notice.title,
          text: messageReminderText(notice.title),
        },
      );
    },
  };
}
