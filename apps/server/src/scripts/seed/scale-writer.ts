import { CompiledQuery, type Kysely, sql } from 'kysely';
import { isPostgres } from '../../db/engine.js';
import type { Database } from '../../db/types.js';
import type { IdRange } from './trigger-replay.js';

type Row = Record<string, unknown>;
type TableName = keyof Database;

/**
 * Bulk writing for the scale generator: multi-row INSERTs sized to stay under each engine's bound
 * parameter limit, with ids assigned here (from the table's current maximum) so child rows can
 * point at parents without reading anything back. Identity sequences are moved past the new ids
 * at the end (PostgreSQL); SQLite's AUTOINCREMENT follows explicit ids by itself.
 */
export class ScaleWriter {
  private readonly next = new Map<string, number>();
  private readonly first = new Map<string, number>();
  private readonly touched = new Set<string>();
  readonly counts: Record<string, number> = {};

  constructor(private readonly db: Kysely<Database>) {}

  /** The first free id of a table, read once. */
  async reserve(table: TableName): Promise<void> {
    const row = await sql<{ max: number | null }>`select max(id) as max from ${sql.table(snake(table))}`.execute(
      this.db,
    );
    const free = Number(row.rows[0]?.max ?? 0) + 1;
    this.next.set(table, free);
    this.first.set(table, free);
  }

  /** The ids handed out so far, per table (snake_case), for tables that got any. */
  ranges(): Map<string, IdRange> {
    const ranges = new Map<string, IdRange>();
    for (const [table, from] of this.first) {
      const to = (this.next.get(table) ?? from) - 1;
      if (to >= from) ranges.set(snake(table), { from, to });
    }
    return ranges;
  }

  /** The id the next row of `table` will get; the caller puts it in the row. */
  id(table: string): number {
    const n = this.next.get(table);
    if (n === undefined) throw new Error(`reserve(${table}) first`);
    this.next.set(table, n + 1);
    return n;
  }

  async insert(trx: Kysely<Database>, table: TableName, rows: Row[]): Promise<void> {
    if (rows.length === 0) return;
    const keys = Object.keys(rows[0] ?? {});
    const pg = isPostgres(trx);
    // SQLite allows 32 766 bound values per statement, PostgreSQL 65 535; stay well below both.
    const per = Math.max(1, Math.floor(16_000 / keys.length));
    const head = `insert into ${snake(table)} (${keys.map(snake).join(', ')}) values `;
    for (let i = 0; i < rows.length; i += per) {
      const slice = rows.slice(i, i + per);
      const params: unknown[] = [];
      const tuples = slice.map((row) => {
        const marks = keys.map((k) => {
          params.push(row[k] ?? null);
          return pg ? `$${params.length}` : '?';
        });
        return `(${marks.join(', ')})`;
      });
      // Already-compiled SQL: at millions of rows, building and camel-casing query trees would
      // cost more than the database's own work.
      await trx.executeQuery(CompiledQuery.raw(head + tuples.join(', '), params));
    }
    this.counts[table] = (this.counts[table] ?? 0) + rows.length;
    if (this.next.has(table)) this.touched.add(table);
  }

  /** Moves PostgreSQL identity sequences past the ids written here. */
  async finish(): Promise<void> {
    if (!isPostgres(this.db)) return;
    for (const table of this.touched) {
      const name = snake(table);
      await sql`select setval(pg_get_serial_sequence(${name}, 'id'), (select max(id) from ${sql.table(name)}))`.execute(
        this.db,
      );
    }
  }
}

export function snake(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}
