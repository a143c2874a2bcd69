import type { Kysely } from 'kysely';

// The remaining filter and sort indexes of the money lists (enum filters and amount sorts), each
// ending in id because every list breaks ties by id. The payment tables grow with the stores
// (about 3 rows per store), so these matter there most.
const indexes: [table: string, columns: string[]][] = [
  ['store_payment', ['item', 'id']],
  ['store_payment', ['channel', 'id']],
  ['store_payment', ['amount', 'id']],
  ['store_payment', ['agent_id', 'paid_at', 'id']],
  ['provider_payment', ['item', 'id']],
  ['provider_payment', ['amount', 'id']],
  ['provider_payment', ['agent_id', 'paid_at', 'id']],
  ['contract', ['party_type', 'id']],
  ['contract', ['amount', 'id']],
  ['contract', ['agent_id', 'signed_date', 'id']],
  ['collection', ['method', 'id']],
  ['collection', ['amount', 'id']],
  ['collection', ['agent_id', 'collected_at', 'id']],
  ['account_record', ['direction', 'id']],
  ['account_record', ['amount', 'id']],
  ['account_record', ['created_at', 'id']],
  ['enterprise_wallet', ['status', 'id']],
  ['payment_merchant', ['submitted_at', 'id']],
  ['marketing_template', ['scene', 'id']],
  ['marketing_template', ['created_at', 'id']],
  ['sms_recycling', ['quantity', 'id']],
  ['sms_recycling', ['created_at', 'id']],
  ['applet_authorization', ['release_status', 'id']],
  ['free_auth_code', ['expire_date', 'id']],
  ['free_auth_code', ['days', 'id']],
  ['parameter', ['value_type', 'id']],
  ['parameter', ['param_key', 'id']],
  ['sms_channel', ['vendor', 'id']],
  ['sms_channel', ['sent_count', 'id']],
  ['official_account', ['account_type', 'id']],
  ['official_account', ['follower_count', 'id']],
  ['ip_restriction', ['rule_type', 'id']],
  ['ip_restriction', ['applies_to', 'id']],
  ['edition', ['status', 'id']],
  ['edition', ['web_price', 'id']],
  ['error_log', ['level', 'created_at', 'id']],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [table, columns] of indexes) {
    await db.schema
      .createIndex(`${table}_${columns.join('_')}`.slice(0, 60))
      .on(table)
      .columns(columns)
      .execute();
  }
}
