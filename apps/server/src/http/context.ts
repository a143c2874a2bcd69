import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Operator } from '../credentials/operator.js';
import type { Database } from '../db/types.js';

export type { Operator } from '../credentials/operator.js';

/**
 * Which rows a request may see. `agentId: null` is the platform (every provider); a number
 * confines every tenant-table query to that provider, whatever the request body says.
 */
export interface TenantScope {
  agentId: number | null;
  /** A platform operator on a direct-run route, acting as the reserved provider (./direct-run.ts). */
  directRun?: true;
}

export function scopeOf(operator: Operator | null): TenantScope {
  return { agentId: operator && operator.adminType !== 0 ? operator.agentId : null };
}

export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

/** What a write handler adds to its operation-log row. */
export interface AuditDraft {
  /** Id of the record the write concerns. */
  targetId?: string;
  /** Per-field before/after of an update. */
  changes?: FieldChange[];
  /** Overrides the endpoint summary as the logged action. */
  action?: string;
  /** Overrides the resource the target belongs to (default: the endpoint's permission prefix). */
  resource?: string;
}

export interface RequestContext {
  /** The transaction for writes (the operation-log row commits with it); the pool for reads. */
  db: Kysely<Database>;
  operator: Operator | null;
  scope: TenantScope;
  audit: AuditDraft;
  ip: string;
  userAgent: string;
  req: FastifyRequest;
  reply: FastifyReply;
}

/**
 * What a read of a list needs: the database, who reads and the rows they may see. A request's
 * context is one; a queued export's run builds one without a request (http/export-tasks/).
 */
export type ReadContext = Pick<RequestContext, 'db' | 'operator' | 'scope'>;

/** The operator of a `session` or permission endpoint, which is never null there. */
export function requireOperator(ctx: RequestContext): Operator {
  if (!ctx.operator) throw new Error('requireOperator on a public endpoint');
  return ctx.operator;
}
