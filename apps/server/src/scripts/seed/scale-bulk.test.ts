import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-app.js';
import { isPostgres } from '../../db/engine.js';
import type { Database } from '../../db/types.js';
import { ROLLUP_LEVELS } from '../../modules/reports/rollup-levels.js';
import { rebuildRollups } from '../../modules/reports/rollup-rebuild.js';
import { seedScale } from './scale.js';

// The bulk load (bulk-load.ts) must leave what the per-row triggers leave: the same grams, staff
// counts and rollups, and the indexes and triggers back as they were.

const OPTIONS = { stores: 60, seed: 5, providers: 4, chunk: 25 };

const rowsOf = async (db: Kysely<Database>, table: string, order: string) =>
  (await sql.raw(`select * from ${table} order by ${order}`).execute(db)).rows;

/** The indexes and triggers of the database, with their definitions and (PostgreSQL) whether on. */
async function schemaObjects(db: Kysely<Database>) {
  if (isPostgres(db)) {
    const indexes = sql.raw(`select indexname, indexdef from pg_indexes where schemaname = current_schema()
      order by indexname`);
    const triggers = sql.raw(`select t.tgname, t.tgenabled, c.relname from pg_trigger t
      join pg_class c on c.oid = t.tgrelid where not t.tgisinternal order by t.tgname, c.relname`);
    return { indexes: (await indexes.execute(db)).rows, triggers: (await triggers.execute(db)).rows };
  }
  const objects = sql.raw(`select type, name, sql from sqlite_master where type in ('index', 'trigger') order by name`);
  return { objects: (await objects.execute(db)).rows };
}

describe('scale generator in bulk', () => {
  let bulk: TestDatabase;
  let perRow: TestDatabase;
  let before: Awaited<ReturnType<typeof schemaObjects>>;

  beforeAll(async () => {
    [bulk, perRow] = await Promise.all([createTestDatabase(), createTestDatabase()]);
    before = await schemaObjects(bulk.db);
    await seedScale(bulk.db, OPTIONS);
    await seedScale(perRow.db, { ...OPTIONS, bulk: false });
    for (const db of [bulk.db, perRow.db]) await rebuildRollups(db);
  });
  afterAll(async () => {
    await Promise.all([bulk.drop(), perRow.drop()]);
  });

  it('writes the grams the triggers write, row for row', async () => {
    const grams = await rowsOf(bulk.db, 'search_gram', 'tbl, gram, row_id');
    expect(grams.length).toBeGreaterThan(10_000);
    expect(grams).toEqual(await rowsOf(perRow.db, 'search_gram', 'tbl, gram, row_id'));
  });

  it('counts the staff by due date as the trigger does', async () => {
    for (const [table, order] of [
      ['staff_due_count', 'agent_id, due_date, status'],
      ['staff_due_count_all', 'due_date, status'],
    ] as const) {
      const counts = await rowsOf(bulk.db, table, order);
      expect(counts.length).toBeGreaterThan(10);
      expect(counts).toEqual(await rowsOf(perRow.db, table, order));
    }
  });

  it('rolls up the same payments', async () => {
    // Sorted whole: a level's key columns differ from table to table.
    const sorted = async (db: Kysely<Database>, table: string) =>
      (await rowsOf(db, table, '1')).map((r) => JSON.stringify(r)).sort();
    for (const table of ['payment_rollup', ...ROLLUP_LEVELS.map((l) => l.table)]) {
      const rows = await sorted(bulk.db, table);
      expect(rows.length, table).toBeGreaterThan(0);
      expect(rows, table).toEqual(await sorted(perRow.db, table));
    }
  });

  it('puts every index and trigger back as it was', async () => {
    expect(await schemaObjects(bulk.db)).toEqual(before);
  });
});
