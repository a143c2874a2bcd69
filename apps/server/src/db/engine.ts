import { PostgresAdapter } from 'kysely';

/** A database, transaction or connection: anything whose executor names its engine's adapter. */
export interface HasAdapter {
  getExecutor(): { readonly adapter: object };
}

/** Whether a database (or transaction) is PostgreSQL: the few places SQL differs between the two engines ask this. */
export function isPostgres(db: HasAdapter): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
