import { type EndpointDef, agentGatewayResource } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { RowCodec } from '../../src/crud/codec.js';
import { ResourceQuery } from '../../src/crud/query.js';
import { type DbRow, anyTableDb } from '../../src/crud/types.js';
import { bindEndpoint } from '../../src/http/bind-endpoint.js';

/** Where the bench-only entry serves the naive peer of the provider gateway list. */
export const NAIVE_LIST_PATH = '/bench/naive/ZKBManager/deviceList';

/**
 * The peer the list budget is measured against: the same endpoint (same auth, permission, tenant
 * scope, filters, joins and wire rows) written the obvious way — full rows with their joins under
 * OFFSET, and an exact COUNT(*) of every matching row on each request. Registered by the
 * bench-only server entry, never by the product.
 */
export function registerNaiveList(app: FastifyInstance): void {
  const registered = app.resources.find((r) => r.resource.name === agentGatewayResource.name);
  if (!registered) throw new Error('agentGateway is not registered');
  const q = new ResourceQuery(registered.resource, registered.table, registered.options);
  const codec = new RowCodec(registered.resource);
  const afterRead = registered.options.hooks?.afterRead;
  const page = agentGatewayResource.endpoints.page;
  if (!page) throw new Error('agentGateway has no page endpoint');
  const def: EndpointDef = { ...page, path: NAIVE_LIST_PATH };

  bindEndpoint(app, def, async ({ body }, ctx) => {
    const input = body as Record<string, unknown>;
    const db = anyTableDb(ctx);
    const offset = input.offset as number;
    const size = input.size as number;
    const requested = input.sort as { field: string; order: 'ascend' | 'descend' } | undefined;
    const { field, order } = requested ?? q.resource.defaultSort;
    const dir = order === 'ascend' ? 'asc' : 'desc';
    const sortExpr = field === 'id' ? sql.ref('t.id') : q.expr(field);
    const where = q.filters(input, ctx);
    const rows = (await q
      .select(db, ctx)
      .where(where)
      .orderBy(sortExpr, dir)
      .orderBy(sql.ref('t.id'), dir)
      .limit(size)
      .offset((offset - 1) * size)
      .execute()) as DbRow[];
    const counted = await q
      .select(db, ctx)
      .clearSelect()
      .where(where)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    const total = Number((counted as { n?: unknown } | undefined)?.n ?? 0);
    const list = rows.map((row) => {
      const wire = codec.toWire(row);
      return afterRead ? afterRead(wire, row, ctx) : wire;
    });
    return { total, totalCapped: false, list, nextCursor: null };
  });
}
