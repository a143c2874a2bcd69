import type { Kysely } from 'kysely';
import { cascade, refType, withId } from './helpers.js';

// Issue 31 part 1, the second factor (TOTP) of operator accounts:
// - second_factor: one row per account. `secret` is the TOTP key sealed with the server's key
//   (credentials/second-factor-key.ts), never answered after enrolment; `enrolled_at` null while
//   the operator has started but not confirmed; `last_time_step` the step of the last accepted
//   code, so a code is not accepted twice within its window.
// - second_factor_recovery_code: the ten one-time codes, hashed like passwords.
// - second_factor_challenge: what a correct password answers instead of a session when a code is
//   owed (or an enrolment, 400226): hashed, short-lived, single use, bound to the failure source
//   so wrong codes count where wrong passwords do.
// - role.require_second_factor: 要求两步验证 per platform role.
// - sign_in_device.second_factor_at: when that browser last passed the second factor; 记住密码
//   skips the code only within REMEMBER_DAYS of it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('second_factor')
    .addColumn('admin_id', refType(db), (c) => cascade(c.primaryKey().references('admin.id')))
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('enrolled_at', 'text')
    .addColumn('last_time_step', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('second_factor_recovery_code'))
    .addColumn('admin_id', refType(db), (c) => cascade(c.notNull().references('admin.id')))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createIndex('second_factor_recovery_code_admin')
    .on('second_factor_recovery_code')
    .column('admin_id')
    .execute();

  await withId(db, db.schema.createTable('second_factor_challenge'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('admin_id', refType(db), (c) => cascade(c.notNull().references('admin.id')))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('remember', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createIndex('second_factor_challenge_expires')
    .on('second_factor_challenge')
    .column('expires_at')
    .execute();

  await db.schema
    .alterTable('role')
    .addColumn('require_second_factor', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('sign_in_device').addColumn('second_factor_at', 'text').execute();
}
