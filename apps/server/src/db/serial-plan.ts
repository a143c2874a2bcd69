import { type Kysely, sql } from 'kysely';
import { isPostgres } from './engine.js';

/**
 * Runs `read` with PostgreSQL's parallel workers off for its statements (a transaction with
 * `set local`). On this product's two-core servers a parallel plan of a report read over ~30 000
 * rollup rows cost three times the serial one (70 ms against 23 ms at 10M payments: starting the
 * workers and merging their partial groups outweighs the scan), and it takes cores the other
 * requests need. SQLite has no parallel plans: `read` runs as is.
 */
export async function withSerialPlan<DB, T>(db: Kysely<DB>, read: (db: Kysely<DB>) => Promise<T>): Promise<T> {
  if (!isPostgres(db)) return read(db);
  const serial = async (trx: Kysely<DB>) => {
    await sql`set local max_parallel_workers_per_gather = 0`.execute(trx);
    return read(trx);
  };
  return db.isTransaction ? serial(db) : db.transaction().execute(serial);
}
