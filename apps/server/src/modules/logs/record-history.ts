import { type AnyResource, type HistoryKind, permissionOf, recordHistoryEndpoints } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import { ResourceQuery } from '../../crud/query.js';
import { anyTableDb } from '../../crud/types.js';
import { bindEndpoint } from '../../http/bind-endpoint.js';
import type { RequestContext } from '../../http/context.js';
import { AppError } from '../../lib/app-error.js';
import { toDbId } from '../../lib/ids.js';

/** The permission that lets an operator read a resource's records: its detail's, else its list's. */
function readPermission(resource: AnyResource): string | null {
  const ep = resource.endpoints.get ?? resource.endpoints.page;
  return ep ? permissionOf(ep.access) : null;
}

function audienceFits(resource: AnyResource, ctx: RequestContext): boolean {
  const platform = ctx.operator?.adminType === 0;
  return resource.audience === 'any' || (resource.audience === 'platform') === platform;
}

/** The stored `name(login)` (operation-log.ts writes it so) split back into its two parts. */
function splitOperator(stored: string): { operatorName: string; operatorAccount: string } {
  const open = stored.lastIndexOf('(');
  if (open <= 0 || !stored.endsWith(')')) return { operatorName: stored, operatorAccount: '' };
  return { operatorName: stored.slice(0, open), operatorAccount: stored.slice(open + 1, -1) };
}

/** Told from the endpoint's path, the one thing every write of a kind shares (`…/update`, `…/delete`). */
function kindOf(path: string, changes: { field: string }[]): HistoryKind {
  const last = (path.split('/').pop() ?? '').toLowerCase();
  if (last.includes('create') || last === 'add' || last === 'register') return 'created';
  if (last.includes('restore') || last.includes('recover')) return 'restored';
  if (last.includes('delete') || last.includes('remove') || last.includes('recycle')) return 'deleted';
  if (last.includes('export')) return 'exported';
  if (last.includes('status') || last.includes('open') || last.includes('enable') || last.includes('disable')) {
    return 'statusChanged';
  }
  if (last.includes('update') || last.includes('edit')) {
    return changes.length > 0 && changes.every((c) => c.field === 'status') ? 'statusChanged' : 'updated';
  }
  return 'other';
}

/**
 * GET /operationLog/history: one record's 操作历史. The resource registry says which table the
 * record lives in and which permission reads it; the record must be readable by the caller through
 * that resource, or through another resource over the same table the caller may read (a store in
 * the recycle bin is read through 回收站). Rows of every resource over that table count: they are
 * the same record.
 */
export function registerRecordHistory(app: FastifyInstance): void {
  const queries = new Map<string, ResourceQuery>();
  const queryOf = (entry: FastifyInstance['resources'][number]) => {
    const key = `${entry.resource.name}:${entry.table}`;
    let q = queries.get(key);
    if (!q) {
      q = new ResourceQuery(entry.resource, entry.table, entry.options);
      queries.set(key, q);
    }
    return q;
  };

  bindEndpoint(app, recordHistoryEndpoints.history, async ({ query }, ctx) => {
    const permissions = ctx.operator?.permissions ?? new Set<string>();
    const asked = app.resources.find((r) => r.resource.name === query.resource);
    if (!asked) throw new AppError('recordNotFound');
    const may = (r: AnyResource) => {
      const p = readPermission(r);
      return p !== null && permissions.has(p) && audienceFits(r, ctx);
    };
    if (!may(asked.resource)) throw new AppError('forbidden');
    const id = toDbId(query.id);
    const siblings = app.resources.filter((r) => r.table === asked.table);
    let found = false;
    for (const r of [asked, ...siblings.filter((s) => s !== asked && may(s.resource))]) {
      if (await queryOf(r).readById(anyTableDb(ctx), ctx, id)) {
        found = true;
        break;
      }
    }
    if (!found) throw new AppError('recordNotFound');

    const names = [...new Set(siblings.map((s) => s.resource.name))];
    const base = ctx.db
      .selectFrom('operationLog as l')
      .where('l.resource', 'in', names)
      .where('l.targetId', '=', String(id))
      .where('l.result', '=', 1);
    const counted = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    const rows = await base
      .leftJoin('agent as a', 'a.id', 'l.agentId')
      .select(['l.id', 'l.at', 'l.operatorName', 'l.ip', 'l.action', 'l.path', 'l.changes', 'a.name as agentName'])
      .orderBy('l.at', 'desc')
      .orderBy('l.id', 'desc')
      .limit(query.size)
      .offset((query.offset - 1) * query.size)
      .execute();
    return {
      total: Number(counted?.n ?? 0),
      list: rows.map((row) => {
        const changes = JSON.parse(row.changes) as { field: string; before: unknown; after: unknown }[];
        return {
          id: String(row.id),
          at: row.at,
          ...splitOperator(row.operatorName),
          agentName: row.agentName ?? null,
          ip: row.ip,
          kind: kindOf(row.path, changes),
          action: row.action,
          changes,
        };
      }),
    };
  });
}
