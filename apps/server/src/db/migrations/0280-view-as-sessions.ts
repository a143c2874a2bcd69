import type { Kysely } from 'kysely';
import { cascade, refType, withId } from './helpers.js';

// Issue 31 part 2, 以服务商身份查看: a platform admin's time-boxed session in a provider's console.
// `session_id` is the admin's own sign-in session: when it ends (sign-out, force logout, password
// change) the view-as ends with it. `account_id` is the provider administrator whose view is shown.
// The operation log names the admin behind a provider's row and the reason they gave.
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('view_as_session'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('admin_id', refType(db), (c) => cascade(c.notNull().references('admin.id')))
    .addColumn('session_id', refType(db), (c) => cascade(c.notNull().references('session.id')))
    .addColumn('agent_id', refType(db), (c) => cascade(c.notNull().references('agent.id')))
    .addColumn('account_id', refType(db), (c) => cascade(c.notNull().references('admin.id')))
    // `read` or `write`.
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('ended_at', 'text')
    .addColumn('end_reason', 'text')
    .execute();
  await db.schema
    .createIndex('view_as_session_admin')
    .on('view_as_session')
    .columns(['admin_id', 'started_at'])
    .execute();
  await db.schema
    .createIndex('view_as_session_agent')
    .on('view_as_session')
    .columns(['agent_id', 'started_at'])
    .execute();
  await db.schema.createIndex('view_as_session_session').on('view_as_session').column('session_id').execute();
  await db.schema.createIndex('view_as_session_account').on('view_as_session').column('account_id').execute();

  // Like operator_id, no foreign key: a log row outlives the account it names.
  await db.schema.alterTable('operation_log').addColumn('acting_admin_id', refType(db)).execute();
  await db.schema.alterTable('operation_log').addColumn('acting_admin_name', 'text').execute();
  await db.schema.alterTable('operation_log').addColumn('view_as_reason', 'text').execute();
}
