import type { Kysely } from 'kysely';

// Issue 30, 操作历史 on every record: a row's module is a menu group (门店管理 holds stores,
// store owners and store services alike), so module + target_id cannot say which record a row
// is about. Each new row names its resource (the endpoint's permission prefix, e.g. `store`);
// rows written before stay null and are simply not part of any record's history.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('operation_log').addColumn('resource', 'text').execute();
  // One record's history, newest first: equality on (resource, target_id), then the time order.
  await db.schema
    .createIndex('operation_log_resource_target_at')
    .on('operation_log')
    .columns(['resource', 'target_id', 'at', 'id'])
    .execute();
}
