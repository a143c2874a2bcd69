import { CompiledQuery, sql } from 'kysely';
import type { ResourceDb } from '../src/crud/types.js';
import { isPostgres } from '../src/db/engine.js';

// How the list-index rule (./list-plans.ts) reads a database: its plans, asked the same question
// on both engines, and its catalogue of indexes.

/** A field or table name as the database spells it (the app's CamelCasePlugin maps them). */
export const snake = (s: string) => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * The column lists of a table's indexes. SQLite ends every index in the rowid (id) implicitly,
 * so an index (x) there is (x, id); PostgreSQL's are exactly what they list.
 */
export async function indexColumns(db: ResourceDb, table: string): Promise<string[][]> {
  const name = snake(table);
  const found = isPostgres(db)
    ? await sql<{ idx: string; col: string }>`select c.relname as idx, a.attname as col
        from pg_index i join pg_class c on c.oid = i.indexrelid
        join pg_class tc on tc.oid = i.indrelid join pg_namespace n on n.oid = tc.relnamespace
        cross join lateral unnest(i.indkey) with ordinality as k(attnum, pos)
        join pg_attribute a on a.attrelid = tc.oid and a.attnum = k.attnum
        where tc.relname = ${name} and n.nspname = current_schema() order by c.relname, k.pos`.execute(db)
    : await sql<{ idx: string; col: string }>`select il.name as idx, ii.name as col
        from pragma_index_list(${name}) il join pragma_index_info(il.name) ii order by il.name, ii.seqno`.execute(db);
  const byIndex = new Map<string, string[]>();
  for (const row of found.rows) byIndex.set(row.idx, [...(byIndex.get(row.idx) ?? []), row.col]);
  const lists = [...byIndex.values()];
  return isPostgres(db) ? lists : lists.map((cols) => [...cols, 'id']);
}

/** Columns with a unique index of their own (an `eq` on one of them finds one row at most). */
export async function uniqueColumns(db: ResourceDb, table: string): Promise<Set<string>> {
  const name = snake(table);
  const found = isPostgres(db)
    ? await sql<{ col: string }>`select a.attname as col from pg_index i
        join pg_class c on c.oid = i.indrelid join pg_namespace n on n.oid = c.relnamespace
        join pg_attribute a on a.attrelid = c.oid and a.attnum = i.indkey[0]
        where i.indisunique and i.indnatts = 1 and c.relname = ${name} and n.nspname = current_schema()`.execute(db)
    : await sql<{ col: string }>`select ii.name as col from pragma_index_list(${name}) il
        join pragma_index_info(il.name) ii where il."unique" = 1
        and (select count(*) from pragma_index_info(il.name)) = 1`.execute(db);
  return new Set(found.rows.map((row) => row.col));
}

/** What the plan says about the list's own table `t`. */
export interface PlanFacts {
  text: string;
  sorted: boolean;
  tableScan: boolean;
  /** The index condition on `t` (seek columns), empty when `t` is not searched. */
  seek: string;
  index: string | null;
}

/**
 * The plan of a list's id walk over `table` (aliased t); `sortById`: the list is sorted by id.
 * `planner: 'real'` asks PostgreSQL without the knobs that rule out scans and sorts: the plan it
 * would run on a database with rows and statistics (./list-plans-at-scale.ts).
 */
export async function explain(
  db: ResourceDb,
  table: string,
  sortById: boolean,
  query: CompiledQuery,
  planner: 'indexes only' | 'real' = 'indexes only',
): Promise<PlanFacts> {
  return isPostgres(db)
    ? explainPostgres(db, table, query, planner === 'indexes only')
    : explainSqlite(db, sortById, query);
}

async function explainSqlite(db: ResourceDb, sortById: boolean, query: CompiledQuery): Promise<PlanFacts> {
  const plan = await db.executeQuery<{ detail: string }>(
    CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
  );
  const lines = plan.rows.map((row) => row.detail);
  const own = lines.find((l) => /^(SCAN|SEARCH) t\b/.test(l)) ?? '';
  return {
    text: lines.join(' | '),
    sorted: lines.some((l) => l.includes('TEMP B-TREE')),
    // A plain `SCAN t` walks the table in rowid order: the id index itself when sorting by id.
    tableScan: own === '' || (own === 'SCAN t' && !sortById),
    seek: /\((.*)\)$/.exec(own)?.[1] ?? '',
    index:
      /INDEX (\S+)/.exec(own)?.[1] ??
      (own.includes('PRIMARY KEY') || own.includes('INTEGER PRIMARY') ? 'primary key' : null),
  };
}

interface PgNode {
  'Node Type': string;
  'Relation Name'?: string;
  Alias?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  Plans?: PgNode[];
}

async function explainPostgres(
  db: ResourceDb,
  table: string,
  query: CompiledQuery,
  force: boolean,
): Promise<PlanFacts> {
  return db.transaction().execute(async (trx) => {
    for (const knob of force ? ['enable_seqscan', 'enable_sort', 'enable_incremental_sort', 'enable_bitmapscan'] : []) {
      await sql`select set_config(${knob}, 'off', true)`.execute(trx);
    }
    const result = await trx.executeQuery<{ 'QUERY PLAN': { Plan: PgNode }[] }>(
      CompiledQuery.raw(`explain (format json) ${query.sql}`, [...query.parameters]),
    );
    const nodes: PgNode[] = [];
    const walk = (n: PgNode) => {
      nodes.push(n);
      n.Plans?.forEach(walk);
    };
    walk(result.rows[0]!['QUERY PLAN'][0]!.Plan);
    const own = nodes.find((n) => n['Relation Name'] === snake(table) && n.Alias === 't');
    return {
      text: nodes
        .map(
          (n) =>
            `${n['Node Type']}${n['Index Name'] ? ` ${n['Index Name']}` : ''}${n['Index Cond'] ? ` ${n['Index Cond']}` : ''}`,
        )
        .join(' > '),
      sorted: nodes.some((n) => n['Node Type'].endsWith('Sort')),
      tableScan: !own || !own['Node Type'].startsWith('Index'),
      seek: own?.['Index Cond'] ?? '',
      index: own?.['Index Name'] ?? null,
    };
  });
}
