import type { Kysely } from 'kysely';
import { isPostgres } from './helpers.js';
import { createListIndexes } from './list-indexes.js';

// PostgreSQL only. Every list breaks ties by id (`order by x, id`). A SQLite index ends in the
// rowid implicitly, so its index on (x) already returns rows in (x, id) order; a PostgreSQL
// B-tree does not, and with only (x) it reads x in order and sorts each run of equal x by id
// (Incremental Sort) — cheap for unique x, a sort of most of the list for a repeated one (a day
// of operation-log rows at the same second, stores of one name). These are the (…, x, id) twins
// of the older single-purpose indexes, for the lists test/list-indexes.test.ts found sorting on
// PostgreSQL. On SQLite they would duplicate existing indexes and, until ANALYZE, tempt its
// planner away from them (see 0071).
const indexes: Record<string, string[][]> = {
  agent: [['name', 'id']],
  app_version: [['app', 'version_code', 'id']],
  company_group: [['name', 'id']],
  enterprise: [
    ['name', 'id'],
    ['agent_id', 'name', 'id'],
  ],
  gateway_device: [['device_name', 'id']],
  hardware_product: [['status', 'sort', 'id']],
  home_user: [['agent_id', 'expire_date', 'id']],
  login_log: [['at', 'id']],
  mac_address: [['mac', 'id']],
  menu: [['parent_id', 'sort', 'id']],
  operation_log: [
    ['agent_id', 'at', 'id'],
    ['module', 'at', 'id'],
    ['operator_id', 'at', 'id'],
  ],
  parameter: [['agent_id', 'param_key', 'id']],
  payment_merchant: [['provider', 'store_id', 'id']],
  staff_applet_user: [['agent_id', 'due_date', 'id']],
  store: [
    ['name', 'id'],
    ['web_expire_at', 'id'],
  ],
  zkb_equipment_no: [['equipment_no', 'id']],
};

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await createListIndexes(db, indexes);
}
