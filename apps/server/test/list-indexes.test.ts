import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { type RegisteredResource, resourceDb } from '../src/crud/types.js';
import { explain, indexColumns, uniqueColumns } from './list-plan-explain.js';
import { caseQuery, fixedEqualities, fixedSets, planCases, planProblems } from './list-plans.js';
import { type TestDatabase, createTestApp, createTestDatabase } from './test-app.js';

// Top-level await: the resources come from the running app's registry, so a list added later is
// checked without touching this file (see ./list-plans.ts for the rule and why it holds on
// empty test tables).
const product = await createTestApp();
const bare: TestDatabase = await createTestDatabase();
afterAll(async () => {
  await product.close();
  await bare.drop();
});

const lists = product.app.resources.filter((r) => r.resource.endpoints.page);

/** Every problem of a list's plans on a database (empty: each page is served by an index). */
async function problemsOf(database: TestDatabase['db'], r: RegisteredResource): Promise<string[]> {
  const db = resourceDb(database);
  const table = {
    fixed: fixedEqualities(db, r),
    sets: fixedSets(db, r),
    unique: await uniqueColumns(db, r.table),
    indexes: await indexColumns(db, r.table),
  };
  const problems: string[] = [];
  for (const c of planCases(r)) {
    const facts = await explain(db, r.table, c.sort.field === 'id', caseQuery(db, r, c));
    problems.push(...planProblems(r, c, facts, table));
  }
  return problems;
}

describe('every list page is served by an index', () => {
  it('finds the registered lists', () => {
    expect(lists.length).toBeGreaterThan(20);
  });

  it.each(lists.map((r) => [`${r.resource.name} (${r.table})`, r] as const))('%s', async (_name, r) => {
    expect((await problemsOf(product.database.db, r)).join('\n')).toBe('');
  });

  it('names the resource, the case and the index to add when a list loses its index', async () => {
    // The known case of issue 15: platform accounts sorted by creation time without the index
    // on (admin_type, created_at, id) were a full scan and sort at 100 000 rows.
    await sql`drop index admin_admin_type_created_at_id`.execute(bare.db);
    const saasAdmin = lists.find((r) => r.resource.name === 'saasAdmin')!;
    const problems = await problemsOf(bare.db, saasAdmin);
    expect(problems.length).toBeGreaterThan(0);
    expect(problems[0]).toMatch(/^saasAdmin \(admin\), platform list, sort createdAt asc: /);
    expect(problems[0]).toContain('add an index on admin (admin_type, created_at, id)');
    expect(problems.join('\n')).toContain('platform list, sort createdAt desc after an anchor');
  });
});
