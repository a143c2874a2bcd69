import type { ColumnType, Generated } from 'kysely';
import type { Stamped } from './core.js';

/** One message sent (or tried) through the SMS adapter: 短信记录. */
export interface SmsLogTable extends Stamped {
  id: Generated<number>;
  agentId: number | null;
  channelId: number | null;
  phone: string;
  /** contract smsPurpose */
  purpose: number;
  /** The text with secrets masked: what lists, exports and searches see. */
  content: string;
  /** The text as sent; read only through the logged reveal endpoint. */
  plainContent: string;
  /** contract smsSendStatus: 0 sending, 1 sent, 2 failed. */
  status: number;
  gatewayMessage: ColumnType<string, string | undefined, string>;
  messageId: ColumnType<string, string | undefined, string>;
  attempts: ColumnType<number, number | undefined, number>;
  sentAt: string | null;
}

export interface SmsLogTables {
  smsLog: SmsLogTable;
}
