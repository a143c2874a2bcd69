import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { nowIso } from '../../lib/clock.js';
import { syncMenuCatalogue } from './menus.js';

describe('menu catalogue sync', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await syncMenuCatalogue(t.database.db);
  });
  afterAll(() => t.close());

  it('grants a page’s new action to the roles that hold the page, and to no one else', async () => {
    const db = t.database.db;
    const menuId = async (url: string) =>
      (
        await db
          .selectFrom('menu')
          .where('scope', '=', 'platform')
          .where('url', '=', url)
          .select('id')
          .executeTakeFirstOrThrow()
      ).id;
    const now = nowIso();
    const role = async (code: string, pages: string[]) => {
      const row = await db
        .insertInto('role')
        .values({ name: code, code, sort: 0, status: 1, remark: '', createdAt: now, updatedAt: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const page of pages)
        await db
          .insertInto('roleMenu')
          .values({ roleId: row.id, menuId: await menuId(page) })
          .execute();
      return row.id;
    };
    const reviewer = await role('sync_reviewer', ['storeApplication']);
    const other = await role('sync_other', ['agentMgt']);
    // As on a database from before the action existed.
    await db.deleteFrom('menu').where('scope', '=', 'platform').where('url', '=', 'storeApplication.page').execute();

    expect(await syncMenuCatalogue(db)).toBe(1);
    const action = await menuId('storeApplication.page');
    const holders = await db.selectFrom('roleMenu').where('menuId', '=', action).select('roleId').execute();
    expect(holders.map((h) => h.roleId)).toContain(reviewer);
    expect(holders.map((h) => h.roleId)).not.toContain(other);
  });
});
