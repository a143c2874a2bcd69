/**
 * `defineResource`: one declaration of a CRUD entity from which the wire schemas, the five
 * standard endpoints and their permissions are derived (ARCHITECTURE.md "Declare each fact once").
 * A plain resource, about forty lines:
 * ```ts
 * export const storeResource = defineResource({
 *   name: 'store',              // permission prefix: store.page, store.get, store.create …
 *   prefix: '/store',           // paths: /store/page (POST), /store/get (GET ?id=), /store/create …
 *   title: '门店', module: '门店管理', audience: 'any', tenant: 'agent',
 *   entity: z.object({
 *     ...baseFields,            // id, createdAt, updatedAt, version
 *     ...tenantFields,          // agentId (tenant resources only)
 *     name: z.string().trim().min(1).max(60),
 *     status: storeStatus,      // labelledEnum({1: '正常', 2: '停用'})
 *     storeName: z.string(),    // computed by a join on the server, never written
 *   }),
 *   writable: ['name', 'status'],        // create = pick(writable) (+ agentId for tenant),
 *                                        // update = partial(writable) + id + version
 *   createExtra: { password },           // create-only inputs that are not entity fields
 *   filters: {
 *     keyword: filter(z.string().max(40), 'contains', { columns: ['name', 'phone'] }),
 *     status: filter(storeStatus, 'eq'),
 *     createdAt: rangeFilter(isoTime),   // {from?, to?}
 *   },
 *   sortable: ['createdAt', 'name'],     // id is always sortable and always the tie-break
 *   defaultSort: { field: 'createdAt', order: 'descend' },
 *   actions: ['page', 'get', 'create', 'update', 'delete'],  // default: these five; 'export'
 *                                        // (POST /store/export, an .xlsx) is opted into
 *   labels: { status: '状态' },          // export headers where no .describe() gives one
 *   exportColumns: ['storeNo', 'name', 'status', 'createdAt'],  // default: every labelled field
 *   paths: { page: '/getPage' },         // irregular spec names
 *   methods: { delete: ['GET', 'POST'] },  // default already GET|POST for delete
 * });
 * export type Store = z.infer<typeof storeResource.entity>;
 * ```
 *
 * Wire conventions the server implements (apps/server/src/crud):
 * - page: POST body `{offset, size, after?, sort?: {field, order}, ...filters}` →
 *   `{total, totalCapped?, list, nextCursor}`; `sort.field` must be one of `sortable` (or id).
 * - get: GET `?id=`; delete: GET|POST `?id=` (the spec sends ids as params); create/update: POST body.
 * - Fields whose schema is the common `id` (optionally nullable/optional) are strings on the wire
 *   and integers in the database; the server converts them both ways.
 * - Filters: `eq` (column = v), `in` (column in v[]), `contains` (LIKE %v% on `column` or any of
 *   `columns`), `prefix` (LIKE v%), `gte`/`lte`, `range` ({from?, to?}, both inclusive), `custom`
 *   (the server registration supplies the condition). `column` defaults to the filter's key.
 *   Empty strings and empty arrays mean "no filter" (a cleared search box). A date-only `to`
 *   includes that whole day, also on time columns.
 * - Sortable fields must be NOT NULL columns: the keyset cursor compares (value, id) pairs.
 * - Nullable writable fields may be left out of create. A malformed id on get/update/delete
 *   answers 404001 like a missing record. A unique violation answers 409002 on the field, with
 *   the field's `.describe('编码')` as its label (编码已存在) when given.
 * - export: POST body = the page body without `offset`/`size`/`after`; answers an export task whose
 *   job writes an .xlsx of up to EXPORT_ROW_CAP rows (./export.ts), enums as their labels, amounts in 元, times in Beijing
 *   time; the operation log records it.
 * - `resourceEndpoint(resource, 'action', {...})` builds a custom endpoint in the same style.
 */
import { z } from 'zod';
import { id, isoTime, ok, pageOf, pageQuery } from './common.js';
import { type Audience, type EndpointDef, type HttpMethod, defineEndpoint } from './endpoint.js';
import { exportTask } from './export.js';
import type { DeleteEffect } from './delete-effect.js';
import type { FilterDef } from './resource-filters.js';
import { named, typeNameOf } from './schema-names.js';

export { resourceEndpoint } from './resource-endpoint.js';

export { type FilterDef, type FilterOp, filter, rangeFilter } from './resource-filters.js';
import { enabledStatus } from './resources/money-fields.js';

export const resourceActions = ['page', 'get', 'create', 'update', 'delete', 'export'] as const;
export type ResourceAction = (typeof resourceActions)[number];
/** What a resource offers unless it lists its actions: export is opted into (it needs field labels). */
const defaultActions: readonly ResourceAction[] = ['page', 'get', 'create', 'update', 'delete'];

/** Labels of the fields every resource row carries. */
export const baseFieldLabels: Readonly<Record<string, string>> = {
  id: '编号',
  createdAt: '创建时间',
  updatedAt: '更新时间',
};

/** Every resource row carries these; the server maintains them. */
export const baseFields = { id, createdAt: isoTime, updatedAt: isoTime, version: z.number().int() };
/** Tenant resources add the owning provider. */
export const tenantFields = { agentId: id };

type Shape = z.core.$ZodLooseShape;
type SortOrder = 'ascend' | 'descend';
type Empty = Record<never, never>;

export interface ResourceConfig<
  S extends Shape,
  T extends 'agent' | 'none',
  W extends keyof S & string,
  F extends Record<string, FilterDef>,
  CX extends Shape,
  UX extends Shape,
> {
  name: string;
  prefix: string;
  title: string;
  module: string;
  audience: Audience;
  tenant: T;
  entity: z.ZodObject<S>;
  writable?: readonly W[];
  createExtra?: CX;
  updateExtra?: UX;
  filters?: F;
  sortable?: readonly (keyof S & string)[];
  defaultSort?: { field: keyof S & string; order: SortOrder };
  actions?: readonly ResourceAction[];
  paths?: Partial<Record<ResourceAction, string>>;
  methods?: Partial<Record<ResourceAction, HttpMethod | readonly HttpMethod[]>>;
  /** Chinese summaries per action; defaults like 新增门店. Also the operation-log action. */
  summaries?: Partial<Record<ResourceAction, string>>;
  /**
   * Chinese field labels (export column headers) for fields whose schema carries no
   * `.describe()`; enums, ids and amounts cannot, since a described copy loses what marks them.
   */
  labels?: Partial<Record<keyof S & string, string>>;
  /** Columns of the export, in order (action `export`); default: every labelled field. */
  exportColumns?: readonly (keyof S & string)[];
  /**
   * What a delete does (the console's confirmation states it); every resource with a delete,
   * derived or custom, declares it (delete-effect.test.ts).
   */
  deleteEffect?: DeleteEffect;
}

/** Create takes the writable fields; nullable ones may be left out (stored as null or the column default). */
type CreateShape<S extends Shape, T, W extends keyof S, CX extends Shape> = {
  [K in W]: S[K] extends z.ZodNullable ? z.ZodOptional<S[K]> : S[K];
} & CX &
  (T extends 'agent' ? { agentId: z.ZodOptional<typeof id> } : Empty);
type UpdateShape<S extends Shape, W extends keyof S, UX extends Shape> = { [K in W]: z.ZodOptional<S[K]> } & {
  id: typeof recordId;
  version: z.ZodNumber;
} & UX;
type FilterShape<F extends Record<string, FilterDef>> = { [K in keyof F]: z.ZodOptional<F[K]['schema']> };
type ListShape<F extends Record<string, FilterDef>> = Omit<(typeof pageQuery)['shape'], 'sort'> &
  FilterShape<F> & { sort: z.ZodOptional<z.ZodObject<{ field: z.ZodEnum; order: z.ZodEnum }>> };
/** An export takes the list's filters and sort; it is not paged. */
type ExportShape<F extends Record<string, FilterDef>> = Omit<ListShape<F>, 'offset' | 'size' | 'after'>;

/**
 * What a create form leaves optional is optional on the wire too, with the value the form would
 * have sent: a text field that accepts '' (remark, an optional e-mail or address) defaults to '',
 * a `sort` that accepts 0 to 0, an `enabledStatus` to 1 (启用). Fields without such a neutral
 * value stay required. Resources get this from `defineResource`; custom create bodies built from
 * `entity.pick` call it themselves.
 */
export function withCreateDefaults<T extends z.ZodObject>(schema: T): T {
  const defaults: Record<string, z.ZodType> = {};
  for (const key of Object.keys(schema.shape)) {
    // A loose shape's values are typed any; every value of a zod object's shape is a schema.
    const field = schema.shape[key] as z.ZodType;
    if (field.safeParse(undefined).success) continue;
    if (field === enabledStatus) defaults[key] = field.default(1);
    else if (key === 'sort' && field.safeParse(0).success) defaults[key] = field.default(0);
    else if (field.safeParse('').success) defaults[key] = field.default('');
  }
  // Only defaults are added to fields the schema has: same keys, same outputs as T's.
  return schema.extend(defaults) as T;
}

/**
 * The id a get/update/delete addresses. Deliberately loose: a malformed id must answer like a
 * missing record (404001), not as a validation error that tells ids apart.
 */
export const recordId = z.string().trim().max(40);
const idQuery = z.object({ id: recordId });

export function defineResource<
  S extends Shape,
  T extends 'agent' | 'none',
  W extends keyof S & string = never,
  F extends Record<string, FilterDef> = Empty,
  CX extends Shape = Empty,
  UX extends Shape = Empty,
>(config: ResourceConfig<S, T, W, F, CX, UX>) {
  // Each derived schema is named for the OpenAPI document (`Store`, `StoreCreate`, …; schema-names.ts).
  const typeName = typeNameOf(config.name);
  const entity = named(config.entity, typeName);
  const writable = (config.writable ?? []).filter((k) => k !== 'agentId');
  const mask = Object.fromEntries(writable.map((k) => [k, true])) as Record<string, true>;
  const anyEntity: z.ZodObject = entity;
  const picked = anyEntity.pick(mask);
  const optionalNullables = Object.fromEntries(
    Object.entries(picked.shape)
      .filter(([, f]) => f instanceof z.ZodNullable)
      .map(([k, f]) => [k, (f as z.ZodType).optional()]),
  );
  // The derived schemas below are built from run-time key lists (writable, filters, sortable), so
  // their static shape is a loose record; each `as` states the shape those lists build, which the
  // compiler cannot follow through Object.fromEntries (resource.test.ts checks them).
  const createSchema = named(
    withCreateDefaults(picked.extend(optionalNullables))
      .extend(config.createExtra ?? {})
      .extend(config.tenant === 'agent' ? { agentId: id.optional() } : {}),
    `${typeName}Create`,
  ) as z.ZodObject<CreateShape<S, T, W, CX>>;
  const updateSchema = named(
    picked
      .partial()
      .extend({ id: recordId, version: z.number().int().min(1) })
      .extend(config.updateExtra ?? {}),
    `${typeName}Update`,
  ) as z.ZodObject<UpdateShape<S, W, UX>>;

  const filters = (config.filters ?? {}) as F;
  const filterShape = Object.fromEntries(Object.entries(filters).map(([k, f]) => [k, f.schema.optional()]));
  const sortable = [...new Set(['id', ...(config.sortable ?? [])])] as [string, ...string[]];
  const defaultSort = config.defaultSort ?? { field: 'id', order: 'descend' as SortOrder };
  const anyList = named(
    pageQuery.extend({
      ...filterShape,
      sort: z
        .object({ field: z.enum(sortable, { error: '不支持按该字段排序' }), order: z.enum(['ascend', 'descend']) })
        .optional(),
    }),
    `${typeName}Query`,
  );
  const listSchema = anyList as z.ZodObject<ListShape<F>>;
  const pageSchema = named(pageOf(entity), `${typeName}Page`);
  const exportSchema = named(
    anyList.omit({ offset: true, size: true, after: true }),
    `${typeName}ExportQuery`,
  ) as z.ZodObject<ExportShape<F>>;

  const actions = config.actions ?? defaultActions;
  const has = (a: ResourceAction) => actions.includes(a);
  const pathOf = (a: ResourceAction) => `${config.prefix}${config.paths?.[a] ?? `/${a}`}`;
  const verbs: Record<ResourceAction, string> = {
    page: '查询',
    get: '查看',
    create: '新增',
    update: '修改',
    delete: '删除',
    export: '导出',
  };
  const common = (a: ResourceAction) => ({
    path: pathOf(a),
    access: { permission: `${config.name}.${a}` },
    audience: config.audience,
    module: config.module,
    summary: config.summaries?.[a] ?? `${verbs[a]}${config.title}${a === 'page' || a === 'export' ? '列表' : ''}`,
  });
  const method = (a: ResourceAction, fallback: HttpMethod | readonly HttpMethod[]) => config.methods?.[a] ?? fallback;

  const endpoints = {
    page: has('page')
      ? defineEndpoint({
          ...common('page'),
          method: method('page', 'POST'),
          write: false,
          body: listSchema,
          response: pageSchema,
        })
      : undefined,
    get: has('get')
      ? defineEndpoint({
          ...common('get'),
          method: method('get', 'GET'),
          write: false,
          query: idQuery,
          response: entity,
        })
      : undefined,
    create: has('create')
      ? defineEndpoint({
          ...common('create'),
          method: method('create', 'POST'),
          write: true,
          body: createSchema,
          response: entity,
        })
      : undefined,
    update: has('update')
      ? defineEndpoint({
          ...common('update'),
          method: method('update', 'POST'),
          write: true,
          body: updateSchema,
          response: entity,
        })
      : undefined,
    delete: has('delete')
      ? defineEndpoint({
          ...common('delete'),
          method: method('delete', ['GET', 'POST']),
          write: true,
          query: idQuery,
          response: ok,
        })
      : undefined,
    export: has('export')
      ? defineEndpoint({
          ...common('export'),
          method: method('export', 'POST'),
          // Creates an export task (导出中心) that a background job fills; the request is audited with its filters.
          write: true,
          body: exportSchema,
          response: exportTask,
        })
      : undefined,
  };
  const labels = fieldLabels(entity, config.labels ?? {});
  const exportColumns = has('export') ? (config.exportColumns ?? Object.keys(labels)) : [];
  const unlabelled = exportColumns.filter((field) => !labels[field]);
  // A header reading `ruleType` would reach the operator's spreadsheet: refuse at load time.
  if (unlabelled.length) throw new Error(`${config.name}: export columns without a label: ${unlabelled.join(', ')}`);

  return {
    name: config.name,
    prefix: config.prefix,
    title: config.title,
    module: config.module,
    audience: config.audience,
    tenant: config.tenant,
    entity,
    createSchema,
    updateSchema,
    listSchema,
    pageSchema,
    exportSchema,
    filters,
    sortable,
    defaultSort: defaultSort,
    actions,
    writable: writable as readonly W[],
    labels,
    exportColumns,
    deleteEffect: config.deleteEffect,
    endpoints,
  };
}

/** Every entity field with a Chinese label: its `.describe()`, the config's `labels`, or a base label. */
function fieldLabels(entity: z.ZodObject, given: Record<string, string | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, schema] of Object.entries(entity.shape)) {
    const label = given[field] ?? (schema as z.ZodType).description ?? baseFieldLabels[field];
    if (label) out[field] = label;
  }
  return out;
}

/** What every `defineResource` returns, for code that handles any resource (server, web machinery). */
export interface AnyResource {
  name: string;
  prefix: string;
  title: string;
  module: string;
  audience: Audience;
  tenant: 'agent' | 'none';
  entity: z.ZodObject;
  createSchema: z.ZodObject;
  updateSchema: z.ZodObject;
  listSchema: z.ZodObject;
  pageSchema: z.ZodType;
  exportSchema: z.ZodObject;
  filters: Record<string, FilterDef>;
  sortable: readonly string[];
  defaultSort: { field: string; order: SortOrder };
  actions: readonly ResourceAction[];
  writable: readonly string[];
  /** Chinese label per labelled entity field. */
  labels: Readonly<Record<string, string>>;
  /** The export's columns, in order; empty without the export action. */
  exportColumns: readonly string[];
  /** What a delete does; see `ResourceConfig.deleteEffect`. */
  deleteEffect?: DeleteEffect;
  endpoints: Partial<Record<ResourceAction, EndpointDef | undefined>>;
}

/** True when a field's schema is the common wire `id` (possibly optional/nullable): converted to/from integers. */
export function isIdSchema(schema: unknown): boolean {
  let s = schema as z.ZodType | undefined;
  for (let i = 0; i < 5 && s; i += 1) {
    if (s === id) return true;
    if (s instanceof z.ZodOptional || s instanceof z.ZodNullable || s instanceof z.ZodDefault) {
      s = s.unwrap() as z.ZodType;
    } else if (s instanceof z.ZodArray) {
      s = s.element as z.ZodType;
    } else return false;
  }
  return false;
}

export type EntityOf<R extends { entity: z.ZodType }> = z.infer<R['entity']>;
export type CreateInputOf<R extends { createSchema: z.ZodType }> = z.input<R['createSchema']>;
export type UpdateInputOf<R extends { updateSchema: z.ZodType }> = z.input<R['updateSchema']>;
export type ListQueryOf<R extends { listSchema: z.ZodType }> = z.input<R['listSchema']>;
