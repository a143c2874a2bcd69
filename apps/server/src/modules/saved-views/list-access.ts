import { type AnyResource, type SavedViewState, isIdSchema, permissionOf } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import { ResourceQuery } from '../../crud/query.js';
import { type RegisteredResource, anyTableDb } from '../../crud/types.js';
import { type RequestContext, requireOperator } from '../../http/context.js';
import { AppError, fieldError } from '../../lib/app-error.js';

// A reference filter names its record by the filter's key (`storeId` → the `store` resource);
// these keys name a resource otherwise.
const referenceAliases: Record<string, string> = { agentId: 'agent', providerId: 'agent' };

function referencedName(key: string): string {
  return referenceAliases[key] ?? key.replace(/Ids?$/, '');
}

function audienceFits(resource: AnyResource, platform: boolean): boolean {
  return resource.audience === 'any' || (resource.audience === 'platform') === platform;
}

/**
 * What the saved views need of the registered lists: which list a key names (the operator must
 * hold its page permission, of the right audience), and which filter values of a view the viewer
 * may not see. A view names its list by the resource's name, so every list of the resource
 * machinery has views without declaring anything.
 */
export class ListAccess {
  private readonly queries = new Map<string, ResourceQuery>();

  constructor(private readonly app: FastifyInstance) {}

  /** The list's resource; 403 when the operator may not read the list, a field error when there is no such list. */
  listOf(ctx: RequestContext, listKey: string): AnyResource {
    const operator = requireOperator(ctx);
    const entry = this.app.resources.find((r) => r.resource.name === listKey && r.resource.endpoints.page);
    const page = entry?.resource.endpoints.page;
    if (!entry || !page) throw fieldError('listKey', '没有这个列表');
    const permission = permissionOf(page.access);
    const platform = operator.adminType === 0;
    if (!permission || !operator.permissions.has(permission) || !audienceFits(entry.resource, platform)) {
      throw new AppError('forbidden');
    }
    return entry.resource;
  }

  /**
   * The reference filters of `state` whose record the viewer cannot read in their own scope (another
   * provider's store, a deleted one): their values must not reach the viewer. A reference the
   * registry cannot resolve is trusted for the platform (it sees every provider) and withheld
   * from a provider's operator, since nothing proves it is theirs.
   */
  async unavailable(ctx: RequestContext, list: AnyResource, state: SavedViewState, seen: Map<string, boolean>) {
    const out: string[] = [];
    for (const [key, value] of Object.entries(state.filters)) {
      const def = list.filters[key];
      if (!def || !isIdSchema(def.schema)) continue;
      const ids = (Array.isArray(value) ? value : [value]).map(String);
      let visible = true;
      for (const id of ids) {
        const memo = `${key}:${id}`;
        let ok = seen.get(memo);
        if (ok === undefined) {
          ok = await this.visible(ctx, key, id);
          seen.set(memo, ok);
        }
        if (!ok) visible = false;
      }
      if (!visible) out.push(key);
    }
    return out;
  }

  private async visible(ctx: RequestContext, key: string, id: string): Promise<boolean> {
    const operator = requireOperator(ctx);
    const n = Number(id);
    if (!Number.isSafeInteger(n) || n <= 0) return false;
    const name = referencedName(key);
    // A provider's operator sees exactly one provider: its own.
    if (name === 'agent' && operator.adminType !== 0) return n === operator.agentId;
    if (name === 'agent') {
      const row = await ctx.db.selectFrom('agent').select('id').where('id', '=', n).executeTakeFirst();
      return !!row;
    }
    const entry = this.app.resources.find((r) => r.resource.name === name);
    if (!entry) return operator.adminType === 0;
    return !!(await this.queryOf(entry).readById(anyTableDb(ctx), ctx, n));
  }

  private queryOf(entry: RegisteredResource): ResourceQuery {
    const key = `${entry.resource.name}:${entry.table}`;
    let q = this.queries.get(key);
    if (!q) {
      q = new ResourceQuery(entry.resource, entry.table, entry.options);
      this.queries.set(key, q);
    }
    return q;
  }
}
