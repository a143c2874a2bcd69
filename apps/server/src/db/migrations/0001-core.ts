import type { Kysely } from 'kysely';
import { cascade, refType, withId, withTimestamps } from './helpers.js';

// Accounts, permissions, sessions and the two logs: what sign-in and every endpoint rely on.
export async function up(db: Kysely<unknown>): Promise<void> {
  const ref = refType(db);

  await withTimestamps(withId(db, db.schema.createTable('agent')))
    .addColumn('agent_no', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('kind', 'integer', (c) => c.notNull())
    .addColumn('contact_name', 'text', (c) => c.notNull())
    .addColumn('contact_phone', 'text', (c) => c.notNull())
    .addColumn('region', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('opened_at', 'text')
    .addColumn('expire_at', 'text')
    .addColumn('web_price', 'integer')
    .addColumn('staff_applet_price', 'integer')
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('direct', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('agent_status_id').on('agent').columns(['status', 'id']).execute();
  await db.schema.createIndex('agent_name').on('agent').column('name').execute();

  await withTimestamps(withId(db, db.schema.createTable('admin')))
    .addColumn('login_name', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('admin_type', 'integer', (c) => c.notNull())
    .addColumn('agent_id', ref, (c) => c.references('agent.id'))
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('open', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('head_img', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('last_login_at', 'text')
    .addColumn('last_login_ip', 'text')
    .addColumn('change_psw', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failed_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'text')
    .execute();
  await db.schema.createIndex('admin_agent_id').on('admin').columns(['agent_id', 'id']).execute();

  await withTimestamps(withId(db, db.schema.createTable('role')))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .execute();

  await db.schema
    .createTable('admin_role')
    .addColumn('admin_id', ref, (c) => cascade(c.notNull().references('admin.id')))
    .addColumn('role_id', ref, (c) => cascade(c.notNull().references('role.id')))
    .addPrimaryKeyConstraint('admin_role_pk', ['admin_id', 'role_id'])
    .execute();
  await db.schema.createIndex('admin_role_role').on('admin_role').column('role_id').execute();

  await withId(db, db.schema.createTable('menu'))
    .addColumn('parent_id', ref, (c) => cascade(c.references('menu.id')))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('icon', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('kind', 'integer', (c) => c.notNull())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  // Route names repeat across scopes (the direct-run screens reuse the provider screens' names).
  await db.schema.createIndex('menu_scope_url').on('menu').columns(['scope', 'url']).unique().execute();
  await db.schema.createIndex('menu_parent').on('menu').columns(['parent_id', 'sort']).execute();

  await db.schema
    .createTable('role_menu')
    .addColumn('role_id', ref, (c) => cascade(c.notNull().references('role.id')))
    .addColumn('menu_id', ref, (c) => cascade(c.notNull().references('menu.id')))
    .addPrimaryKeyConstraint('role_menu_pk', ['role_id', 'menu_id'])
    .execute();

  await db.schema
    .createTable('agent_menu')
    .addColumn('agent_id', ref, (c) => cascade(c.notNull().references('agent.id')))
    .addColumn('menu_id', ref, (c) => cascade(c.notNull().references('menu.id')))
    .addPrimaryKeyConstraint('agent_menu_pk', ['agent_id', 'menu_id'])
    .execute();

  await withId(db, db.schema.createTable('session'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('admin_id', ref, (c) => cascade(c.notNull().references('admin.id')))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addColumn('idle_minutes', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('revoke_reason', 'text')
    .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('session_admin').on('session').columns(['admin_id', 'revoked_at']).execute();

  await withId(db, db.schema.createTable('remember_token'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('admin_id', ref, (c) => cascade(c.notNull().references('admin.id')))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('remember_token_admin').on('remember_token').column('admin_id').execute();

  await db.schema
    .createTable('captcha')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('answer_hash', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('captcha_expires').on('captcha').column('expires_at').execute();

  await withId(db, db.schema.createTable('login_log'))
    .addColumn('login_name', 'text', (c) => c.notNull())
    .addColumn('admin_id', ref)
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('result', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('login_log_ip_at').on('login_log').columns(['ip', 'result', 'at']).execute();
  await db.schema.createIndex('login_log_name_at').on('login_log').columns(['login_name', 'at']).execute();
  await db.schema.createIndex('login_log_at').on('login_log').column('at').execute();

  await withId(db, db.schema.createTable('operation_log'))
    .addColumn('operator_id', ref)
    .addColumn('operator_name', 'text', (c) => c.notNull())
    .addColumn('admin_type', 'integer')
    .addColumn('agent_id', ref)
    .addColumn('module', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('params', 'text', (c) => c.notNull())
    .addColumn('changes', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('target_id', 'text')
    .addColumn('result', 'integer', (c) => c.notNull())
    .addColumn('err_msg', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('operation_log_at').on('operation_log').columns(['at', 'id']).execute();
  await db.schema.createIndex('operation_log_agent_at').on('operation_log').columns(['agent_id', 'at']).execute();
  await db.schema.createIndex('operation_log_operator_at').on('operation_log').columns(['operator_id', 'at']).execute();
  await db.schema.createIndex('operation_log_module_at').on('operation_log').columns(['module', 'at']).execute();
}
