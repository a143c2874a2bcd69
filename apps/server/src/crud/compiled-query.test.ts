import SQLite from 'better-sqlite3';
import { CamelCasePlugin, Kysely, SqliteDialect } from 'kysely';
import { describe, expect, it } from 'vitest';
import { CompiledQueries } from './compiled-query.js';
import type { ResourceDb } from './types.js';

const db: ResourceDb = new Kysely({
  dialect: new SqliteDialect({ database: new SQLite(':memory:') }),
  plugins: [new CamelCasePlugin()],
});

describe('CompiledQueries', () => {
  it('builds a shape once and binds every call its own values, rows camel-cased as usual', async () => {
    await db.schema.createTable('pet').addColumn('id', 'integer').addColumn('pet_name', 'text').execute();
    await db
      .insertInto('pet')
      .values([
        { id: 1, petName: '一' },
        { id: 2, petName: '二' },
      ])
      .execute();
    const queries = new CompiledQueries();
    let builds = 0;
    const byId = (id: number) =>
      queries.run<{ petName: string }>(db, 'pet', [id], ([slot]) => {
        builds += 1;
        // A constant of the shape (the 0) stays bound as it was compiled.
        return db.selectFrom('pet').select('petName').where('id', '=', slot).where('id', '>', 0);
      });
    expect((await byId(2)).rows).toEqual([{ petName: '二' }]);
    expect((await byId(1)).rows).toEqual([{ petName: '一' }]);
    expect((await byId(3)).rows).toEqual([]);
    expect(builds).toBe(1);
    expect(queries.size).toBe(1);
  });

  it('refuses a shape that leaves a slot unbound (it would answer for the first call only)', async () => {
    const queries = new CompiledQueries();
    await expect(queries.run(db, 'bad', [1], () => db.selectFrom('pet').select('id'))).rejects.toThrow(/slot 0/);
  });
});
