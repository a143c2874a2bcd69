import { agentGatewayResource } from '@console/contract';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { CountCache, cappedCount } from '../../src/crud/list.js';
import { ResourceQuery } from '../../src/crud/query.js';
import { resourceDb } from '../../src/crud/types.js';
import type { RequestContext } from '../../src/http/context.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { openDatabase } from '../../src/db/open.js';
import type { BenchRow } from '../report.js';
import { median } from '../report.js';
import { formatRows } from './list-bench.js';
import { settings } from './settings.js';

const BUDGET_MS = 2;

/**
 * The list total of ARCHITECTURE.md at the largest size: the product's own `cappedCount` for
 * agent1's gateway list filtered by 在线, called in this process against the database (no HTTP).
 * Two figures: the uncached capped count (a fresh cache each call, so the COUNT over at most
 * 10 001 index entries runs every time) and the cached path (the same list again within the
 * cache's few seconds). Median of several calls, after one warm-up.
 */
export async function totalsRows(
  engine: 'SQLite' | 'PostgreSQL',
  databaseUrl: string,
  rows: number,
): Promise<BenchRow[]> {
  const config = loadConfig({ DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' });
  const database = openDatabase(databaseUrl);
  // Data generated before a newer migration (an index, say) gets it, as the servers' entry does.
  await migrateToLatest(database.db);
  const app = await buildApp({ config, database, logLevel: 'silent' });
  try {
    const registered = app.resources.find((r) => r.resource.name === agentGatewayResource.name);
    if (!registered) throw new Error('agentGateway is not registered');
    const q = new ResourceQuery(registered.resource, registered.table, registered.options);
    const agent1 = await database.db
      .selectFrom('admin')
      .where('loginName', '=', 'agent1')
      .select('agentId')
      .executeTakeFirstOrThrow();
    const ctx = { db: database.db, operator: null, scope: { agentId: agent1.agentId } } as unknown as RequestContext;
    const db = resourceDb(database.db);
    const body = { offset: 1, size: 20, communicationStatus: 1 };
    const matching = () => q.keys(db, ctx, body, 'id').where(q.filters(body, ctx));
    const key = 'bench|agentGateway';
    const timed = async (counts: CountCache) => {
      const started = performance.now();
      const total = await cappedCount(counts, key, matching, db);
      return { ms: performance.now() - started, total };
    };
    await timed(new CountCache());
    const uncached: number[] = [];
    let total = 0;
    for (let i = 0; i < settings.countSamples; i += 1) {
      const r = await timed(new CountCache());
      uncached.push(r.ms);
      total = r.total;
    }
    const warm = new CountCache();
    await timed(warm);
    const cached: number[] = [];
    for (let i = 0; i < settings.countSamples; i += 1) cached.push((await timed(warm)).ms);
    const label = `${engine} ${formatRows(rows)} 行`;
    const u = median(uncached);
    const c = median(cached);
    return [
      {
        figure: `列表总数：未命中缓存的封顶计数（${label}）`,
        value: `${u.toFixed(2)} ms`,
        budget: `≤ ${BUDGET_MS} ms`,
        ok: u <= BUDGET_MS,
        detail: `先探第 10 001 行是否存在，不足时精确计数；结果 ${total.toLocaleString()}；${settings.countSamples} 次中位数，最大 ${Math.max(...uncached).toFixed(2)} ms`,
      },
      {
        figure: `列表总数：命中缓存（${label}）`,
        value: `${c.toFixed(3)} ms`,
        budget: `≤ ${BUDGET_MS} ms`,
        ok: c <= BUDGET_MS,
        detail: `${settings.countSamples} 次中位数`,
      },
    ];
  } finally {
    await app.close();
    await database.close();
  }
}
