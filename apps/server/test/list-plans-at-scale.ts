/**
 * The list-index rule's sort cases (./list-plans.ts) EXPLAINed on a generated database with rows
 * and planner statistics, as the planner really chooses there (the test asks empty tables whether
 * an index can serve; this asks whether the planner takes it once it has statistics). Prints each
 * case that sorts or scans, with its table's row count: a sort over a small table is the planner
 * being right; one over a large table is a missing or unused index.
 *
 *   npx tsx test/list-plans-at-scale.ts <DATABASE_URL> [resource,…]
 *
 * The database: `bench/api/scale-data.ts` (`BENCH_API_ONLY=sorts npm run bench -- api` makes one).
 */
import { sql } from 'kysely';
import { isPostgres } from '../src/db/engine.js';
import { resourceDb } from '../src/crud/types.js';
import { openDatabase } from '../src/db/open.js';
import { explain, snake } from './list-plan-explain.js';
import { caseQuery, planCases } from './list-plans.js';
import { createTestApp } from './test-app.js';

async function main(url: string, only: string[] | undefined): Promise<void> {
  const product = await createTestApp();
  const scale = openDatabase(url);
  const db = resourceDb(scale.db);
  const rowsOf = new Map<string, number>();
  const count = async (table: string) => {
    if (!rowsOf.has(table)) {
      const found = await sql<{ n: number }>`select count(*) as n from ${sql.table(snake(table))}`.execute(db);
      rowsOf.set(table, Number(found.rows[0]?.n ?? 0));
    }
    return rowsOf.get(table)!;
  };
  let flagged = 0;
  try {
    for (const r of product.app.resources.filter((x) => x.resource.endpoints.page)) {
      if (only && !only.includes(r.resource.name)) continue;
      for (const c of planCases(r)) {
        if (c.filter) continue;
        const facts = await explain(db, r.table, c.sort.field === 'id', caseQuery(db, r, c), 'real');
        if (!facts.sorted && !facts.tableScan) continue;
        flagged += 1;
        const where = `${r.resource.name} (${snake(r.table)}, ${await count(r.table)} 行) ${c.scope} ${c.label}`;
        process.stdout.write(`${where}${c.anchored ? ' 锚点后' : ''}: ${facts.text}\n`);
      }
    }
    process.stdout.write(`${isPostgres(db) ? 'PostgreSQL' : 'SQLite'}：${flagged} 个排序用例排序或扫表\n`);
  } finally {
    await scale.close();
    await product.close();
  }
}

const [url, only] = process.argv.slice(2);
if (!url) throw new Error('用法：npx tsx test/list-plans-at-scale.ts <DATABASE_URL> [resource,…]');
void main(url, only?.split(','));
