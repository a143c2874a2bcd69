import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestDatabase, createTestDatabase, testEngine } from '../../../test/test-app.js';

// 0100: each filter of the four store/people lists, with the list's default sort, walks an index
// in order on SQLite (no temporary B-tree sorting the matches), as does each sortable field.
const filtered: [table: string, where: string][] = [
  ['enterprise', 'agent_id = 1'],
  ['enterprise', 'status = 1'],
  ['store', 'agent_id = 1 and status <> 4'],
  ['store', 'status = 1'],
  ['store', 'store_type = 1 and status <> 4'],
  ['store', 'enterprise_id = 1 and status <> 4'],
  ['home_user', 'agent_id = 1'],
  ['home_user', 'store_id = 1'],
  ['home_user', "app_version = '3.2.0'"],
  ['home_user', 'status = 1'],
  ['staff_applet_user', 'agent_id = 1'],
  ['staff_applet_user', 'store_id = 1'],
  ['staff_applet_user', "device_type = 'iPhone'"],
  ['staff_applet_user', "app_version = '1.0'"],
  ['staff_applet_user', 'status = 1'],
];
const sorted: [table: string, column: string][] = [
  ['enterprise', 'store_count'],
  ['enterprise', 'name'],
  ['store', 'web_expire_at'],
  ['home_user', 'expire_date'],
  ['home_user', 'last_login_at'],
  ['staff_applet_user', 'due_date'],
  ['staff_applet_user', 'last_login_at'],
];

describe.runIf(testEngine === 'sqlite')('store and people list indexes (SQLite plans)', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.drop());

  const plan = async (query: string) => {
    const rows = await sql<{ detail: string }>`explain query plan ${sql.raw(query)}`.execute(database.db);
    return rows.rows.map((r) => r.detail).join('\n');
  };

  it.each(filtered)('%s where %s, newest first: in index order', async (table, where) => {
    const details = await plan(
      `select t.created_at, t.id from ${table} t where ${where} order by t.created_at desc, t.id desc limit 20`,
    );
    expect(details).toMatch(/USING (COVERING )?INDEX/);
    expect(details).not.toContain('TEMP B-TREE');
  });

  it.each(sorted)('%s sorted by %s: in index order', async (table, column) => {
    const details = await plan(`select t.${column}, t.id from ${table} t order by t.${column}, t.id limit 20`);
    expect(details).toMatch(/USING (COVERING )?INDEX/);
    expect(details).not.toContain('TEMP B-TREE');
  });

  it('the 正常 card (enabled, not expired, soonest first) walks the status and date index', async () => {
    const details = await plan(`select t.due_date, t.id from staff_applet_user t
      where t.status = 1 and t.due_date >= '2026-01-01' order by t.due_date, t.id limit 20`);
    expect(details).toContain('staff_applet_user_status_due_date_id');
    expect(details).not.toContain('TEMP B-TREE');
  });

  it('an expiry card (date range sorted by the date) walks the date index', async () => {
    const details = await plan(`select t.expire_date, t.id from home_user t
      where t.expire_date >= '2026-01-01' and t.expire_date <= '2026-01-31' order by t.expire_date, t.id limit 20`);
    expect(details).toContain('home_user_expire');
    expect(details).not.toContain('TEMP B-TREE');
  });
});
