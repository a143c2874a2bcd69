import { scratchDatabasePrefix, withAdmin } from './test-database.js';

/**
 * The server-postgres project's scratch databases (one per test app, and each test process's
 * template; see test-database.ts) are named after TEST_DATABASE_URL's database. They are dropped
 * before the run (a run killed midway leaves its own) and after it, so the machine keeps none.
 * Two runs must not share one TEST_DATABASE_URL at the same time.
 */
async function dropScratchDatabases(): Promise<void> {
  if (!process.env.TEST_DATABASE_URL) return;
  await withAdmin(async (admin) => {
    const { rows } = await admin.query<{ datname: string }>(
      'select datname from pg_database where starts_with(datname, $1)',
      [scratchDatabasePrefix()],
    );
    for (const { datname } of rows) await admin.query(`drop database if exists "${datname}" with (force)`);
  });
}

export default async function setup(): Promise<() => Promise<void>> {
  await dropScratchDatabases();
  return dropScratchDatabases;
}
