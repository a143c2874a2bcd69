import { type Kysely, sql } from 'kysely';
import { refType, withId, withTimestamps } from './helpers.js';
import { createListIndexes } from './list-indexes.js';

// Issue 19, SMS and system configuration: a channel's write-only vendor secret, the providers'
// SMS quota (短信回收 credits it back), privacy agreement versions, prices per product × edition ×
// period with provider overrides, typed platform parameters with their change history, and the
// billing records a sync job brings from the payment provider. Lists sort by id (their default);
// each `eq` filter gets an index (column, id).
const indexes: Record<string, string[][]> = {
  agreement_version: [['status', 'id']],
  // 网页版价格 and 员工小程序价格 are one table seen per product: every list seeks the product first.
  product_price: [
    ['product', 'id'],
    ['product', 'edition_id', 'id'],
    ['product', 'period', 'id'],
    ['product', 'provider_id', 'id'],
    ['product', 'amount', 'id'],
  ],
  platform_param: [
    ['group_name', 'id'],
    ['value_type', 'id'],
    ['provider_level', 'id'],
  ],
  billing_sync_job: [['status', 'id']],
  param_change: [['param_id', 'id']],
};

export async function up(db: Kysely<unknown>): Promise<void> {
  const ref = refType(db);
  await db.schema
    .alterTable('sms_channel')
    .addColumn('access_key_secret', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('agent')
    .addColumn('sms_balance', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await withTimestamps(withId(db, db.schema.createTable('agreement_version')))
    .addColumn('agreement_key', 'text', (c) => c.notNull())
    .addColumn('version_no', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('published_at', 'text')
    .addColumn('publisher_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createIndex('agreement_version_key_no')
    .unique()
    .on('agreement_version')
    .columns(['agreement_key', 'version_no'])
    .execute();

  await withTimestamps(withId(db, db.schema.createTable('product_price')))
    .addColumn('product', 'integer', (c) => c.notNull())
    .addColumn('edition_id', ref, (c) => c.notNull().references('edition.id').onDelete('cascade'))
    .addColumn('period', 'integer', (c) => c.notNull())
    .addColumn('provider_id', ref, (c) => c.references('agent.id').onDelete('cascade'))
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  // One base price (no provider) and one override per provider for each product, edition and period.
  await db.schema
    .createIndex('product_price_base_unique')
    .unique()
    .on('product_price')
    .columns(['product', 'edition_id', 'period'])
    .where(sql.ref('provider_id'), 'is', null)
    .execute();
  await db.schema
    .createIndex('product_price_agent_unique')
    .unique()
    .on('product_price')
    .columns(['product', 'edition_id', 'period', 'provider_id'])
    .execute();

  await withTimestamps(withId(db, db.schema.createTable('platform_param')))
    .addColumn('param_key', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('group_name', 'text', (c) => c.notNull())
    .addColumn('value_type', 'integer', (c) => c.notNull())
    .addColumn('param_value', 'text', (c) => c.notNull())
    .addColumn('json_schema', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('provider_level', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createTable('param_change')
    .$call((t) => withId(db, t))
    .addColumn('param_id', ref, (c) => c.notNull())
    .addColumn('agent_id', ref)
    .addColumn('param_key', 'text', (c) => c.notNull())
    .addColumn('before_value', 'text', (c) => c.notNull())
    .addColumn('after_value', 'text', (c) => c.notNull())
    .addColumn('operator_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await withTimestamps(withId(db, db.schema.createTable('billing_record')))
    .addColumn('bill_no', 'text', (c) => c.notNull().unique())
    .addColumn('agent_no', 'text', (c) => c.notNull())
    .addColumn('pay_channel', 'integer', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('fee', 'integer', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('paid_at', 'text', (c) => c.notNull())
    .execute();
  await withTimestamps(withId(db, db.schema.createTable('billing_sync_job')))
    .addColumn('range_start', 'text', (c) => c.notNull())
    .addColumn('range_end', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('total_days', 'integer', (c) => c.notNull())
    .addColumn('done_days', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('unchanged_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failed_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failures', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('error', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('operator_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .execute();
  // One job at a time per range: a second start while one is queued or running breaks this index.
  await db.schema
    .createIndex('billing_sync_job_active_range')
    .unique()
    .on('billing_sync_job')
    .columns(['range_start', 'range_end'])
    .where(sql.ref('status'), 'in', [0, 1])
    .execute();
  await createListIndexes(db, indexes);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['billing_sync_job', 'billing_record', 'param_change', 'platform_param', 'product_price']) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.dropTable('agreement_version').execute();
  await db.schema.alterTable('agent').dropColumn('sms_balance').execute();
  await db.schema.alterTable('sms_channel').dropColumn('access_key_secret').execute();
}
