import SQLite from 'better-sqlite3';
import { CamelCasePlugin, Kysely, SqliteDialect } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { RequestContext } from '../http/context.js';
import { ResourceQuery } from './query.js';
import { gadgetResource } from '../../test/crud-fixture.js';
import type { ResourceDb, ResourceSelect } from './types.js';

const db: ResourceDb = new Kysely({
  dialect: new SqliteDialect({ database: new SQLite(':memory:') }),
  plugins: [new CamelCasePlugin()],
});
const ctx = { db, scope: { agentId: 7 }, operator: null } as unknown as RequestContext;
const sqlOf = (q: ResourceQuery, body: Record<string, unknown>, sort: string) =>
  q.keys(db, ctx, body, sort).select('t.id').compile().sql;

/** The id walk of a list leaves the display joins out only when that cannot change the rows. */
describe('ResourceQuery.keys', () => {
  const left = new ResourceQuery(gadgetResource, 'fixtureGadget', {
    joins: (qb: ResourceSelect) => qb.leftJoin('agent as a', 'a.id', 't.agentId'),
    columns: { agentName: 'a.name' },
  });

  it('walks the table alone for plain filters and sorts, keeping the tenant scope', () => {
    const text = sqlOf(left, { status: 1 }, 'createdAt');
    expect(text).not.toMatch(/join/i);
    expect(text).toMatch(/"t"\."agent_id" = \?/);
  });

  it('keeps the joins when the sort reads a joined column', () => {
    expect(sqlOf(left, {}, 'agentName')).toMatch(/left join/i);
  });

  it('keeps an inner join, which may drop rows, whatever the filters', () => {
    const inner = new ResourceQuery(gadgetResource, 'fixtureGadget', {
      joins: (qb: ResourceSelect) => qb.innerJoin('agent as a', 'a.id', 't.agentId'),
      columns: { agentName: 'a.name' },
    });
    expect(sqlOf(inner, {}, 'createdAt')).toMatch(/inner join/i);
  });
});
