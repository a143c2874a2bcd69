import type { Generated } from 'kysely';
import type { Stamped } from './core.js';

export interface SaasMessageTable extends Stamped {
  id: Generated<number>;
  title: string;
  /** Sanitised rich text (see modules/messages/sanitize-html.ts). */
  content: string;
  senderId: number | null;
  senderName: string;
  /** JSON array of provider ids; '[]' = every provider. */
  agentIds: string;
  /** JSON array of adminTypes; '[]' = provider admins and staff. */
  adminTypes: string;
  recipientCount: number;
  sendTime: string;
  /** 'compose' (written by the platform, its sent list) or 'notice' (the system telling accounts). */
  kind: Generated<MessageKind>;
  /** A console route the message points to (e.g. the export centre), or null. */
  link: string | null;
}

export type MessageKind = 'compose' | 'notice';

export interface SaasMessageRecipientTable {
  id: Generated<number>;
  messageId: number;
  adminId: number;
  /** The recipient's provider; null for a platform account. */
  agentId: number | null;
  /** 0 unread, 1 read. */
  status: number;
  receiveTime: string;
  readAt: string | null;
  /** 1 once the recipient deleted it. */
  deleted: number;
}

export interface MessageTables {
  saasMessage: SaasMessageTable;
  saasMessageRecipient: SaasMessageRecipientTable;
}
