/**
 * Generates (or finds) every database the api suite reads, without measuring anything, so the
 * timed runs start on cached data: `npm run bench:data -w apps/server`. PostgreSQL databases are
 * kept (bench_api_<rows>), as BENCH_API_PG_KEEP=1 keeps them; the suite reuses them under that flag.
 */
import { postgresDatabase, sqliteDatabase } from './api/data.js';
import { settings } from './api/settings.js';

const log = (line: string) => console.log(line);

await sqliteDatabase(100_000, log);
for (const n of settings.sqliteRows) await sqliteDatabase(n, log);
if (settings.postgresUrl) {
  for (const n of settings.postgresRows) await postgresDatabase(settings.postgresUrl, n, log, true);
}
log('数据已就绪');
