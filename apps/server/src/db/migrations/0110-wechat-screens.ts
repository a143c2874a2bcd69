import type { Kysely } from 'kysely';
import { refType } from './helpers.js';

// The WeChat screens (issue 16): an official account's write-only AppSecret and last sync, the
// menu WeChat holds as read by a sync, and a merchant mini-program's store, expiry and WeChat's
// reason when its last request was refused. Indexes cover every filter and sort the two lists offer, with a
// provider-prefixed copy where a provider's operators list their own rows.
const indexes: [string, string[]][] = [
  ['official_account', ['created_at', 'id']],
  ['official_account', ['verified', 'id']],
  ['applet_authorization', ['created_at', 'id']],
  ['applet_authorization', ['agent_id', 'created_at', 'id']],
  ['applet_authorization', ['auth_status', 'created_at', 'id']],
  ['applet_authorization', ['agent_id', 'auth_status', 'created_at', 'id']],
  ['applet_authorization', ['store_id', 'id']],
  ['applet_authorization', ['expire_at', 'id']],
  ['applet_authorization', ['agent_id', 'expire_at', 'id']],
  ['applet_authorization', ['authorized_at', 'id']],
  ['applet_authorization', ['agent_id', 'authorized_at', 'id']],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('official_account')
    .addColumn('app_secret', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('official_account').addColumn('synced_at', 'text').execute();
  await db.schema.alterTable('custom_menu').addColumn('live_buttons', 'text').execute();
  await db.schema.alterTable('custom_menu').addColumn('live_synced_at', 'text').execute();

  await db.schema
    .alterTable('applet_authorization')
    .addColumn('store_id', refType(db), (c) => c.references('store.id'))
    .execute();
  await db.schema.alterTable('applet_authorization').addColumn('expire_at', 'text').execute();
  await db.schema
    .alterTable('applet_authorization')
    .addColumn('last_error', 'text', (c) => c.notNull().defaultTo(''))
    .execute();

  for (const [table, columns] of indexes) {
    await db.schema
      .createIndex(`${table}_${columns.join('_')}`.slice(0, 60))
      .on(table)
      .columns(columns)
      .execute();
  }
}
