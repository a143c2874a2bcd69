import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** Distinct SQL texts kept prepared; lists and lookups use a few hundred shapes at most. */
const MAX_STATEMENTS = 1_000;

/**
 * A better-sqlite3 database whose `prepare` reuses statements by SQL text. Kysely prepares every
 * query afresh, and on the hot paths (a session's get, a list page) preparing costs as much as
 * running. Reuse is safe because Kysely runs one query at a time on its single SQLite connection
 * (a stream holds the connection until it ends), so a cached statement is never busy when asked
 * for again. The oldest statement is dropped when the cache is full.
 */
export function withStatementCache(db: SqliteDatabase): SqliteDatabase {
  const cache = new Map<string, SqliteStatement>();
  return {
    close: () => {
      cache.clear();
      db.close();
    },
    prepare: (sql: string) => {
      let stmt = cache.get(sql);
      if (!stmt) {
        stmt = db.prepare(sql);
        if (cache.size >= MAX_STATEMENTS) cache.delete(cache.keys().next().value as string);
        cache.set(sql, stmt);
      }
      return stmt;
    },
  };
}
