import type { Kysely } from 'kysely';

// The list indexes of 企业查看, 门店查看, 店主账号 and 门店员工 (issue 16): every filter the screens
// offer, followed by the default sort (created_at, id), so a filtered first page walks index
// entries in order instead of sorting the matches; each sortable field followed by id; and the
// provider-prefixed default sort for the provider operators' own lists (agent_id = ? always).
// Expiry filters (a range) are served by the (date, id) indexes, which the statistics cards also
// sort by when they filter, so those pages come in index order too.
const indexes: [table: string, columns: string[]][] = [
  ['enterprise', ['agent_id', 'created_at', 'id']],
  ['enterprise', ['status', 'created_at', 'id']],
  ['enterprise', ['store_count', 'id']],
  ['enterprise', ['agent_id', 'store_count', 'id']],
  ['store', ['agent_id', 'created_at', 'id']],
  ['store', ['status', 'created_at', 'id']],
  ['store', ['store_type', 'created_at', 'id']],
  ['store', ['enterprise_id', 'created_at', 'id']],
  ['store', ['web_expire_at', 'id']],
  ['store', ['applet_expire_at', 'id']],
  ['home_user', ['created_at', 'id']],
  ['home_user', ['agent_id', 'created_at', 'id']],
  ['home_user', ['store_id', 'created_at', 'id']],
  ['home_user', ['app_version', 'created_at', 'id']],
  ['home_user', ['status', 'created_at', 'id']],
  ['home_user', ['last_login_at', 'id']],
  // The 正常 card: status = 1 and not expired, soonest first.
  ['home_user', ['status', 'expire_date', 'id']],
  ['staff_applet_user', ['created_at', 'id']],
  ['staff_applet_user', ['agent_id', 'created_at', 'id']],
  ['staff_applet_user', ['store_id', 'created_at', 'id']],
  ['staff_applet_user', ['device_type', 'created_at', 'id']],
  ['staff_applet_user', ['app_version', 'created_at', 'id']],
  ['staff_applet_user', ['status', 'created_at', 'id']],
  ['staff_applet_user', ['last_login_at', 'id']],
  ['staff_applet_user', ['status', 'due_date', 'id']],
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
