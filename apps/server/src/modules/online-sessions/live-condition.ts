import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import type { ResourceEb } from '../../crud/types.js';
import { isPostgres } from '../../db/engine.js';
import type { Database } from '../../db/types.js';

/**
 * The rows of `session as t` that can still be used at `nowIso`: not revoked, before the absolute
 * expiry, and used within their own idle window (each row keeps the idle minutes it was opened
 * with). Times are ISO text on both engines; the idle deadline needs each engine's date arithmetic.
 */
export function liveSessionCondition(eb: ResourceEb, db: Kysely<Database>, nowIso: string): Expression<SqlBool> {
  const lastSeen = sql.ref('t.lastSeenAt');
  const idle = sql.ref('t.idleMinutes');
  const idleDeadlineAfterNow = isPostgres(db)
    ? sql<SqlBool>`(${lastSeen}::timestamptz + ${idle} * interval '1 minute') > ${nowIso}::timestamptz`
    : // strftime's %f is seconds with milliseconds, so the result has toISOString's shape.
      sql<SqlBool>`strftime('%Y-%m-%dT%H:%M:%fZ', ${lastSeen}, '+' || ${idle} || ' minutes') > ${nowIso}`;
  return eb.and([eb('t.revokedAt', 'is', null), eb('t.expiresAt', '>', nowIso), idleDeadlineAfterNow]);
}
