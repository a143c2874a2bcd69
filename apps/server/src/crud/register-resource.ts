import { type AnyResource, directRunResource } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { z } from 'zod';
import { bindEndpoint } from '../http/bind-endpoint.js';
import type { ReadContext, RequestContext } from '../http/context.js';
import { diffFields } from '../http/redact.js';
import { AppError, fieldError } from '../lib/app-error.js';
import { nowIso } from '../lib/clock.js';
import { emitAfterCommit } from '../plugins/events.js';
import { RowCodec, parseId } from './codec.js';
import { mapWriteError } from '../db/db-errors.js';
import { blockingReferences } from './delete-blockers.js';
import { bindExport } from './export.js';
import { CountCache, listPage } from './list.js';
import { ResourceQuery } from './query.js';
import { type DbRow, type ResourceSelect, type RegisteredResource, type ResourceOptions, anyTableDb } from './types.js';

/**
 * Turns a contract resource into working routes: `registerResource(app, storeResource, 'store')`.
 * Every endpoint is validated, permission-checked (`<name>.<action>`), tenant-scoped, written in
 * one transaction with its operation-log row (target id, field changes), and announces
 * `resourceChanged` after commit. Options (all optional, see ./types.ts):
 *
 *   registerResource(app, homeUserResource, 'homeUser', {
 *     joins: (qb) => qb.leftJoin('store as s', 's.id', 't.storeId'),   // the own table is `t`
 *     columns: { storeName: 's.name', label: null },      // mapped / computed-in-code fields
 *     refs: { storeId: { table: 'store', tenant: true } }, // same-provider reference check
 *     customFilters: { expiring: (eb) => eb('t.expireDate', '<', soon()) },
 *     softDelete: { column: 'deleted', value: 1 },
 *     where: (eb) => eb('t.kind', '=', 1),                // a fixed slice of the table
 *     hooks: { beforeCreate, beforeUpdate, beforeDelete, afterRead },   // afterRead shapes exports too
 *     sample: async ({ db, agentId }) => ({ ...validCreateBody }),   // isolation suite (create)
 *     seed: async ({ db, agentId }) => insertedId,                   // isolation suite (no create)
 *   });
 *
 * Custom endpoints of the same resource use `bindEndpoint` with `resourceEndpoint(...)` from the
 * contract; a write there announces itself with `emitAfterCommit(ctx.req, 'resourceChanged', …)`,
 * and maps constraint errors with `mapWriteError` (../db/db-errors.ts).
 */
export function registerResource<R extends AnyResource>(
  app: FastifyInstance,
  resource: R,
  table: string,
  options: ResourceOptions<R> = {},
): void {
  const opts = options as ResourceOptions<AnyResource>;
  if (!app.hasDecorator('resources')) app.decorate('resources', []);
  app.resources.push({ resource, table, options: opts });
  bindResource(app, resource, table, opts);
  // The same screen mounted under 直营 (/saasDirect/…): same rules, the reserved provider's scope.
  if (opts.directRun) bindResource(app, directRunResource(resource), table, opts);
}

function bindResource(app: FastifyInstance, resource: AnyResource, table: string, opts: ResourceOptions<AnyResource>) {
  const q = new ResourceQuery(resource, table, opts);
  q.validate();
  const codec = new RowCodec(resource);
  const counts = countsOf(app);
  const labels = Object.fromEntries(
    Object.entries(resource.entity.shape).map(([k, s]) => [k, (s as z.ZodType).description]),
  );
  const toWire = (row: DbRow, ctx: ReadContext) => {
    const wire = codec.toWire(row);
    return opts.hooks?.afterRead ? opts.hooks.afterRead(wire, row, ctx) : wire;
  };
  const readOne = (id: number, ctx: RequestContext): Promise<DbRow | undefined> => q.readById(anyTableDb(ctx), ctx, id);
  /** The stored row (all columns of the table) within scope, for hooks and change records. */
  const stored = async (id: number, ctx: RequestContext): Promise<DbRow | undefined> => {
    let qb: ResourceSelect = anyTableDb(ctx).selectFrom(`${table} as t`);
    if (opts.joins) qb = opts.joins(qb);
    const row: unknown = await qb
      .where(q.scoped(ctx))
      .where(sql.ref('t.id'), '=', id)
      .selectAll('t')
      .executeTakeFirst();
    return row as DbRow | undefined;
  };
  const changed = (ctx: RequestContext, ids: string[], action: 'create' | 'update' | 'delete', agentId: unknown) =>
    emitAfterCommit(ctx.req, 'resourceChanged', {
      resource: resource.name,
      agentId: typeof agentId === 'number' ? agentId : ctx.scope.agentId,
      ids,
      action,
    });
  const checkRefs = async (values: DbRow, agentId: unknown, ctx: RequestContext) => {
    for (const [field, ref] of Object.entries(opts.refs ?? {})) {
      const value = values[field];
      if (value === undefined || value === null) continue;
      let qb = anyTableDb(ctx).selectFrom(ref.table).select('id').where('id', '=', value);
      if (ref.tenant && typeof agentId === 'number') qb = qb.where('agentId', '=', agentId);
      if (!(await qb.executeTakeFirst())) throw fieldError(field, '关联的记录不存在');
    }
  };
  const ep = resource.endpoints;

  if (ep.page) {
    bindEndpoint(app, ep.page, async ({ body }, ctx) => {
      const result = await listPage(q, counts, anyTableDb(ctx), body as Record<string, unknown>, ctx);
      return { ...result, list: result.list.map((r) => toWire(r, ctx)) };
    });
  }

  if (ep.get) {
    bindEndpoint(app, ep.get, async ({ query }, ctx) => {
      const row = await readOne(parseId((query as { id: unknown }).id), ctx);
      if (!row) throw new AppError('recordNotFound');
      return toWire(row, ctx);
    });
  }

  if (ep.create) {
    const keys = [...resource.writable, ...(resource.tenant === 'agent' ? ['agentId'] : [])];
    bindEndpoint(app, ep.create, async ({ body }, ctx) => {
      const input = body as DbRow;
      let values = codec.toDb(input, keys);
      if (resource.tenant === 'agent') {
        // An agent's rows always land in their own provider, whatever the body says.
        if (ctx.scope.agentId !== null) values.agentId = ctx.scope.agentId;
        else if (typeof values.agentId !== 'number') throw fieldError('agentId', '请选择服务商');
        else if (
          !(await anyTableDb(ctx).selectFrom('agent').select('id').where('id', '=', values.agentId).executeTakeFirst())
        ) {
          throw fieldError('agentId', '服务商不存在');
        }
      }
      if (opts.hooks?.beforeCreate) values = await opts.hooks.beforeCreate(values, input, ctx);
      await checkRefs(values, values.agentId, ctx);
      const now = nowIso();
      const inserted = await anyTableDb(ctx)
        .insertInto(table)
        .values({ ...values, createdAt: now, updatedAt: now, version: 1 })
        .returning('id')
        .executeTakeFirstOrThrow()
        .catch((err: unknown) => mapWriteError(err, 'write', labels));
      const id = Number(inserted.id);
      ctx.audit.targetId = String(id);
      changed(ctx, [String(id)], 'create', values.agentId);
      const row = await readOne(id, ctx);
      if (!row) throw new AppError('recordNotFound');
      return toWire(row, ctx);
    });
  }

  if (ep.update) {
    bindEndpoint(app, ep.update, async ({ body }, ctx) => {
      const input = body as DbRow;
      const id = parseId(input.id);
      const existing = await stored(id, ctx);
      if (!existing) throw new AppError('recordNotFound');
      ctx.audit.targetId = String(id);
      if (Number(existing.version) !== input.version) throw new AppError('versionConflict');
      let patch = codec.toDb(input, resource.writable);
      delete patch.agentId;
      if (opts.hooks?.beforeUpdate) patch = await opts.hooks.beforeUpdate(patch, existing, input, ctx);
      await checkRefs(patch, existing.agentId, ctx);
      const result = await anyTableDb(ctx)
        .updateTable(`${table} as t`)
        .set({ ...patch, updatedAt: nowIso(), version: sql`version + 1` })
        .where(sql.ref('t.id'), '=', id)
        .where(sql.ref('t.version'), '=', input.version)
        .where(q.scoped(ctx))
        .executeTakeFirst()
        .catch((err: unknown) => mapWriteError(err, 'write', labels));
      // The version moved between our read and the update: someone else saved first.
      if (Number(result.numUpdatedRows) === 0) throw new AppError('versionConflict');
      ctx.audit.changes = diffFields(existing, patch);
      changed(ctx, [String(id)], 'update', existing.agentId);
      const row = await readOne(id, ctx);
      if (!row) throw new AppError('recordNotFound');
      return toWire(row, ctx);
    });
  }

  if (ep.delete) {
    bindEndpoint(app, ep.delete, async ({ query }, ctx) => {
      const id = parseId((query as { id: unknown }).id);
      const existing = await stored(id, ctx);
      if (!existing) throw new AppError('recordNotFound');
      ctx.audit.targetId = String(id);
      if (opts.hooks?.beforeDelete) await opts.hooks.beforeDelete(existing, ctx);
      const soft = opts.softDelete;
      const db = anyTableDb(ctx);
      // Name what is in the way rather than let the foreign key answer 存在关联数据 (issue 28).
      const blocking = soft ? [] : await blockingReferences(db, table, id);
      if (blocking.length > 0) {
        throw new AppError('stateConflict', { message: `该${resource.title}还有${blocking.join('、')}，无法删除` });
      }
      const write = soft
        ? db
            .updateTable(`${table} as t`)
            .set({ [soft.column]: soft.value, updatedAt: nowIso(), version: sql`version + 1` })
            .where(sql.ref('t.id'), '=', id)
            .where(q.scoped(ctx))
            .executeTakeFirst()
            .then((r) => Number(r.numUpdatedRows))
        : db
            .deleteFrom(`${table} as t`)
            .where(sql.ref('t.id'), '=', id)
            .where(q.scoped(ctx))
            .executeTakeFirst()
            .then((r) => Number(r.numDeletedRows));
      const affected = await write.catch((err: unknown) => mapWriteError(err, 'delete', labels));
      if (affected === 0) throw new AppError('recordNotFound');
      changed(ctx, [String(id)], 'delete', existing.agentId);
      return null;
    });
  }

  bindExport(app, resource, { q, counts, toWire, cap: opts.exportRowCap });
}

const countCaches = new WeakMap<FastifyInstance, CountCache>();
function countsOf(app: FastifyInstance): CountCache {
  let cache = countCaches.get(app);
  if (!cache) {
    const tablesOf = (name: string) => {
      const tables = app.resources.filter((r) => r.resource.name === name).map((r) => r.table);
      return tables.length ? tables : [name];
    };
    cache = new CountCache(app.hasDecorator('events') ? app.events : undefined, tablesOf);
    countCaches.set(app, cache);
  }
  return cache;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every resource registered with registerResource (the isolation suite walks them). */
    resources: RegisteredResource[];
  }
}
