import type { AnyResource } from '@console/contract';
import type { Expression, ExpressionBuilder, Kysely, SelectQueryBuilder, SqlBool } from 'kysely';
import type { z } from 'zod';
import type { AnyTables, Database } from '../db/types.js';
import type { ReadContext, RequestContext } from '../http/context.js';

/** A row as the database returns it (camelCase keys, integer ids). */
export type DbRow = Record<string, unknown>;

/**
 * The tables as the machinery sees them. A resource names its table at run time (registerResource
 * takes a string; test fixtures create tables outside `Database`), so besides the declared tables
 * any name is a table whose columns read as `unknown`: Kysely still checks the query's shape, and
 * the contract's zod schemas are what type the values on the wire, both ways.
 */
export type ResourceTables = Database & AnyTables;
/** The database handle of a query whose table is named at run time. */
export type ResourceDb = Kysely<ResourceTables>;
/** A select over `<table> as t` (and its joins) with the wire fields as its row. */
export type ResourceSelect = SelectQueryBuilder<ResourceTables, string, DbRow>;
/** The expression builder a resource's conditions (tenant scope, `where`, custom filters) get. */
export type ResourceEb = ExpressionBuilder<ResourceTables, string>;

/**
 * A database or transaction as the any-table handle. Kysely's `withTables` widens the table map
 * at the type level only: the handle runs on the same connection with the same plugins.
 */
export const resourceDb = (db: Kysely<Database>): ResourceDb => db.withTables<AnyTables>();

/** The request's database (or transaction) as the any-table handle. */
export const anyTableDb = (ctx: ReadContext): ResourceDb => resourceDb(ctx.db);

export type CustomFilter = (eb: ResourceEb, value: unknown, ctx: ReadContext) => Expression<SqlBool>;

export interface ResourceHooks<R extends AnyResource> {
  /** Adjust the insert values (integer ids, agentId already scoped); throw AppError to refuse. */
  beforeCreate?: (values: DbRow, input: z.output<R['createSchema']>, ctx: RequestContext) => Promise<DbRow> | DbRow;
  /** Adjust the update patch; `existing` is the row as stored. Throw AppError to refuse. */
  beforeUpdate?: (
    patch: DbRow,
    existing: DbRow,
    input: z.output<R['updateSchema']>,
    ctx: RequestContext,
  ) => Promise<DbRow> | DbRow;
  /** Throw AppError (e.g. stateConflict) to refuse a delete. */
  beforeDelete?: (existing: DbRow, ctx: RequestContext) => Promise<void> | void;
  /** Final say over a row on the wire (after ids became strings); page, get, create and update use it. */
  afterRead?: (wire: DbRow, row: DbRow, ctx: ReadContext) => DbRow;
}

export interface SampleContext {
  db: Kysely<Database>;
  /** The provider the sample row will belong to (tenant resources). */
  agentId: number;
}

export interface ResourceOptions<R extends AnyResource> {
  /** Add joins to the list/get query; the resource's own table is aliased `t`. */
  joins?: (qb: ResourceSelect) => ResourceSelect;
  /**
   * Entity fields that are not plain columns of `t`: a reference such as `'s.name'` (from a join)
   * or an SQL expression; `null` means not selected (filled by `afterRead`). Filters and sorts on
   * such fields use the same expression.
   */
  columns?: Record<string, string | Expression<unknown> | null>;
  /** A fixed condition on every read, update and delete (e.g. only the recycle bin's rows). */
  where?: (eb: ResourceEb, ctx: ReadContext) => Expression<SqlBool>;
  /** Delete sets `column = value` instead of removing the row; reads skip such rows. */
  softDelete?: { column: string; value: string | number };
  /** Conditions of the filters declared with op `custom`. */
  customFilters?: Record<string, CustomFilter>;
  /**
   * Reference fields checked on create/update: the referenced row must exist and, for tenant
   * tables, belong to the same provider as the row (no pointing at another provider's store).
   */
  refs?: Record<string, { table: string; tenant: boolean }>;
  hooks?: ResourceHooks<R>;
  /**
   * A valid create payload for the tenant-isolation suite (test/isolation.test.ts). Required for
   * every tenant resource with `create`; create any referenced rows it needs for `agentId`.
   * `agentId` is added by the suite; don't include it.
   */
  sample?: (s: SampleContext) => Promise<Record<string, unknown>> | Record<string, unknown>;
  /**
   * For tenant resources WITHOUT `create` (lists fed by other modules): insert one row of provider
   * `agentId` straight into the table and return its id, so the isolation suite can prove
   * provider B cannot list, get, update or delete it.
   */
  seed?: (s: SampleContext) => Promise<number>;
  /**
   * Also mount every endpoint under 直营 (`/saasDirect<path>`, platform operators with the
   * `direct…` permission), scoped to the reserved direct-run provider (http/direct-run.ts).
   */
  directRun?: boolean;
  /**
   * The export's row cap when lower than EXPORT_ROW_CAP (never higher): lets a test prove the
   * truncation with a handful of rows instead of a hundred thousand.
   */
  exportRowCap?: number;
}

export interface RegisteredResource {
  resource: AnyResource;
  table: string;
  options: ResourceOptions<AnyResource>;
}
