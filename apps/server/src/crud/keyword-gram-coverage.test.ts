import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { gramSeeks } from './keyword-grams.js';
import { ResourceQuery } from './query.js';
import { resourceDb } from './types.js';

/**
 * Every table the migrations index serves a list's keyword: each filter's columns, as the module
 * registers the resource, are the indexed columns. A column renamed in a migration or a filter
 * given another column would leave its table's grams written and never read.
 */
describe('every gram-indexed table serves a keyword filter', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('plans a keyword of some registered list over each indexed table from the grams', async () => {
    const db = t.database.db;
    const served = new Set<string>();
    for (const r of t.app.resources) {
      const q = new ResourceQuery(r.resource, r.table, r.options);
      for (const [key, def] of Object.entries(r.resource.filters)) {
        if (def.op !== 'contains' && def.op !== 'prefix') continue;
        const seeks = await gramSeeks(q, resourceDb(db), { [key]: '店王' });
        if (seeks[key]) served.add(seeks[key].table);
      }
    }
    const { rows } = await sql<{ tbl: string }>`select distinct tbl from search_gram_source order by tbl`.execute(db);
    const indexed = rows.map((r) => r.tbl);
    expect(indexed).toEqual(expect.arrayContaining(['operation_log', 'sms_log', 'gateway_device', 'hardware_order']));
    expect(indexed.filter((tbl) => !served.has(tbl))).toEqual([]);
  });
});
