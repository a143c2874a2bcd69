import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../../db/engine.js';
import type { Database } from '../../db/types.js';
import { type IdRange, replayGrams, replayStaffDueCounts } from './trigger-replay.js';
import { snake } from './scale-writer.js';

// Millions of generated rows written one index entry and one trigger run at a time took 1 137 s at
// 100 000 stores (issue 27): every row fired its keyword-gram trigger (~20 grams inserted at random
// into a B-tree of tens of millions) and updated ~20 list indexes. Inside the loading transaction
// the written tables' secondary indexes and the triggers whose work trigger-replay.ts knows are set
// aside; afterwards the grams and counts are built once for the new ids and the indexes once over
// the tables (a sort each), then the triggers come back. It is one transaction: a failed load
// leaves the database with its indexes and triggers as they were. A trigger not known here keeps
// firing per row, so a future trigger is slow rather than skipped.

/** What was set aside, to put back. */
interface SetAside {
  /** Statements re-creating the dropped indexes (SQLite and PostgreSQL) and triggers (SQLite). */
  recreate: string[];
  /** PostgreSQL: `alter table … enable trigger …` for the disabled ones. */
  enable: string[];
  /** Tables (snake_case) whose gram trigger is off, with their indexed columns. */
  grams: Map<string, string[]>;
  /** The staff due-count trigger is off. */
  staffCounts: boolean;
}

/**
 * Runs `load` (which writes rows of `tables`, camelCase as in Database) with their secondary indexes
 * and known triggers set aside, then builds the triggers' work for the ids `load` reports and every
 * index once.
 */
export async function loadInBulk(
  trx: Kysely<Database>,
  tables: readonly (keyof Database)[],
  load: () => Promise<Map<string, IdRange>>,
  onPhase: (phase: string, ms: number) => void = () => {},
): Promise<void> {
  const names = tables.map(snake);
  let mark = performance.now();
  // Each phase's own time, so a slow seed says where it spends it.
  const phase = (name: string) => {
    const now = performance.now();
    onPhase(name, now - mark);
    mark = now;
  };
  const aside = await setAside(trx, names);
  phase('set-aside');
  const written = await load();
  phase('rows');
  const pg = isPostgres(trx);
  for (const [table, columns] of aside.grams) {
    const range = written.get(table);
    if (range) await replayGrams(trx, pg, table, columns, range);
  }
  phase('grams');
  const staff = written.get('staff_applet_user');
  if (aside.staffCounts && staff) await replayStaffDueCounts(trx, staff);
  phase('staff-counts');
  // An index build sorts in memory up to this bound (PostgreSQL's default is 64 MB).
  if (pg) await sql`set local maintenance_work_mem = '256MB'`.execute(trx);
  for (const statement of aside.recreate) await sql.raw(statement).execute(trx);
  for (const statement of aside.enable) await sql.raw(statement).execute(trx);
  phase('indexes');
}

async function setAside(trx: Kysely<Database>, tables: string[]): Promise<SetAside> {
  const sources = await sql<{ tbl: string; col: string }>`select tbl, col from search_gram_source`.execute(trx);
  const gramColumns = new Map<string, string[]>();
  for (const { tbl, col } of sources.rows) {
    if (tables.includes(tbl)) gramColumns.set(tbl, [...(gramColumns.get(tbl) ?? []), col]);
  }
  return isPostgres(trx) ? setAsidePostgres(trx, tables, gramColumns) : setAsideSqlite(trx, tables, gramColumns);
}

async function setAsideSqlite(trx: Kysely<Database>, tables: string[], gramColumns: Map<string, string[]>) {
  const aside: SetAside = { recreate: [], enable: [], grams: new Map(), staffCounts: false };
  // Indexes with SQL of their own (UNIQUE constraints' automatic indexes have none and stay).
  const { rows: objects } = await sql<{ type: string; name: string; tbl: string; sql: string }>`
    select type, name, tbl_name as tbl, sql from sqlite_master
    where type in ('index', 'trigger') and sql is not null and tbl_name in (${sql.join(tables)})
    order by type, name`.execute(trx);
  for (const o of objects) {
    const kind = o.type === 'trigger' ? triggerKind(o.name, o.tbl, gramColumns, ['_ai', '_ad', '_au']) : null;
    if (o.type === 'trigger' && !kind) continue;
    await sql.raw(`drop ${o.type} ${o.name}`).execute(trx);
    aside.recreate.push(o.sql);
    if (kind) note(aside, kind, o.tbl, gramColumns);
  }
  return aside;
}

async function setAsidePostgres(trx: Kysely<Database>, tables: string[], gramColumns: Map<string, string[]>) {
  const aside: SetAside = { recreate: [], enable: [], grams: new Map(), staffCounts: false };
  // Indexes behind a constraint (primary keys, UNIQUE) stay: dropping one drops the constraint.
  const { rows: indexes } = await sql<{ name: string; def: string }>`
    select i.indexname as name, i.indexdef as def from pg_indexes i
    where i.schemaname = current_schema() and i.tablename in (${sql.join(tables)})
      and not exists (select 1 from pg_constraint c where c.conindid = format('%I.%I', i.schemaname, i.indexname)::regclass)
    order by i.indexname`.execute(trx);
  for (const i of indexes) {
    await sql.raw(`drop index ${i.name}`).execute(trx);
    aside.recreate.push(i.def);
  }
  const { rows: triggers } = await sql<{ name: string; tbl: string }>`
    select t.tgname as name, c.relname as tbl from pg_trigger t join pg_class c on c.oid = t.tgrelid
    where not t.tgisinternal and t.tgenabled <> 'D' and c.relnamespace = current_schema()::regnamespace
      and c.relname in (${sql.join(tables)})
    order by t.tgname`.execute(trx);
  for (const t of triggers) {
    const kind = triggerKind(t.name, t.tbl, gramColumns, ['']);
    if (!kind) continue;
    await sql.raw(`alter table ${t.tbl} disable trigger ${t.name}`).execute(trx);
    aside.enable.push(`alter table ${t.tbl} enable trigger ${t.name}`);
    note(aside, kind, t.tbl, gramColumns);
  }
  return aside;
}

/** Which known trigger `name` on `table` is (SQLite names one per event, with `suffix`), or null. */
function triggerKind(name: string, table: string, gramColumns: Map<string, string[]>, suffixes: string[]) {
  if (gramColumns.has(table) && suffixes.some((s) => name === `search_gram_${table}${s}`)) return 'grams';
  if (table === 'staff_applet_user' && suffixes.some((s) => name === `staff_due_count${s}`)) return 'staff';
  return null;
}

function note(aside: SetAside, kind: 'grams' | 'staff', table: string, gramColumns: Map<string, string[]>): void {
  const columns = gramColumns.get(table);
  if (kind === 'grams' && columns) aside.grams.set(table, columns);
  if (kind === 'staff') aside.staffCounts = true;
}
