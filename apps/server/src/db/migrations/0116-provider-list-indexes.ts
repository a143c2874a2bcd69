import type { Kysely } from 'kysely';
import { createListIndexes } from './list-indexes.js';

// The provider-prefixed twins of 0115: a provider's list is always `agent_id = ?`, so its sort and
// `eq` filters are served only by an index that seeks agent_id first; without it the page walks
// every provider's entries (or sorts the provider's rows) to find one provider's.
const indexes: Record<string, string[][]> = {
  account_record: [
    ['agent_id', 'amount', 'id'],
    ['agent_id', 'direction', 'id'],
  ],
  admin: [
    ['agent_id', 'admin_type', 'id'],
    ['agent_id', 'admin_type', 'login_name', 'id'],
    ['agent_id', 'admin_type', 'open', 'created_at', 'id'],
  ],
  android_device: [
    ['agent_id', 'app_version', 'created_at', 'id'],
    ['agent_id', 'created_at', 'id'],
    ['agent_id', 'floor', 'created_at', 'id'],
    ['agent_id', 'floor', 'id'],
    ['agent_id', 'last_heartbeat_at', 'id'],
    ['agent_id', 'online', 'created_at', 'id'],
    ['agent_id', 'room_type', 'created_at', 'id'],
    ['agent_id', 'store_id', 'created_at', 'id'],
  ],
  applet_authorization: [
    ['agent_id', 'auth_status', 'id'],
    ['agent_id', 'enterprise_id', 'id'],
    ['agent_id', 'release_status', 'id'],
  ],
  collection: [
    ['agent_id', 'amount', 'id'],
    ['agent_id', 'contract_id', 'id'],
    ['agent_id', 'method', 'id'],
    ['agent_id', 'status', 'id'],
  ],
  contract: [
    ['agent_id', 'amount', 'id'],
    ['agent_id', 'enterprise_id', 'id'],
    ['agent_id', 'party_type', 'id'],
    ['agent_id', 'status', 'id'],
  ],
  enterprise: [
    ['agent_id', 'created_at', 'id'],
    ['agent_id', 'status', 'created_at', 'id'],
    ['agent_id', 'store_count', 'id'],
  ],
  enterprise_wallet: [
    ['agent_id', 'balance', 'id'],
    ['agent_id', 'enterprise_id', 'id'],
    ['agent_id', 'status', 'id'],
  ],
  free_auth_code: [
    ['agent_id', 'days', 'id'],
    ['agent_id', 'expire_date', 'id'],
  ],
  gateway_device: [
    ['agent_id', 'device_name', 'id'],
    ['agent_id', 'firmware_version', 'created_at', 'id'],
    ['agent_id', 'last_seen_at', 'id'],
    ['agent_id', 'store_id', 'created_at', 'id'],
  ],
  hardware_order: [
    ['agent_id', 'amount', 'id'],
    ['agent_id', 'created_at', 'id'],
    ['agent_id', 'status', 'created_at', 'id'],
  ],
  home_user: [
    ['agent_id', 'app_version', 'created_at', 'id'],
    ['agent_id', 'created_at', 'id'],
    ['agent_id', 'last_login_at', 'id'],
    ['agent_id', 'status', 'created_at', 'id'],
    ['agent_id', 'store_id', 'created_at', 'id'],
  ],
  marketing_template: [
    ['agent_id', 'review_status', 'id'],
    ['agent_id', 'scene', 'id'],
    ['agent_id', 'store_id', 'id'],
  ],
  operation_log: [
    ['agent_id', 'id'],
    ['agent_id', 'module', 'at', 'id'],
    ['agent_id', 'operator_id', 'at', 'id'],
    ['agent_id', 'result', 'at', 'id'],
  ],
  parameter: [['agent_id', 'value_type', 'id']],
  payment_merchant: [
    ['agent_id', 'provider', 'status', 'id'],
    ['agent_id', 'provider', 'store_id', 'id'],
    ['agent_id', 'provider', 'submitted_at', 'id'],
  ],
  provider_payment: [
    ['agent_id', 'amount', 'id'],
    ['agent_id', 'item', 'id'],
    ['agent_id', 'status', 'id'],
    ['agent_id', 'store_id', 'id'],
  ],
  ship_to_address: [['agent_id', 'created_at', 'id']],
  sms_recycling: [
    ['agent_id', 'quantity', 'id'],
    ['agent_id', 'status', 'id'],
    ['agent_id', 'store_id', 'id'],
  ],
  staff_applet_user: [
    ['agent_id', 'app_version', 'created_at', 'id'],
    ['agent_id', 'created_at', 'id'],
    ['agent_id', 'device_type', 'created_at', 'id'],
    ['agent_id', 'last_login_at', 'id'],
    ['agent_id', 'status', 'created_at', 'id'],
    ['agent_id', 'store_id', 'created_at', 'id'],
  ],
  store: [
    ['agent_id', 'created_at', 'id'],
    ['agent_id', 'enterprise_id', 'created_at', 'id'],
    ['agent_id', 'name', 'id'],
    ['agent_id', 'status', 'created_at', 'id'],
    ['agent_id', 'store_type', 'created_at', 'id'],
    ['agent_id', 'web_expire_at', 'id'],
  ],
  store_payment: [
    ['agent_id', 'amount', 'id'],
    ['agent_id', 'channel', 'id'],
    ['agent_id', 'item', 'id'],
    ['agent_id', 'status', 'id'],
    ['agent_id', 'store_id', 'id'],
  ],
  voice_code: [
    ['agent_id', 'batch_no', 'id'],
    ['agent_id', 'created_at', 'id'],
    ['agent_id', 'id'],
    ['agent_id', 'used_at', 'id'],
  ],
};

export async function up(db: Kysely<unknown>): Promise<void> {
  await createListIndexes(db, indexes);
}
