import pg from 'pg';

/**
 * The server-postgres project's scratch databases (one per test app, and each test process's
 * template; see test-database.ts) are named after TEST_DATABASE_URL's database. They are dropped
 * before the run (a run killed midway leaves its own) and after it, so the machine keeps none.
 * Two runs must not share one TEST_DATABASE_URL at the same time.
 */
async function dropScratchDatabases(): Promise<void> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return;
  const prefix = `${new URL(base).pathname.slice(1)}_`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>(
      'select datname from pg_database where starts_with(datname, $1)',
      [prefix],
    );
    for (const { datname } of rows) await admin.query(`drop database if exists "${datname}" with (force)`);
  } finally {
    await admin.end();
  }
}

export default async function setup(): Promise<() => Promise<void>> {
  await dropScratchDatabases();
  return dropScratchDatabases;
}
