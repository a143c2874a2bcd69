import type { FilterDef } from '@console/contract';
import { type CompiledQuery, sql } from 'kysely';
import { type Anchor, type ListOrder, pageFrom } from '../src/crud/anchors.js';
import { idWalk } from '../src/crud/page-ids.js';
import { ResourceQuery } from '../src/crud/query.js';
import type { ResourceDb, RegisteredResource } from '../src/crud/types.js';
import type { RequestContext } from '../src/http/context.js';
import { type PlanFacts, snake } from './list-plan-explain.js';

/**
 * The query plans behind every list page (issue 15, "every list is fast only where an index
 * serves it"). For each list resource the app registers, the id walk of a page (the query
 * crud/page-ids.ts runs, and the anchor step of crud/anchors.ts, which is the same query started
 * after an anchor) is built with the machinery's own code and EXPLAINed:
 *   - with the default sort, with each sortable field (and id), each in both orders, and with each
 *     filter set under the default sort;
 *   - as the platform sees it and, for tenant resources, as a provider sees it (`agent_id = ?`).
 *
 * The rule, on both engines:
 *   - the rows are read in the order of an index: no sort step (SQLite `USE TEMP B-TREE`,
 *     PostgreSQL `Sort` / `Incremental Sort`), so a page reads offset + size entries and stops;
 *   - the table is reached through an index, never a full table scan;
 *   - a provider's list seeks its provider in the index (`agent_id` in the index condition);
 *   - a filter is served as FILTER_RULE below says: an `eq` seeks its column in that index and
 *     reads its rows in order; filters a B-tree cannot seek walk the sort's index instead;
 *   - a resource's fixed `where` that pins a column (`admin_type = 0`) is sought like the provider;
 *   - the page after an anchor seeks to the anchor in the same index, so anchors are read as
 *     walks of the index from the last anchor, never by re-reading pages from the start.
 * An `eq` on a column with a unique index (one row at most) needs nothing more; a seek of an `in`
 * or range filter bounds the rows by the filter, so it may sort those and skip the provider seek.
 * On an empty table a planner may take any of several equally cheap indexes: a seek the plan
 * lacks still counts when the table holds the index the rule asks for (see planProblems).
 *
 * Small tables: the test databases are empty, where a planner's cost choice says nothing. So the
 * check asks whether an index CAN serve the query, not whether the planner prefers it today:
 *   - SQLite without ANALYZE statistics (the test database has none) plans by its fixed
 *     heuristics, which take any index that serves the WHERE and ORDER BY over a scan and a sort,
 *     whatever the row count; the plan is deterministic.
 *   - PostgreSQL is asked with enable_seqscan, enable_sort, enable_incremental_sort and
 *     enable_bitmapscan off (SET LOCAL, in a transaction of its own): the planner still falls
 *     back to a scan or a sort when no index can serve, so one in the plan means it is missing.
 */

/**
 * How each filter op must be served beside the sort (eq is the strict case: it seeks its column
 * and reads its rows in the sort's order, so an index (agent_id?, column, sort, id) serves it).
 *
 * `scan`: a B-tree cannot seek it. `contains` is LIKE '%x%' (no prefix to seek); `prefix` is
 * LIKE 'x%', which SQLite seeks only on NOCASE columns and PostgreSQL only with a pattern
 * operator class, and whose matches would still need a sort; `custom` conditions are arbitrary
 * expressions. These must run as a walk of the sort's index (scoped to the provider), with no
 * sort and no table scan, stopping once offset + size rows matched: cheap when matches are common;
 * a rare match costs one walk of the provider's index entries, the bound accepted for a search box.
 * (A keyword of two characters or more over a table with a gram index, migration 0180, seeks a rare
 * bigram's rows instead and sorts those, at most GRAM_SEEK_MAX: crud/keyword-grams.ts, tested by
 * crud/keyword-grams.test.ts. The one-character sample here plans the walk.)
 *
 * `seek-or-scan`: `in`, `range`, `gte` and `lte` over a column cannot both seek it and return
 * the sort's order across its values. Either the plan seeks the column in an index and sorts only
 * the rows in range or in the set, or it walks the sort's index as above; the planner picks by its
 * estimate of the range, and either bounds the work by the filter or by the page.
 */
export const FILTER_RULE: Record<FilterDef['op'], 'seek' | 'seek-or-scan' | 'scan'> = {
  eq: 'seek',
  in: 'seek-or-scan',
  range: 'seek-or-scan',
  gte: 'seek-or-scan',
  lte: 'seek-or-scan',
  prefix: 'scan',
  contains: 'scan',
  custom: 'scan',
};

export interface PlanCase {
  label: string;
  scope: 'platform' | 'provider';
  sort: { field: string; dir: 'asc' | 'desc' };
  filter?: { key: string; def: FilterDef };
  anchored: boolean;
}

/** Every case to check for one list resource. */
export function planCases(r: RegisteredResource): PlanCase[] {
  const res = r.resource;
  // A platform-only list (开店申请, 门店回收站…) over a tenant table is never read by a provider:
  // its endpoints refuse them, so a provider-scoped plan is a query that never runs.
  const providerReads = res.tenant === 'agent' && res.audience !== 'platform';
  const scopes: PlanCase['scope'][] = providerReads ? ['platform', 'provider'] : ['platform'];
  const def = res.defaultSort;
  const defDir = def.order === 'ascend' ? 'asc' : 'desc';
  const cases: PlanCase[] = [];
  for (const scope of scopes) {
    // Every sort the list offers is a column in either order (the header's toggle), each read
    // from the start and after an anchor.
    for (const field of new Set([def.field, ...res.sortable])) {
      for (const dir of ['asc', 'desc'] as const) {
        for (const anchored of [false, true]) {
          cases.push({ label: `sort ${field} ${dir}`, scope, sort: { field, dir }, anchored });
        }
      }
    }
    for (const [key, fdef] of Object.entries(res.filters)) {
      cases.push({
        label: `filter ${key} (${fdef.op})`,
        scope,
        sort: { field: def.field, dir: defDir },
        filter: { key, def: fdef },
        anchored: false,
      });
    }
  }
  return cases;
}

const CANDIDATES: unknown[] = [
  1,
  '2026-01-02',
  '2026-01-02T00:00:00.000Z',
  'x',
  true,
  '1',
  'abc123',
  '192.168.1.1',
  'a@b.cn',
  '13800000000',
  0,
  'AA:BB:CC:DD:EE:FF',
  'platform',
];

/** A value the schema accepts (parsed), for an EXPLAIN; the plan does not depend on it. */
function sampleOf(schema: { safeParse(v: unknown): { success: boolean; data?: unknown } }): unknown {
  const tries: unknown[] = [
    ...CANDIDATES,
    ...CANDIDATES.map((c) => [c, c]),
    ...CANDIDATES.map((c) => ({ from: c, to: c })),
  ];
  for (const v of tries) {
    const parsed = schema.safeParse(v);
    if (parsed.success && parsed.data !== undefined && parsed.data !== '') return parsed.data;
  }
  throw new Error(`no sample value fits the schema ${JSON.stringify(schema)}`);
}

/** The column name behind a field as it appears in a plan, or null when it is not a column of `t`. */
export function columnOf(r: RegisteredResource, field: string): string | null {
  if (field === 'id') return 'id';
  const mapped = r.options.columns?.[field];
  if (mapped === undefined) return snake(field);
  if (typeof mapped === 'string' && mapped.startsWith('t.')) return snake(mapped.slice(2));
  return null;
}

/**
 * Columns a resource's fixed `where` pins to one value (`t.admin_type = 0` for platform accounts):
 * the list's index must seek them too, or it walks the other slices' rows as well.
 */
export function fixedEqualities(db: ResourceDb, r: RegisteredResource): string[] {
  const where = r.options.where;
  if (!where) return [];
  const ctx = contextOf(db, null);
  const compiled = db
    .selectFrom(`${r.table} as t`)
    .selectAll()
    .where((eb) => where(eb, ctx))
    .compile();
  return [...compiled.sql.matchAll(/"t"\."(\w+)" = (\?|\$\d+)/g)].map((m) => m[1]!);
}

/**
 * Columns a resource's fixed `where` confines to a set (`status in (0, 4)`: 服务商审核's pending
 * and rejected applications). A seek of the set bounds the rows read and sorted to those values,
 * as a seek of an `in` filter does, so such a list may sort them (SQLite, without statistics,
 * always seeks the set and sorts rather than walk another index in order).
 */
export function fixedSets(db: ResourceDb, r: RegisteredResource): string[] {
  const where = r.options.where;
  if (!where) return [];
  const compiled = db
    .selectFrom(`${r.table} as t`)
    .selectAll()
    .where((eb) => where(eb, contextOf(db, null)))
    .compile();
  return [...compiled.sql.matchAll(/"t"\."(\w+)" in \(/gi)].map((m) => m[1]!);
}

function contextOf(db: ResourceDb, agentId: number | null): RequestContext {
  const operator = {
    id: 1,
    sessionId: 1,
    loginName: 'plan',
    name: 'plan',
    adminType: agentId ? 1 : 0,
    agentId,
    permissions: new Set<string>(),
    mustChangePassword: false,
  };
  return { db, scope: { agentId }, operator } as unknown as RequestContext;
}

/** The compiled id walk of a case, exactly as the list machinery builds it. */
export function caseQuery(db: ResourceDb, r: RegisteredResource, c: PlanCase): CompiledQuery {
  const q = new ResourceQuery(r.resource, r.table, r.options);
  const o: ListOrder = {
    field: c.sort.field,
    sortExpr: c.sort.field === 'id' ? sql.ref('t.id') : q.expr(c.sort.field),
    dir: c.sort.dir,
  };
  const ctx = contextOf(db, c.scope === 'provider' ? 2 : null);
  const body: Record<string, unknown> = {};
  if (c.filter) body[c.filter.key] = sampleOf(c.filter.def.schema);
  let anchor: Anchor | undefined;
  if (c.anchored) {
    const shape = r.resource.entity.shape as Record<
      string,
      { safeParse(v: unknown): { success: boolean; data?: unknown } }
    >;
    anchor = { id: 5, value: c.sort.field === 'id' ? undefined : sampleOf(shape[c.sort.field]!) };
  }
  return pageFrom(idWalk(q, db, ctx, body, o), o, { anchor, rest: 20 })
    .limit(10)
    .compile();
}

/** What is wrong with a case's plan (empty: an index serves it), each naming the index to add. */
export function planProblems(
  r: RegisteredResource,
  c: PlanCase,
  facts: PlanFacts,
  table: { fixed: string[]; sets?: string[]; unique: ReadonlySet<string>; indexes: string[][] },
): string[] {
  const fixed = table.fixed;
  const sortCol = columnOf(r, c.sort.field);
  const def = c.filter?.def;
  // A custom filter that names the indexed field it seeks is bounded by it, as an `in` is.
  const bounded = def?.op === 'custom' && def.bounds !== undefined;
  const filterField = c.filter ? (bounded ? def.bounds : (c.filter.def.column ?? c.filter.key)) : null;
  const filterCol = filterField ? columnOf(r, filterField) : null;
  const rule = def ? (bounded ? 'seek-or-scan' : FILTER_RULE[def.op]) : null;
  const seeksFilter = rule === 'seek';
  const wanted = [
    ...(c.scope === 'provider' ? ['agent_id'] : []),
    ...fixed,
    ...(seeksFilter && filterCol ? [filterCol] : []),
    ...(sortCol && sortCol !== 'id' ? [sortCol] : []),
    'id',
  ];
  const name = snake(r.table);
  const fix = `add an index on ${name} (${[...new Set(wanted)].join(', ')}) in a migration for both engines`;
  // On an empty table a planner may pick any of several equally cheap indexes: a seek the plan
  // lacks still counts when the table holds the index the rule asks for (equality columns in any
  // order, then the sort column and id), which any planner prefers once the table has rows.
  const eqs = [...new Set(wanted.slice(0, wanted.length - (sortCol && sortCol !== 'id' ? 2 : 1)))];
  const tail = sortCol && sortCol !== 'id' ? [sortCol, 'id'] : ['id'];
  const held = table.indexes.some(
    (cols) =>
      eqs.every((col) => cols.slice(0, eqs.length).includes(col)) &&
      tail.every((col, i) => cols[eqs.length + i] === col),
  );
  const seeks = (col: string) =>
    held || new RegExp(`\\b${col}\\b`).test(facts.seek) || (col === 'id' && /\browid\b/.test(facts.seek));
  const problems: string[] = [];
  if (sortCol === null)
    problems.push(`sorts by ${c.sort.field}, which is not a column of ${name}: no index can serve it`);
  for (const col of fixed)
    if (!seeks(col)) problems.push(`does not seek ${col} (the resource's fixed condition) in an index`);
  // A `scan` filter on a joined column is checked on the walk of the sort's index like any other.
  if (c.filter && filterCol === null && rule !== 'scan')
    problems.push(
      `filter ${c.filter.key} reads ${filterField}, which is not a column of ${name}: no index can serve it`,
    );
  if (facts.tableScan) problems.push('scans the whole table');
  // A seek of an `in` or a range bounds the rows read (and sorted) by the filter itself.
  const boundedByFilter =
    (rule === 'seek-or-scan' && filterCol !== null && seeks(filterCol)) ||
    (table.sets ?? []).some((col) => new RegExp(`\\b${col}\\b`).test(facts.seek));
  // An `eq` on a column with a unique index matches one row at most: nothing to sort or scope.
  const oneRow = rule === 'seek' && filterCol !== null && table.unique.has(filterCol);
  if (facts.sorted && !boundedByFilter && !oneRow)
    problems.push('sorts the matching rows instead of reading them in index order');
  if (c.scope === 'provider' && !seeks('agent_id') && !boundedByFilter && !oneRow)
    problems.push('does not seek the provider (agent_id) in an index');
  if (seeksFilter && filterCol && !seeks(filterCol) && !oneRow) problems.push(`does not seek ${filterCol} in an index`);
  if (c.anchored && sortCol && !seeks(sortCol))
    problems.push(`the page after an anchor does not seek ${sortCol} in the index`);
  const where = `${r.resource.name} (${name}), ${c.scope} list, ${c.label}${c.anchored ? ' after an anchor' : ''}`;
  return problems.map((p) => `${where}: ${p}; ${fix}. Plan: ${facts.text}`);
}
