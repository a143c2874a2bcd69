/**
 * Generates (or finds) every database the api suite reads, without measuring anything, so the
 * timed runs start on cached data: `npm run bench:data -w apps/server`. PostgreSQL databases are
 * kept (bench_api_<rows>), as BENCH_API_PG_KEEP=1 keeps them; the suite reuses them under that flag.
 * With REPORTS_BENCH_PAYMENTS the reports suite's payment databases come first (reports/data.ts).
 */
import { postgresDatabase, sqliteDatabase } from './api/data.js';
import { settings } from './api/settings.js';
import { reportsPostgres, reportsSqlite } from './reports/data.js';
import { reportsSettings } from './reports/settings.js';

const log = (line: string) => console.log(line);

// REPORTS_BENCH_ONLY_DATA=1: only the reports suite's payments (the api data takes its own while).
if (reportsSettings.payments > 0) {
  await reportsSqlite(reportsSettings.payments, log);
  if (reportsSettings.postgresUrl) await reportsPostgres(reportsSettings.postgresUrl, reportsSettings.payments, log);
}
if (process.env.REPORTS_BENCH_ONLY_DATA === '1') {
  log('数据已就绪');
  process.exit(0);
}

await sqliteDatabase(100_000, log);
for (const n of settings.sqliteRows) await sqliteDatabase(n, log);
if (settings.postgresUrl) {
  for (const n of settings.postgresRows) await postgresDatabase(settings.postgresUrl, n, log, true);
}
log('数据已就绪');
