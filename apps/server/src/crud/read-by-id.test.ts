import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAgent } from '../../test/operators.js';
import type { TestApp } from '../../test/test-app.js';
import type { RequestContext } from '../http/context.js';
import { nowIso } from '../lib/clock.js';
import { ResourceQuery } from './query.js';
import { createFixtureApp, gadgetResource, thingResource } from '../../test/crud-fixture.js';
import { type DbRow, type ResourceDb, type ResourceSelect, resourceDb } from './types.js';

/**
 * readById answers a get from a query compiled once per scope kind: it must return exactly what
 * the query built afresh returns, keep the tenant and soft-delete conditions, and bind each
 * call's own values (never the first call's).
 */
describe('ResourceQuery.readById (compiled once, re-bound per call)', () => {
  let t: TestApp;
  let db: ResourceDb;
  let agentA: number;
  let agentB: number;
  const gadgets = new ResourceQuery(gadgetResource, 'fixtureGadget', {
    joins: (qb: ResourceSelect) => qb.leftJoin('agent as a', 'a.id', 't.agentId'),
    columns: { agentName: 'a.name' },
  });
  const things = new ResourceQuery(thingResource, 'fixtureThing', {
    softDelete: { column: 'deleted', value: 1 },
    columns: { label: null },
  });
  const ctxOf = (agentId: number | null) => ({ db, scope: { agentId }, operator: null }) as unknown as RequestContext;
  const built = async (q: ResourceQuery, ctx: RequestContext, id: number) =>
    await q.select(db, ctx).where(sql.ref('t.id'), '=', id).executeTakeFirst();
  let serial = 0;
  const insert = async (table: string, values: DbRow): Promise<number> => {
    const now = nowIso();
    serial += 1;
    const row = await db
      .insertInto(table)
      .values({ createdAt: now, updatedAt: now, version: 1, ...values })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  };
  const gadget = (agentId: number) =>
    insert('fixtureGadget', { agentId, name: `物件${serial}`, code: `RB${Date.now()}_${serial}`, status: 1, price: 5 });

  beforeAll(async () => {
    t = await createFixtureApp();
    db = resourceDb(t.database.db);
    agentA = await createTestAgent(t.database.db, { name: '服务商甲' });
    agentB = await createTestAgent(t.database.db, { name: '服务商乙' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('returns the same row as the query built afresh, each call with its own id and provider', async () => {
    const a1 = await gadget(agentA);
    const a2 = await gadget(agentA);
    const b1 = await gadget(agentB);
    for (const [agentId, id] of [
      [agentA, a1],
      [agentA, a2],
      [agentB, b1],
      [null, a1],
      [null, b1],
    ] as const) {
      const ctx = ctxOf(agentId);
      const row = await gadgets.readById(db, ctx, id);
      expect(row).toBeDefined();
      expect(row).toEqual(await built(gadgets, ctx, id));
      expect(row?.id).toBe(id);
    }
    expect((await gadgets.readById(db, ctxOf(agentB), b1))?.agentName).toBe('服务商乙');
  });

  it("never answers another provider's row, whichever provider compiled the query first", async () => {
    const a = await gadget(agentA);
    const b = await gadget(agentB);
    expect(await gadgets.readById(db, ctxOf(agentB), a)).toBeUndefined();
    expect(await gadgets.readById(db, ctxOf(agentA), b)).toBeUndefined();
    expect((await gadgets.readById(db, ctxOf(agentA), a))?.id).toBe(a);
  });

  it('keeps the soft-delete condition and answers nothing for an unknown id', async () => {
    const live = await insert('fixtureThing', { name: '在用' });
    const gone = await insert('fixtureThing', { name: '已删', deleted: 1 });
    expect((await things.readById(db, ctxOf(null), live))?.name).toBe('在用');
    expect(await things.readById(db, ctxOf(null), gone)).toBeUndefined();
    expect(await built(things, ctxOf(null), gone)).toBeUndefined();
    expect(await things.readById(db, ctxOf(null), 999_999_999)).toBeUndefined();
  });

  it('runs inside a transaction, seeing its uncommitted rows', async () => {
    const seen = await db.transaction().execute(async (trx) => {
      const now = nowIso();
      const row = await trx
        .insertInto('fixtureGadget')
        .values({
          createdAt: now,
          updatedAt: now,
          version: 1,
          agentId: agentA,
          name: '事务内',
          code: `TX${Date.now()}`,
          status: 1,
          price: 1,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return gadgets.readById(trx, { ...ctxOf(agentA), db: trx }, Number(row.id));
    });
    expect(seen?.name).toBe('事务内');
  });
});
