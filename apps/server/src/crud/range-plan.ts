import { sql } from 'kysely';
import { isPostgres } from '../db/engine.js';
import type { ReadContext } from '../http/context.js';
import { type ResourceQuery, isActive } from './query.js';
import type { ResourceDb } from './types.js';

/**
 * Above this many matches a date range is "wide": its first pages are found sooner by walking the
 * sort's index and testing the range on each row (20 matches among ≥ 2 000 turn up within a few
 * thousand rows even at a million) than by seeking the range and sorting every match.
 */
export const WIDE_RANGE_MATCHES = 2_000;

/**
 * The active range filters a SQLite page query should test row by row instead of seeking.
 *
 * SQLite keeps no histogram, so for `due_date between …` with ORDER BY created_at it guesses the
 * range is selective and takes the date's index, then sorts the matches in a temporary B-tree: at
 * a million staff rows a 60-day window is 150 000 rows sorted for one page (issue 16 measured
 * 300–900 ms). A narrow range is the opposite case. So the page query asks first: the list's
 * cached count when there is one, else one probe that stops at the WIDE_RANGE_MATCHES-th match
 * (an index walk of at most that many entries). PostgreSQL's planner has the statistics to choose
 * by itself: nothing changes there.
 */
export async function wideRanges(
  q: ResourceQuery,
  db: ResourceDb,
  ctx: ReadContext,
  body: Record<string, unknown>,
  sortField: string,
  cachedTotal: number | undefined,
): Promise<string[]> {
  if (isPostgres(db)) return [];
  const ranges = Object.entries(q.resource.filters)
    .filter(([key, def]) => def.op === 'range' && isActive(body[key]) && (def.column ?? key) !== sortField)
    .map(([key]) => key);
  if (ranges.length === 0) return [];
  if (cachedTotal !== undefined) return cachedTotal > WIDE_RANGE_MATCHES ? ranges : [];
  const past: unknown = await q
    .keys(db, ctx, body, 'id')
    .where(q.filters(body, ctx))
    .select(sql.lit(1).as('one'))
    .offset(WIDE_RANGE_MATCHES)
    .limit(1)
    .executeTakeFirst();
  return past ? ranges : [];
}
