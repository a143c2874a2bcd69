import { type Kysely, sql } from 'kysely';
import type { Config } from '../../config.js';
import { isPostgres } from '../../db/engine.js';
import type { Database } from '../../db/types.js';
import { type DemoAgents, type SignInNote, seedDemoAccounts, seedFirstAdmin } from './demo-accounts.js';
import { seedDemoApplications } from './demo-applications.js';
import { seedDemoDomain } from './demo-domain.js';
import { seedDemoLocks } from './demo-locks.js';
import { seedDemoMessages } from './demo-messages.js';
import { seedDemoOps } from './demo-ops.js';
import { seedDemoReports } from './demo-reports.js';
import { seedDemoSmsConfig } from './demo-sms-config.js';
import { seedDemoSmsLog } from './demo-sms-log.js';
import { syncMenuCatalogue } from './menus.js';

export type { DemoAgents, SignInNote };
export { DEMO_LOGIN_NAMES, DEMO_PASSWORD } from './demo-accounts.js';

/**
 * One area's demo data (stores, devices, messages, money records…), run once on a fresh
 * database after the demo accounts exist, inside the same transaction. It receives the demo
 * providers' ids (A, B and the direct-run provider).
 */
export type DemoSeeder = (db: Kysely<Database>, agents: DemoAgents) => Promise<void>;

/**
 * The domain areas' demo seeders, run in this order. Each area appends its own function here
 * (e.g. `seedDemoDomain` from ./demo-domain.js, `seedDemoOps` from ./demo-ops.js).
 */
export const demoSeeders: DemoSeeder[] = [
  seedDemoDomain,
  seedDemoOps,
  seedDemoMessages,
  seedDemoApplications,
  seedDemoLocks,
  seedDemoSmsConfig,
  seedDemoSmsLog,
  // Last: it rolls up the payments and orders the others wrote.
  seedDemoReports,
];

/** Arbitrary application-wide key of the PostgreSQL advisory lock around first-account seeding. */
const FIRST_ACCOUNTS_LOCK = 7_240_001;

export interface PreparedDatabase {
  /** Sign-ins to print at start-up; empty when the database already had accounts. */
  signIns: SignInNote[];
  /** Catalogue entries added by this start. */
  menusAdded: number;
}

/**
 * What start-up does after migrating: adds missing menu-catalogue entries, then, on a database
 * without accounts, creates the first accounts (demo providers, accounts and every area's demo
 * data when demo data is on; otherwise only `admin` with a random password). All-or-nothing: a
 * failed seeder leaves no accounts, so the next start tries again.
 */
export async function prepareDatabase(
  db: Kysely<Database>,
  config: Pick<Config, 'seedDemo'>,
): Promise<PreparedDatabase> {
  const menusAdded = await syncMenuCatalogue(db);
  const signIns = await db.transaction().execute(async (trx) => {
    // Several API processes starting together on one PostgreSQL: one seeds, the others wait and see accounts.
    if (isPostgres(trx)) {
      await sql`select pg_advisory_xact_lock(${FIRST_ACCOUNTS_LOCK})`.execute(trx);
    }
    const any = await trx.selectFrom('admin').select('id').limit(1).executeTakeFirst();
    if (any) return [];
    if (!config.seedDemo) return seedFirstAdmin(trx);
    const { signIns, agents } = await seedDemoAccounts(trx);
    for (const seed of demoSeeders) await seed(trx, agents);
    return signIns;
  });
  return { signIns, menusAdded };
}
