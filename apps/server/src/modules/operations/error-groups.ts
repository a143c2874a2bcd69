import type { Kysely } from 'kysely';
import { uniqueViolationColumns } from '../../db/db-errors.js';
import type { Database } from '../../db/types.js';
import { errorFingerprint } from '../../lib/error-fingerprint.js';

/** One sighting of an error, from the console's report or the server's own failure. */
export interface ErrorSighting {
  source: 1 | 2;
  level: number;
  message: string;
  stack: string;
  url: string;
  requestId: string;
  adminId: number | null;
  agentId: number | null;
  ip: string;
  userAgent: string;
  appVersion: string;
}

/**
 * New errors from unauthenticated reporters, across all addresses, per minute. The per-address
 * limit stops one client; this stops many (or one with many addresses) inventing a new error per
 * report to fill the table. Known errors are always counted, and signed-in reporters always
 * create: they are accountable and bounded by their own sessions.
 */
export const NEW_ANONYMOUS_ERRORS_PER_MINUTE = 60;

/** A fixed one-minute window of places for new anonymous errors (per process). */
export class NewErrorBudget {
  private windowStart = 0;
  private used = 0;

  constructor(private readonly perMinute = NEW_ANONYMOUS_ERRORS_PER_MINUTE) {}

  take(now = Date.now()): boolean {
    if (now - this.windowStart >= 60_000) {
      this.windowStart = now;
      this.used = 0;
    }
    if (this.used >= this.perMinute) return false;
    this.used += 1;
    return true;
  }
}

/**
 * Records a sighting: the error's row (same fingerprint) counts it and takes the last sighting's
 * operator, page, address and version, and is open again if it was marked handled; an error not
 * seen before gets a row when `mayCreate` allows. 'dropped' when it did not.
 */
export async function recordError(
  db: Kysely<Database>,
  s: ErrorSighting,
  now: string,
  mayCreate: () => boolean,
): Promise<'counted' | 'created' | 'dropped'> {
  const fingerprint = errorFingerprint(s.source, s.message, s.stack, s.url);
  const count = async () => {
    const result = await db
      .updateTable('errorLog')
      .set((eb) => ({
        count: eb('count', '+', 1),
        lastSeenAt: now,
        level: s.level,
        url: s.url,
        requestId: s.requestId,
        adminId: s.adminId,
        agentId: s.agentId,
        ip: s.ip,
        userAgent: s.userAgent,
        appVersion: s.appVersion,
        handled: 0,
        version: eb('version', '+', 1),
        updatedAt: now,
      }))
      .where('fingerprint', '=', fingerprint)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  };
  if (await count()) return 'counted';
  if (!mayCreate()) return 'dropped';
  try {
    await db
      .insertInto('errorLog')
      .values({ ...s, fingerprint, lastSeenAt: now, handled: 0, createdAt: now, updatedAt: now })
      .execute();
    return 'created';
  } catch (err) {
    // Another report of the same new error won the insert meanwhile: count this one on its row.
    if (uniqueViolationColumns(err)?.includes('fingerprint') && (await count())) return 'counted';
    throw err;
  }
}
