import type { Kysely } from 'kysely';
import { cascade, refType, withId } from './helpers.js';

// Sign-in that cannot be used to lock people out (issue 15, items 3 and 4).
// - sign_in_device: a browser that has signed in to an account, known by the hash of a random
//   value in an httpOnly cookie. It exempts that browser from failures made elsewhere and, with
//   `remember` set, is the 记住密码 credential. One browser holds one value; a row per account.
// - sign_in_failure: failed sign-ins per (login name, source), where the source is the address,
//   or the device for a browser the account knows. Captcha and the growing lock apply per row.
// - session.device_id: the browser a session was opened from, so that browser signing in again
//   replaces its earlier session instead of leaving duplicates in 在线会话.
// remember_token goes: its credential lived in a script-readable cookie, which the device replaces.
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('sign_in_device'))
    .addColumn('token_hash', 'text', (c) => c.notNull())
    .addColumn('admin_id', refType(db), (c) => cascade(c.notNull().references('admin.id')))
    .addColumn('remember', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_sign_in_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .addUniqueConstraint('sign_in_device_token_admin', ['token_hash', 'admin_id'])
    .execute();
  await db.schema.createIndex('sign_in_device_admin').on('sign_in_device').column('admin_id').execute();
  // The sweep of expired rows: a client that keeps no cookies leaves one per sign-in.
  await db.schema.createIndex('sign_in_device_expires').on('sign_in_device').column('expires_at').execute();

  await withId(db, db.schema.createTable('sign_in_failure'))
    .addColumn('login_name', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('last_failure_at', 'text', (c) => c.notNull())
    .addColumn('locked_until', 'text')
    .addUniqueConstraint('sign_in_failure_name_source', ['login_name', 'source'])
    .execute();
  // The 登录锁定 list: pairs still locked, latest lock first.
  await db.schema.createIndex('sign_in_failure_locked').on('sign_in_failure').columns(['locked_until', 'id']).execute();
  // The sweep of pairs whose failures are forgotten (names sprayed by a guesser leave a row each).
  await db.schema.createIndex('sign_in_failure_last').on('sign_in_failure').column('last_failure_at').execute();

  await db.schema.alterTable('session').addColumn('device_id', refType(db)).execute();
  await db.schema.createIndex('session_device').on('session').columns(['device_id', 'revoked_at']).execute();

  await db.schema.dropTable('remember_token').execute();
}
