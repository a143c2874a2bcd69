import { sql } from 'kysely';
import { openDatabase } from '../../src/db/open.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { commissionPage } from '../../src/modules/reports/commission.js';
import { agentDataReport, previousRange } from '../../src/modules/reports/reports.js';
import { revenueByAgentIn } from '../../src/modules/reports/rollup-reads.js';
import { percentile } from '../report.js';

// Each part of 服务商数据统计 and 佣金监控 timed on its own (issue 18), on one bench database:
// REPORTS_BENCH_DATABASE_URL=<url> [RUNS=30] [ONLY=<name part>] npx tsx bench/reports/time-parts.ts
const url = process.env.REPORTS_BENCH_DATABASE_URL!;
const runs = Number(process.env.RUNS ?? 30);
const only = process.env.ONLY ?? '';
async function time(name: string, fn: () => Promise<unknown>) {
  if (only && !name.includes(only)) return;
  await fn();
  const ms: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const t = performance.now();
    await fn();
    ms.push(performance.now() - t);
  }
  console.log(`${name.padEnd(40)} p50 ${percentile(ms, 50).toFixed(1)}  p99 ${percentile(ms, 99).toFixed(1)}`);
}
const database = openDatabase(url);
const db = database.db;
await migrateToLatest(db);
const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
const range = { from: `${Number(today.slice(0, 4)) - 1}-01-01`, to: today };
console.log(database.kind, range, 'load', (await import('node:fs')).readFileSync('/proc/loadavg', 'utf8').trim());
await time('agentData total', () => agentDataReport(db, range));
await time('revenue, range and previous period', () => revenueByAgentIn(db, [range, previousRange(range)]));
for (const table of ['store', 'gateway_device', 'android_device']) {
  await time(`count ${table}`, () =>
    sql`select agent_id, count(*) from ${sql.table(table)} where agent_id is not null ${table === 'store' ? sql`and status <> 4` : sql``} group by agent_id`.execute(
      db,
    ),
  );
}
await time('agents', () => db.selectFrom('agent').select(['id', 'name']).where('status', 'in', [1, 2, 3]).execute());
await time('agentData JSON', async () => JSON.stringify(await agentDataReport(db, range)));
const firstPage = { ...range, page: 1, pageSize: 20, onlyAnomalies: false, sort: 'anomalies' as const };
await time('commission first page', () => commissionPage(db, firstPage));
await time('commission rates', () =>
  db
    .selectFrom('agentCommissionRate')
    .select(['agentId', 'rateBp', 'effectiveFrom'])
    .orderBy('effectiveFrom')
    .execute(),
);
await database.close();
