import { sql } from 'kysely';
import { createOwnRow } from './isolation.js';
import { createTestOperator, type TestOperator } from './operators.js';
import { type ProviderWorld, buildProviderWorld } from './provider-world.js';
import { type Built, callRoute, ownInput } from './route-sweep.js';
import { type AppRoute, concreteUrl, endpointRoutes, permissionOfRoute } from './routes-of-app.js';
import type { TestApp } from './test-app.js';
import type { EndpointDef } from '@console/contract';
import type { RegisteredResource } from '../src/crud/types.js';
import { exampleOf } from './zod-example.js';

type EndpointRoute = AppRoute & { endpoint: EndpointDef };

/** What one successful write left in the operation log, or why it was not a successful write. */
export type AuditOutcome =
  | { kind: 'refused'; why: string }
  | {
      kind: 'logged';
      /** The first successful row of the request: its resource, its target, whether that record exists now. */
      row: { resource: string | null; targetId: string | null; found: boolean } | null;
      /** The record ids the request sent (a hard delete's target is one of them). */
      sent: string[];
    };

/** A route that removes what it addresses (the next route would miss it). */
export function isDelete(route: AppRoute): boolean {
  return /delete|remove|unbind|revoke|purge/i.test(route.url);
}

/** The write routes an operator with a permission reaches: provider-side ones first, deletes last. */
export function permissionedWrites(t: TestApp): EndpointRoute[] {
  const writes = endpointRoutes(t.app).filter((r) => r.endpoint.write && permissionOfRoute(r) !== null);
  return [...writes.filter((r) => !isDelete(r)), ...writes.filter(isDelete)];
}

/**
 * A world in which a platform admin holding every permission can call every write: provider B's
 * rows (the admin reaches every provider's) and one row of every platform resource, created
 * through the API from its registration's sample.
 */
export async function platformWorld(t: TestApp, provider: ProviderWorld): Promise<ProviderWorld> {
  const permissions = [
    ...new Set(
      endpointRoutes(t.app)
        .map(permissionOfRoute)
        .filter((p): p is string => p !== null),
    ),
  ];
  const op = await createTestOperator(t, { adminType: 0, permissions });
  const rows = new Map(provider.rows);
  for (const target of t.app.resources) {
    if (rows.has(target.resource.name)) continue;
    const id = await platformRow(t, target, op, provider.agentId);
    if (id) rows.set(target.resource.name, { id, table: target.table });
  }
  return { agentId: provider.agentId, op, rows };
}

/** Calls a write route with the world's own valid input and reads the log rows the call wrote. */
export async function auditOutcome(t: TestApp, route: EndpointRoute, world: ProviderWorld): Promise<AuditOutcome> {
  const input = await ownInput(t, route, world);
  if (typeof input === 'string') return { kind: 'refused', why: input };
  const db = t.database.db;
  const last = await db
    .selectFrom('operationLog')
    .select((e) => e.fn.max('id').as('id'))
    .executeTakeFirst();
  const answer = await callRoute(t, route, world.op, input);
  if (answer.body.errCode !== 0) return { kind: 'refused', why: `${answer.body.errCode} ${answer.body.errMsg}` };
  const row = await db
    .selectFrom('operationLog')
    .select(['resource', 'targetId'])
    .where('id', '>', Number(last?.id ?? 0))
    .where('path', 'in', [route.url, concreteUrl(route, input.params)])
    .where('result', '=', 1)
    .orderBy('id')
    .executeTakeFirst();
  if (!row) return { kind: 'logged', row: null, sent: idsSent(input) };
  // Read at once: a later route of the sweep may delete the record.
  let found = false;
  for (const r of t.app.resources.filter((x) => x.resource.name === row.resource)) {
    if (row.targetId && (await rowExists(t, r.table, row.targetId))) found = true;
  }
  return { kind: 'logged', row: { ...row, found }, sent: idsSent(input) };
}

/**
 * A row of a resource for the platform world: created from its sample, else from an example of
 * its create input, else the first row its table already holds (seeded by the app or the world).
 */
async function platformRow(t: TestApp, target: RegisteredResource, op: TestOperator, agentId: number) {
  // A seeded row with a fixed key exists after the first world: its second insert is refused.
  const own = await createOwnRow(t, target, op, agentId).catch(() => 'seed refused');
  if (typeof own !== 'string') return own.id;
  const create = target.resource.endpoints.create;
  if (create?.body) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api${create.path}`,
      headers: op.headers,
      payload: { ...(exampleOf(create.body) as object), agentId: String(agentId) },
    });
    const body = res.json<{ errCode: number; data: { id?: string } | null }>();
    if (body.errCode === 0 && body.data?.id) return body.data.id;
  }
  const first = await sql<{ id: number }>`select min(id) as id from ${sql.table(target.table)}`.execute(t.database.db);
  const id = first.rows[0]?.id;
  return id === null || id === undefined ? undefined : String(id);
}

/** The record ids an input names: its `id`, its `ids`, path parameters and query values. */
function idsSent(input: Built): string[] {
  const values = [...Object.values(input.params), ...Object.values(input.query), input.body?.id, input.body?.ids];
  return values.flat().filter((v): v is string => typeof v === 'string' && /^\d+$/.test(v));
}

async function rowExists(t: TestApp, table: string, id: string): Promise<boolean> {
  if (!/^\d+$/.test(id)) return false;
  const found = await sql<{
    n: number;
  }>`select count(*) as n from ${sql.table(table)} where id = ${Number(id)}`.execute(t.database.db);
  return Number(found.rows[0]?.n ?? 0) > 0;
}

export async function freshWorlds(t: TestApp): Promise<{ provider: ProviderWorld; platform: ProviderWorld }> {
  const provider = (await buildProviderWorld(t)).world;
  return { provider, platform: await platformWorld(t, provider) };
}

export type { TestOperator };
