import { openDatabase } from '../src/db/open.js';
import { explain } from './list-plan-explain.js';
import { caseQuery, planCases } from './list-plans.js';
import { createTestApp } from './test-app.js';

async function main() {
  const product = await createTestApp();
  const scale = openDatabase(`sqlite:${process.argv[2]}`);
  const only = process.argv[3]?.split(',');
  try {
    for (const r of product.app.resources.filter((x) => x.resource.endpoints.page)) {
      if (only && !only.includes(r.resource.name)) continue;
      for (const c of planCases(r)) {
        if (c.filter) continue;
        const facts = await explain(scale.db as never, r.table, c.sort.field === 'id', caseQuery(scale.db as never, r, c));
        if (facts.sorted || facts.tableScan || process.env.ALL)
          console.log(`${r.resource.name} ${c.scope} ${c.label}${c.anchored ? ' anchored' : ''}: ${facts.text}`);
      }
    }
  } finally {
    await scale.close();
    await product.close();
  }
}
void main();
