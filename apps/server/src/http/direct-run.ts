import { type EndpointDef, isDirectRun } from '@console/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';
import type { TenantScope } from './context.js';

const reserved = new WeakMap<Kysely<Database>, number>();

/**
 * The id of the platform's reserved direct-run provider (agent.direct = 1, created by migration
 * 0155). Read once per database: the row is never deleted and its id never changes.
 */
export async function directAgentId(db: Kysely<Database>): Promise<number> {
  const known = reserved.get(db);
  if (known !== undefined) return known;
  const row = await db.selectFrom('agent').where('direct', '=', 1).select('id').orderBy('id').executeTakeFirst();
  if (!row) throw new Error('the reserved direct-run provider is missing (migration 0155)');
  reserved.set(db, row.id);
  return row.id;
}

/**
 * A direct-run route (`/saasDirect/…`, platform audience, its own permission) acts in the
 * reserved provider's scope: every tenant query of the request is confined to that provider, as
 * a provider operator's would be. Only these routes do this; every other route scopes by who is
 * signed in (`scopeOf`). Runs after the access rule, so an operator without the permission never
 * gets this far.
 */
export async function enterDirectRunScope(app: FastifyInstance, def: EndpointDef, req: FastifyRequest): Promise<void> {
  if (!isDirectRun(def) || req.operator?.adminType !== 0) return;
  req.tenantScope = { agentId: await directAgentId(app.db), directRun: true };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set on direct-run routes only: the scope the request acts in instead of the operator's own. */
    tenantScope?: TenantScope;
  }
}
