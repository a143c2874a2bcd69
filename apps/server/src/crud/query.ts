import { type AnyResource, isIdSchema } from '@console/contract';
import { type Expression, type SqlBool, sql } from 'kysely';
import { isPostgres } from '../db/engine.js';
import type { ReadContext } from '../http/context.js';
import { idToDb } from './codec.js';
import { CompiledQueries, type Slot } from './compiled-query.js';
import { type GramSeek, gramCondition } from './gram-seek.js';
import type { DbRow, ResourceDb, ResourceEb, ResourceSelect, ResourceOptions } from './types.js';

/**
 * The scoped base query of a resource and the pieces lists are built from. Every read, update
 * and delete goes through `scoped`, so a provider operator can never reach another provider's
 * rows, whatever the request says.
 */
export class ResourceQuery {
  constructor(
    readonly resource: AnyResource,
    readonly table: string,
    readonly options: ResourceOptions<AnyResource>,
  ) {}

  /**
   * Fails at start-up, not on the first request, when a declared sort or filter points at a
   * field with no column (`columns: { x: null }`) or a custom filter has no condition.
   */
  validate(): void {
    const { resource, options } = this;
    const where = `registerResource(${resource.name})`;
    for (const field of resource.sortable) {
      if (field !== 'id' && options.columns?.[field] === null)
        throw new Error(`${where}: sortable ${field} has no column`);
    }
    for (const [key, def] of Object.entries(resource.filters)) {
      if (def.op === 'custom') {
        if (!options.customFilters?.[key]) throw new Error(`${where}: custom filter ${key} needs customFilters.${key}`);
        continue;
      }
      for (const col of def.columns?.length ? def.columns : [def.column ?? key]) {
        if (options.columns?.[col] === null)
          throw new Error(`${where}: filter ${key} uses ${col}, which has no column`);
      }
    }
  }

  /** The SQL expression behind an entity field (a column of `t`, or a mapped column). */
  expr(field: string): Expression<unknown> {
    const mapped = this.options.columns?.[field];
    if (mapped === undefined) return sql.ref(`t.${field}`);
    if (mapped === null) throw new Error(`${this.resource.name}.${field} is not a column`);
    return typeof mapped === 'string' ? sql.ref(mapped) : mapped;
  }

  /** The tenant, soft-delete and fixed conditions, applied to any query over `t`. */
  scoped(ctx: ReadContext) {
    return (eb: ResourceEb): Expression<SqlBool> => {
      const agentId = this.resource.tenant === 'agent' ? ctx.scope.agentId : null;
      const conds = this.fixedConditions(eb, agentId === null ? null : eb(sql.ref('t.agentId'), '=', agentId));
      if (this.options.where) conds.push(this.options.where(eb, ctx));
      return eb.and(conds);
    };
  }

  /** The tenant condition (already built, or null on the platform) and the soft-delete one. */
  private fixedConditions(eb: ResourceEb, tenant: Expression<SqlBool> | null): Expression<SqlBool>[] {
    const conds: Expression<SqlBool>[] = tenant ? [tenant] : [];
    const soft = this.options.softDelete;
    if (soft) conds.push(eb(sql.ref(`t.${soft.column}`), '<>', soft.value));
    return conds;
  }

  /** `select … from <table> as t [joins] where <scope>` with every wire field selected. */
  select(db: ResourceDb, ctx: ReadContext): ResourceSelect {
    return this.selectFields(db).where(this.scoped(ctx));
  }

  private selectFields(db: ResourceDb): ResourceSelect {
    let qb: ResourceSelect = db.selectFrom(`${this.table} as t`);
    if (this.options.joins) qb = this.options.joins(qb);
    const fields = Object.keys(this.resource.entity.shape).filter((f) => this.options.columns?.[f] !== null);
    return qb.select(fields.map((f) => sql`${this.expr(f)}`.as(f)));
  }

  private readonly byIdQueries = new CompiledQueries();

  /**
   * One row by id within scope, every wire field selected: select() plus `t.id = ?`, compiled once
   * per scope kind (one provider's rows, or the platform's view of all) and re-bound per call.
   * A resource with a fixed `where` is built afresh each time: its condition may read the request
   * or the clock.
   */
  async readById(db: ResourceDb, ctx: ReadContext, id: number): Promise<DbRow | undefined> {
    if (this.options.where) {
      return await this.select(db, ctx).where(sql.ref('t.id'), '=', id).executeTakeFirst();
    }
    const agentId = this.resource.tenant === 'agent' ? ctx.scope.agentId : null;
    const result =
      agentId === null
        ? await this.byIdQueries.run<DbRow>(db, 'all', [id], ([idSlot]) => this.byIdQuery(db, null, idSlot as Slot))
        : await this.byIdQueries.run<DbRow>(db, 'provider', [agentId, id], ([agentSlot, idSlot]) =>
            this.byIdQuery(db, agentSlot as Slot, idSlot as Slot),
          );
    return result.rows[0];
  }

  private byIdQuery(db: ResourceDb, agentId: Slot | null, id: Slot): ResourceSelect {
    // With ANALYZE statistics (sqlite_stat4) SQLite plans `agent_id = ?` from the bound value, and
    // a statement planned from a value is re-prepared on every bind (here three times the read).
    // The row is found by its primary key anyway, so on SQLite the tenant test is written as a
    // plain filter (`+col` is never matched to an index); PostgreSQL plans without looking.
    const tenantColumn = isPostgres(db) ? sql.ref('t.agentId') : sql`+${sql.ref('t.agentId')}`;
    return this.selectFields(db).where((eb) =>
      eb.and([
        ...this.fixedConditions(eb, agentId === null ? null : eb(tenantColumn, '=', agentId)),
        eb(sql.ref('t.id'), '=', id),
      ]),
    );
  }

  /**
   * `select from <table> as t where <scope>` with nothing selected, the base of a list's id walk
   * and its capped count. The joins are left out unless the sort, an active filter or the fixed
   * `where` may read a joined table: a deep page then walks one index, not a join per skipped row.
   */
  keys(db: ResourceDb, ctx: ReadContext, body: Record<string, unknown>, sortField: string): ResourceSelect {
    let qb: ResourceSelect = db.selectFrom(`${this.table} as t`);
    if (this.options.joins && this.readsJoins(body, sortField, db)) qb = this.options.joins(qb);
    return qb.where(this.scoped(ctx));
  }

  private leftJoinsOnly: boolean | undefined;

  /** An inner join may drop rows, so leaving it out would change the list: only left joins may go. */
  private onlyLeftJoins(db: ResourceDb): boolean {
    if (this.leftJoinsOnly === undefined) {
      const joined = this.options.joins?.(db.selectFrom(`${this.table} as t`)).toOperationNode();
      const joins = joined && 'joins' in joined ? (joined.joins as readonly { joinType: string }[] | undefined) : [];
      this.leftJoinsOnly = (joins ?? []).every((j) => j.joinType === 'LeftJoin');
    }
    return this.leftJoinsOnly;
  }

  private readsJoins(body: Record<string, unknown>, sortField: string, db: ResourceDb): boolean {
    const mapped = (field: string) => this.options.columns?.[field] !== undefined;
    if (this.options.where || mapped(sortField) || !this.onlyLeftJoins(db)) return true;
    return Object.entries(this.resource.filters).some(([key, def]) => {
      if (!isActive(body[key])) return false;
      if (def.op === 'custom') return true;
      return (def.columns?.length ? def.columns : [def.column ?? key]).some(mapped);
    });
  }

  /**
   * The filter conditions of a list request. Empty strings and empty arrays mean "no filter".
   * `plan`: range filters to test row by row (./range-plan.ts) and keyword filters whose
   * candidates come from the gram index (./keyword-grams.ts), still verified by their LIKE.
   */
  filters(body: Record<string, unknown>, ctx: ReadContext, plan: FilterPlan = {}) {
    const scanRanges = plan.scanRanges ?? [];
    // PostgreSQL's LIKE is case-sensitive; ILIKE matches SQLite's LIKE for ASCII letters.
    const pg = isPostgres(ctx.db);
    const likeOp = sql.raw(pg ? 'ilike' : 'like');
    return (eb: ResourceEb): Expression<SqlBool> => {
      const conds: Expression<SqlBool>[] = [];
      for (const [key, def] of Object.entries(this.resource.filters)) {
        let value = body[key];
        if (!isActive(value)) continue;
        if (isIdSchema(def.schema)) value = idToDb(value);
        const col = this.expr(def.column ?? key);
        switch (def.op) {
          case 'eq':
            conds.push(eb(col, '=', value));
            break;
          case 'in':
            conds.push(eb(col, 'in', value as unknown[]));
            break;
          case 'gte':
            conds.push(eb(col, '>=', value));
            break;
          case 'lte':
            conds.push(eb(col, '<=', value));
            break;
          case 'contains':
          case 'prefix': {
            const text = String(value).replace(/[\\%_]/g, (c) => `\\${c}`);
            const pattern = def.op === 'contains' ? `%${text}%` : `${text}%`;
            const cols = def.columns?.length ? def.columns.map((c) => this.expr(c)) : [col];
            const seek = plan.gramSeeks?.[key];
            if (seek) conds.push(gramCondition(seek, pg));
            conds.push(eb.or(cols.map((c) => sql<SqlBool>`${c} ${likeOp} ${pattern} escape '\\'`)));
            break;
          }
          case 'range': {
            const { from, to } = value as { from?: unknown; to?: unknown };
            // SQLite's unary plus keeps the column out of index choice (./range-plan.ts).
            const ranged = scanRanges.includes(key) ? sql`+${col}` : col;
            if (from !== undefined && from !== null && from !== '') conds.push(eb(ranged, '>=', from));
            if (to !== undefined && to !== null && to !== '') conds.push(rangeEnd(eb, ranged, to));
            break;
          }
          case 'custom': {
            const custom = this.options.customFilters?.[key];
            if (!custom) throw new Error(`${this.resource.name}: custom filter ${key} has no condition`);
            conds.push(custom(eb, value, ctx));
            break;
          }
        }
      }
      return eb.and(conds);
    };
  }
}

/** How a request's filters are run (see ResourceQuery.filters). */
export interface FilterPlan {
  scanRanges?: readonly string[];
  gramSeeks?: Readonly<Record<string, GramSeek>>;
}

/** Empty strings and empty arrays mean "no filter" (a cleared search box). */
export function isActive(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return false;
  return !(Array.isArray(value) && value.length === 0);
}

/** An inclusive upper bound; a date-only bound includes that whole day even on time columns. */
function rangeEnd(eb: ResourceEb, col: Expression<unknown>, to: unknown): Expression<SqlBool> {
  if (typeof to === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(to)) {
    const next = new Date(`${to}T00:00:00.000Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    return eb(col, '<', next.toISOString().slice(0, 10));
  }
  return eb(col, '<=', to);
}
