import { type Expression, type SqlBool, sql } from 'kysely';

// What a list's query needs of the gram index (./keyword-grams.ts plans the seeks): the seek and
// its condition, apart from the planner so the query and the planner do not import each other.

/**
 * At most this many rows hold a keyword's rarest bigram: the page seeks them through the gram
 * index (migration 0180) and sorts them (a few milliseconds); more, and the matches are common
 * enough (≥ 1 in 200 rows at a million) that walking the sort's index and testing LIKE on each row
 * fills a page sooner, as lists did before.
 */
export const GRAM_SEEK_MAX = 5_000;

/** A keyword filter served through the gram index: its rarest bigram and how many rows hold it. */
export interface GramSeek {
  table: string;
  gram: string;
  /** Rows holding the gram, counted up to GRAM_SEEK_MAX + 1. */
  rows: number;
  /** The table's size, estimated by its highest id (read only when the gram is rare). */
  tableRows: number;
}

/**
 * `t.id in (rows holding the gram)`: the candidates, which the filter's LIKE then verifies. On
 * PostgreSQL a rare gram's rows are handed over as an array (`= any(array(…))`): given the
 * subquery, the planner estimated the ILIKEs as very selective and read every store in a
 * sequential scan, checking each against the gram (388 ms for 60 candidates at 100 000 stores);
 * with the array it looks the candidates up by id (0.6–1.6 ms). A common gram's rows (more than
 * GRAM_SEEK_MAX, only for a platform count) stay a subquery.
 */
export function gramCondition(seek: GramSeek, pg: boolean): Expression<SqlBool> {
  const rows = sql`select row_id from search_gram where tbl = ${seek.table} and gram = ${seek.gram}`;
  if (pg && seek.rows <= GRAM_SEEK_MAX) return sql<SqlBool>`${sql.ref('t.id')} = any(array(${rows}))`;
  return sql<SqlBool>`${sql.ref('t.id')} in (${rows})`;
}
