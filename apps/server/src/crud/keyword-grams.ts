import { sql } from 'kysely';
import type { ReadContext } from '../http/context.js';
import { GRAM_SEEK_MAX, type GramSeek } from './gram-seek.js';
import { PlanningCounts } from './planning-counts.js';
import { type ResourceQuery, isActive } from './query.js';
import type { ResourceDb } from './types.js';
import { DIGIT_WINDOW } from '../db/migrations/keyword-gram-index.js';

/** A long keyword is planned from its first grams: enough to find a rare one, bounded probes. */
const GRAMS_PROBED = 8;
/**
 * A gram held by at most this many rows ends the probing: another probe is a query of its own
 * (~0.2 ms through the query builder), about what verifying this many candidates costs. A phone
 * number's first digit window (its tail) is usually such a gram; probing its seven others cost
 * ~2 ms a read at 100 000 stores.
 */
const FEW_ENOUGH = 200;

/**
 * A character both engines fold alike in the index (`lower()`) and in the match (SQLite's LIKE,
 * PostgreSQL's ILIKE): ASCII, whose case both fold the same way, or a character without case
 * (Chinese, digits, punctuation). A window holding another letter (é, Ä) is left out of the plan:
 * the other windows still narrow the candidates, and LIKE decides.
 */
const foldsAlike = (c: string) => c.charCodeAt(0) < 128 || (c.toLowerCase() === c && c.toUpperCase() === c);

const isDigit = (c: string) => c >= '0' && c <= '9';

/**
 * The grams of a keyword the index can answer, as stored: its windows of DIGIT_WINDOW digits
 * (db/migrations/keyword-gram-index.ts), last first — a number's tail tells it apart, its head
 * (138…, S000…) is shared — then its bigrams (ASCII lower-cased), first ones first. A bigram of
 * two digits inside such a run is left out: every row holding the run's windows holds it, so it is
 * never rarer than they are.
 */
export function keywordGrams(text: string): string[] {
  const chars = Array.from(text);
  // The length of the digit run each character is in (0 for a character that is not a digit).
  const run = chars.map(() => 0);
  for (let i = 0; i < chars.length;) {
    let end = i;
    while (end < chars.length && isDigit(chars[end]!)) end += 1;
    for (let k = i; k < end; k += 1) run[k] = end - i;
    i = end > i ? end : i + 1;
  }
  const windows: string[] = [];
  for (let i = 0; i + DIGIT_WINDOW <= chars.length; i += 1) {
    const w = chars.slice(i, i + DIGIT_WINDOW);
    if (w.every(isDigit)) windows.push(w.join(''));
  }
  const grams = new Set<string>(windows.reverse());
  for (let i = 0; i + 1 < chars.length; i += 1) {
    const pair = [chars[i]!, chars[i + 1]!];
    if (run[i]! >= DIGIT_WINDOW && run[i + 1]! >= DIGIT_WINDOW) continue;
    if (pair.every(foldsAlike)) grams.add(pair.join('').replace(/[A-Z]/g, (c) => c.toLowerCase()));
  }
  return [...grams];
}

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

const indexedColumns = new WeakMap<ResourceQuery, Promise<Map<string, string>>>();

/**
 * The keyword filters of a resource whose every searched column the gram index holds, each with
 * its table (snake_case): read once per registered resource from `search_gram_source`. A column
 * reached through a join, or a table the migration did not index, leaves the filter on LIKE alone.
 */
function gramFilters(q: ResourceQuery, db: ResourceDb): Promise<Map<string, string>> {
  let found = indexedColumns.get(q);
  if (!found) {
    found = (async () => {
      const table = snake(q.table);
      const rows = await db
        .selectFrom('searchGramSource')
        .select('col')
        .where('tbl', '=', table)
        .execute()
        .catch(() => [] as { col: string }[]);
      const indexed = new Set(rows.map((r) => r.col));
      const out = new Map<string, string>();
      for (const [key, def] of Object.entries(q.resource.filters)) {
        if (def.op !== 'contains' && def.op !== 'prefix') continue;
        const fields = def.columns?.length ? def.columns : [def.column ?? key];
        const columns = fields.map((f) => {
          const mapped = q.options.columns?.[f];
          if (mapped === undefined) return snake(f);
          return typeof mapped === 'string' && mapped.startsWith('t.') ? snake(mapped.slice(2)) : null;
        });
        if (columns.every((c) => c !== null && indexed.has(c))) out.set(key, table);
      }
      return out;
    })();
    indexedColumns.set(q, found);
  }
  return found;
}

const planningCounts = new WeakMap<ResourceQuery, PlanningCounts>();

/** Each list's recent planning counts (./planning-counts.ts), kept as long as its query object. */
function planningCountsOf(q: ResourceQuery): PlanningCounts {
  let counts = planningCounts.get(q);
  if (!counts) {
    counts = new PlanningCounts();
    planningCounts.set(q, counts);
  }
  return counts;
}

/**
 * For each active keyword filter the index can serve: its rarest bigram among the first few, with
 * the number of rows holding it (each probe reads at most GRAM_SEEK_MAX + 1 index entries).
 * Keywords of one character have no bigram and stay on LIKE.
 */
export async function gramSeeks(
  q: ResourceQuery,
  db: ResourceDb,
  body: Record<string, unknown>,
): Promise<Record<string, GramSeek>> {
  const active = Object.keys(q.resource.filters).filter((k) => isActive(body[k]));
  if (active.length === 0) return {};
  const filters = await gramFilters(q, db);
  const counts = planningCountsOf(q);
  const out: Record<string, GramSeek> = {};
  for (const key of active) {
    const table = filters.get(key);
    if (!table) continue;
    let best: GramSeek | undefined;
    for (const gram of keywordGrams(String(body[key])).slice(0, GRAMS_PROBED)) {
      const rows = await counts.get(`${table}\u0000${gram}`, async () => {
        const row = await db
          .selectFrom(
            db
              .selectFrom('searchGram')
              .select(sql.lit(1).as('one'))
              .where('tbl', '=', table)
              .where('gram', '=', gram)
              .limit(GRAM_SEEK_MAX + 1)
              .as('g'),
          )
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirst();
        return Number(row?.n ?? 0);
      });
      if (!best || rows < best.rows) best = { table, gram, rows, tableRows: 0 };
      if (rows <= FEW_ENOUGH) break;
    }
    if (best && best.rows <= GRAM_SEEK_MAX) {
      best.tableRows = await counts.get('\u0000top', async () => {
        const top = await db
          .selectFrom(`${q.table} as t`)
          .select((eb) => eb.fn.max(sql.ref('t.id')).as('n'))
          .executeTakeFirst();
        return Number(top?.n ?? 0);
      });
    }
    if (best) out[key] = best;
  }
  return out;
}

/** The seeks over rare grams: at most GRAM_SEEK_MAX candidates each. */
function rareSeeks(seeks: Record<string, GramSeek>): Record<string, GramSeek> {
  return Object.fromEntries(Object.entries(seeks).filter(([, s]) => s.rows <= GRAM_SEEK_MAX));
}

/**
 * The seeks a page uses: rare grams whose candidates cost less than the walk. Walking the sort's
 * index fills a page ending at the `pageEnd`-th match after about pageEnd × table / rows rows;
 * the seek reads and sorts every one of `rows` candidates. So 4 700 enterprises of 55 000 holding
 * 南京 walk (~240 rows for the first page) while 178 staff of a million seek.
 */
export function pageSeeks(seeks: Record<string, GramSeek>, pageEnd: number): Record<string, GramSeek> {
  return Object.fromEntries(
    Object.entries(rareSeeks(seeks)).filter(([, s]) => s.rows * s.rows <= pageEnd * s.tableRows),
  );
}

/**
 * The seeks the capped count uses. A rare gram bounds the count as it bounds the page. A common
 * one still beats the walk when nothing else narrows the list: the count then stops at its cap
 * among rows that hold the gram instead of testing LIKE on every row of the table (a keyword held
 * by 0.5–1 % of a million rows read the whole table before reaching the cap). A provider's list,
 * or one with another filter set, walks that filter's index, usually far smaller than the gram's rows.
 */
export function countSeeks(
  q: ResourceQuery,
  ctx: ReadContext,
  body: Record<string, unknown>,
  seeks: Record<string, GramSeek>,
): Record<string, GramSeek> {
  const scoped = q.resource.tenant === 'agent' && ctx.scope.agentId !== null;
  const others = Object.keys(q.resource.filters).some((k) => isActive(body[k]) && !seeks[k]);
  if (scoped || others || q.options.where) return rareSeeks(seeks);
  return seeks;
}

/**
 * The list's filters for a pass over every matching row (the sums above a list, an export's
 * count): a rare keyword's gram bounds the pass to its candidates. A common one is left out — the
 * pass would trade the table's sequential read for as many lookups by id.
 */
export async function filtersWithRareGrams(
  q: ResourceQuery,
  db: ResourceDb,
  ctx: ReadContext,
  body: Record<string, unknown>,
): Promise<ReturnType<ResourceQuery['filters']>> {
  return q.filters(body, ctx, { gramSeeks: rareSeeks(await gramSeeks(q, db, body)) });
}
