import type { Kysely } from 'kysely';
import { createListIndexes } from './list-indexes.js';

// The indexes the platform's lists lacked (test/list-indexes.test.ts names them): each default
// sort, sortable field and `eq` filter of a list read across all providers, every one ending in
// id because every list breaks ties by id. A fixed slice of a table leads its indexes (admin_type
// for platform accounts, provider for merchant applications). Without them a page at 100 000
// platform accounts was a full scan and sort (204 ms), and its page anchors a walk of such scans
// (27 s to offset 5 000).
const indexes: Record<string, string[][]> = {
  admin: [
    ['admin_type', 'created_at', 'id'],
    ['admin_type', 'id'],
    ['admin_type', 'login_name', 'id'],
    ['admin_type', 'open', 'created_at', 'id'],
  ],
  agent: [
    ['created_at', 'id'],
    ['kind', 'created_at', 'id'],
    ['level', 'created_at', 'id'],
    ['status', 'created_at', 'id'],
  ],
  android_device: [
    ['app_version', 'created_at', 'id'],
    ['created_at', 'id'],
    ['floor', 'created_at', 'id'],
    ['floor', 'id'],
    ['last_heartbeat_at', 'id'],
    ['online', 'created_at', 'id'],
    ['room_type', 'created_at', 'id'],
    ['store_id', 'created_at', 'id'],
  ],
  app_version: [
    ['published_at', 'id'],
    ['version_code', 'id'],
  ],
  company_group: [['created_at', 'id']],
  edition: [['status', 'sort', 'id']],
  enterprise: [
    ['status', 'created_at', 'id'],
    ['store_count', 'id'],
  ],
  gateway_device: [
    ['firmware_version', 'created_at', 'id'],
    ['last_seen_at', 'id'],
    ['store_id', 'created_at', 'id'],
  ],
  hardware_order: [
    ['amount', 'id'],
    ['status', 'created_at', 'id'],
  ],
  hardware_product: [
    ['category', 'sort', 'id'],
    ['created_at', 'id'],
    ['sort', 'id'],
    ['unit_price', 'id'],
  ],
  home_user: [
    ['app_version', 'created_at', 'id'],
    ['created_at', 'id'],
    ['last_login_at', 'id'],
    ['status', 'created_at', 'id'],
    ['store_id', 'created_at', 'id'],
  ],
  login_log: [
    ['ip', 'at', 'id'],
    ['result', 'at', 'id'],
  ],
  mac_address: [['created_at', 'id']],
  menu: [
    ['kind', 'sort', 'id'],
    ['scope', 'sort', 'id'],
    ['sort', 'id'],
  ],
  operation_log: [['result', 'at', 'id']],
  payment_merchant: [
    ['provider', 'id'],
    ['provider', 'submitted_at', 'id'],
  ],
  role: [
    ['created_at', 'id'],
    ['sort', 'id'],
    ['status', 'sort', 'id'],
  ],
  session: [
    ['admin_id', 'last_seen_at', 'id'],
    ['created_at', 'id'],
    ['last_seen_at', 'id'],
  ],
  ship_to_address: [['created_at', 'id']],
  sms_channel: [
    ['priority', 'id'],
    ['status', 'id'],
  ],
  staff_applet_user: [
    ['app_version', 'created_at', 'id'],
    ['created_at', 'id'],
    ['device_type', 'created_at', 'id'],
    ['last_login_at', 'id'],
    ['status', 'created_at', 'id'],
    ['store_id', 'created_at', 'id'],
  ],
  store: [
    ['enterprise_id', 'created_at', 'id'],
    ['status', 'created_at', 'id'],
    ['store_type', 'created_at', 'id'],
  ],
  voice_code: [
    ['created_at', 'id'],
    ['used_at', 'id'],
  ],
  zkb_equipment_no: [['created_at', 'id']],
};

export async function up(db: Kysely<unknown>): Promise<void> {
  await createListIndexes(db, indexes);
}
