import {
  type AnyResource,
  type EndpointDef,
  type FilterDef,
  type UploadPurpose,
  type RegisterImport,
  permissionOf,
} from '@console/contract';
import type { ComponentType, ReactNode } from 'react';
import type { z } from 'zod';
import type { Confirmation } from './confirmation';
import { type EnumOption, type FieldKind, type FilterKind, filterKind, inputSchema, schemaFacts } from './field-schema';
import { MAX_PAGE_SIZE, PAGE_SIZES } from './page-sizes';
import type { LivePresence } from './live-presence';
import type { RowActionKey } from './list-key-map';
import type { ReferenceSource } from './reference-select';
import type { ChoiceLoader } from './remote-choice-select';

type EntityOf<R extends AnyResource> = z.infer<R['entity']>;
type FieldName<R extends AnyResource> = keyof EntityOf<R> & string;
/** An entity field, or a create-only input (a password or secret that no answer carries). */
type InputName<R extends AnyResource> = FieldName<R> | (keyof z.input<R['createSchema']> & string);

/** Presentation of one entity field; everything else comes from its schema. */
export interface FieldOverride<Row> {
  /** Default: the contract's label for the field (its `.describe()`, `labels`, or the base labels). */
  label?: string;
  kind?: FieldKind;
  width?: number;
  placeholder?: string;
  /** Shown under the form input. */
  help?: string;
  /** Value a new record's form starts with (wire form); enums default to their first option. */
  defaultValue?: unknown;
  /** Enum tag colours by value where the default (0 grey, 1 green, …) reads wrong. */
  tagColors?: Record<number, string>;
  /** Replaces the kind's cell rendering in the table and detail. */
  render?: (value: unknown, row: Row) => ReactNode;
  /** A reference field's records (`referenceTo(storeResource, {...})`): the form and search bar pick from them. */
  reference?: ReferenceSource;
  /**
   * A secret the server never answers (an AppSecret): typed into a password box, and when
   * editing it starts blank and may stay blank, which keeps the stored one.
   */
  writeOnly?: boolean;
  /** Shown and sent only when creating (a release's package and number, fixed once saved). */
  createOnly?: boolean;
  /** For the image and file kinds: what the upload is for (its types, size and permission) and what the field keeps. */
  upload?: { purpose: UploadPurpose; keep?: 'url' | 'key' };
  /**
   * The form control, where the kind's default is not enough (a choice that depends on the record
   * and on other fields of the form: a terminal's floor among its store's). Form.Item gives it
   * `id`, `value` and `onChange`; it reads other fields with `Form.useWatch`.
   */
  input?: ComponentType<FieldInputProps<Row>>;
}

/** What a field's own form control gets: the record being edited (null for a new one), and antd Form's value props. */
export interface FieldInputProps<Row> {
  record: Row | null;
  id?: string;
  value?: unknown;
  onChange?: (value: unknown) => void;
}

export interface RowAction<Row> {
  key: string;
  label: string;
  /** Permission code; the action is not shown without it. */
  permission: string;
  /**
   * Its endpoint only reads (`write: false`, e.g. a gateway's live 查询IP): a read-only 以服务商身份查看
   * leaves it enabled, since its server answers it. Say it from the endpoint: `reads: !endpoint.write`.
   */
  reads?: boolean;
  danger?: boolean;
  /** Rows the action applies to (e.g. 冻结 only for active records); default every row. */
  visible?: (row: Row) => boolean;
  /** A confirmation question (with what follows, where it says more); destructive actions must have one. */
  confirm?: (row: Row) => Confirmation;
  run: (row: Row) => Promise<unknown>;
  /** The key that runs it on the list's cursor row (still asking `confirm`), listed on the list's `?` sheet. */
  hotkey?: RowActionKey;
}

export interface BatchAction<Row> {
  key: string;
  label: string;
  permission: string;
  danger?: boolean;
  confirm?: (rows: Row[]) => Confirmation;
  run: (rows: Row[]) => Promise<unknown>;
}

/** A button above the table that acts on no row (生成一批, 分配给服务商); its dialog picks what it needs. */
export interface ToolbarAction {
  key: string;
  label: string;
  permission: string;
  /** Resolves after the change (the list then reloads); rejects when cancelled or refused. */
  run: () => Promise<unknown>;
}

export interface WebResourceOptions<R extends AnyResource> {
  fields: { [K in InputName<R>]?: FieldOverride<EntityOf<R>> };
  /** Table columns, in order. */
  columns: readonly FieldName<R>[];
  /** Search bar: the resource's filters in this order (default: all), with labels for keys that are not fields. */
  search?: readonly (keyof R['filters'] & string)[];
  filterLabels?: Partial<Record<keyof R['filters'] & string, FilterOverride>>;
  /** Form fields, in order (default: the resource's writable fields). */
  form?: readonly InputName<R>[];
  /** Detail drawer fields (default: columns, then created/updated times). */
  detail?: readonly FieldName<R>[];
  rowActions?: readonly RowAction<EntityOf<R>>[];
  /**
   * The row's most used operations by key ('view', 'edit', 'delete' or a row action's), shown first
   * in this order; the others follow as declared with 删除 last, and past three they go under 更多.
   */
  rowActionOrder?: readonly string[];
  batchActions?: readonly BatchAction<EntityOf<R>>[];
  toolbarActions?: readonly ToolbarAction[];
  /** Rows the 删除 action is offered for, when the server refuses some (an authorised mini-program); default all. */
  deletable?: (row: EntityOf<R>) => boolean;
  /** Rows the 编辑 action is offered for, when the server refuses some (only a rejected application); default all. */
  editable?: (row: EntityOf<R>) => boolean;
  /** The 编辑 action's name where it means more (修改并重新提交). */
  editLabel?: string;
  /** Title of a record in drawers and confirmations. */
  rowTitle: (row: EntityOf<R>) => string;
  /** Page sizes offered (default 10/20/30/50, the spec's), at most MAX_PAGE_SIZE (100). */
  pageSizes?: readonly number[];
  /** More of the record below the detail drawer's fields (what the list row leaves out: a request, a change table). */
  detailExtra?: ComponentType<{ record: EntityOf<R> }>;
  /** Custom endpoints standing in for derived ones (an account's create also takes its roles and password). */
  endpoints?: Partial<Record<RecordAction, EndpointDef>>;
  /** Replaces the generic create/edit drawer when the form is more than fields (a role's menu tree). */
  formDrawer?: ComponentType<FormDrawerProps<EntityOf<R>>>;
  /** Device rows that follow their devices going on and off line, patched in place (live-presence.ts). */
  livePresence?: { device: LivePresence['device']; online: FieldName<R>; seenAt?: FieldName<R> };
  /** The register's Excel/CSV import (`defineImport`): a 导入 button for operators with its permission. */
  importer?: RegisterImport;
  /** More toolbar buttons of the screen (a lookup, a print); `onDone` reloads the list. */
  toolbarExtra?: ComponentType<{ onDone: () => void }>;
  /** Width of the 操作 column where the default (the widest cell a row can show) is not right. */
  actionsWidth?: number;
}

/** The record endpoints of a screen besides its list. */
export type RecordAction = 'get' | 'create' | 'update' | 'delete';

/** What the list page gives its create/edit drawer, generic or a screen's own. */
export interface FormDrawerProps<Row> {
  web: WebResource<AnyResource, Row>;
  /** The record being edited, or null for a new one. Mount one drawer per opening (key it by record). */
  record: Row | null;
  onClose: () => void;
  onSaved: () => void;
}

/** A search-bar filter's label, and for a free-text filter a fixed list of values to choose from. */
export interface FilterOverride {
  /** Default: the label of the field of the same name. */
  label?: string;
  placeholder?: string;
  choices?: readonly string[];
  /** Records to pick from for a reference filter that is not a field of the row (an owner's enterprise). */
  reference?: ReferenceSource;
  /** For a free-text filter: a GET listing the values to choose from (the app versions in use). */
  choicesFrom?: EndpointDef;
  /**
   * Or values computed from code too large for the list's chunk (操作日志's modules walk the whole
   * contract): loaded when the dropdown first opens.
   */
  choicesLoad?: ChoiceLoader;
}

export interface WebField<Row> extends FieldOverride<Row> {
  name: string;
  label: string;
  kind: FieldKind;
  options?: EnumOption[];
  maxLength?: number;
  /** Several references at once (an id list such as roleIds). */
  multiple?: boolean;
  required: boolean;
  nullable: boolean;
  schema: z.ZodType;
}

export interface WebFilter {
  name: string;
  label: string;
  placeholder?: string;
  kind: FilterKind;
  options?: EnumOption[];
  choices?: readonly string[];
  /** Where a `choice` filter's values come from when the server lists them. */
  choicesFrom?: EndpointDef;
  choicesLoad?: ChoiceLoader;
  /** Where a reference filter's select finds its records (the field's own source). */
  reference?: ReferenceSource;
}

export interface WebResource<R extends AnyResource = AnyResource, Row = EntityOf<R>> {
  resource: R;
  fields: Record<string, WebField<Row>>;
  columns: WebField<Row>[];
  filters: WebFilter[];
  form: WebField<Row>[];
  detail: WebField<Row>[];
  rowActions: readonly RowAction<Row>[];
  rowActionOrder?: readonly string[];
  batchActions: readonly BatchAction<Row>[];
  toolbarActions: readonly ToolbarAction[];
  deletable?: (row: Row) => boolean;
  editable?: (row: Row) => boolean;
  editLabel?: string;
  rowTitle: (row: Row) => string;
  pageSizes: readonly number[];
  detailExtra?: ComponentType<{ record: Row }>;
  /** The endpoints the screen calls: the resource's derived ones unless the web resource names others. */
  endpoints: Partial<Record<RecordAction | 'page', EndpointDef>>;
  formDrawer?: ComponentType<FormDrawerProps<Row>>;
  livePresence?: LivePresence;
  importer?: RegisterImport;
  toolbarExtra?: ComponentType<{ onDone: () => void }>;
  actionsWidth?: number;
  can: (action: 'page' | 'create' | 'update' | 'delete' | 'get') => string | null;
}

const textKinds: readonly FieldKind[] = ['text', 'textarea', 'reference'];

/** Required when the schema refuses an empty input: a plain `z.string()` accepts '', so 备注 stays optional. */
function isRequired(schema: z.ZodType, kind: FieldKind, optional: boolean): boolean {
  if (optional) return false;
  return !schema.safeParse(textKinds.includes(kind) ? '' : undefined).success;
}

/** A field as the machinery shows and edits it: what its schema says, then the screen's overrides. */
export function webField<Row>(
  name: string,
  schema: z.ZodType,
  label: string,
  override?: FieldOverride<Row>,
): WebField<Row> {
  const facts = schemaFacts(schema);
  return {
    ...override,
    name,
    label,
    kind: override?.kind ?? facts.kind,
    options: facts.options,
    maxLength: facts.maxLength,
    multiple: facts.multiple,
    required: isRequired(schema, facts.kind, facts.optional || facts.nullable),
    nullable: facts.nullable,
    schema,
  };
}

/** A reference filter picks from its field's records when the web resource names them; otherwise it takes a typed id. */
function referenceFilter(def: FilterDef, source: ReferenceSource | undefined): Partial<WebFilter> {
  if (filterKind(def).kind !== 'reference') return {};
  return source ? { reference: source } : { kind: 'text' };
}

/**
 * Adds presentation to a contract resource (ARCHITECTURE.md "Declare each fact once", step 3):
 * which fields show where, their labels and overrides, and extra actions. Kinds, options, rules
 * and endpoints all come from the resource itself.
 */
export function defineWebResource<R extends AnyResource>(resource: R, options: WebResourceOptions<R>): WebResource<R> {
  type Row = EntityOf<R>;
  const fieldOf = (name: string): WebField<Row> => {
    const schema = inputSchema(resource, name);
    if (!schema) throw new Error(`${resource.name} 没有字段 ${name}`);
    const override = (options.fields as Record<string, FieldOverride<Row> | undefined>)[name];
    return webField(name, schema, override?.label ?? resource.labels[name] ?? schema.description ?? name, override);
  };
  const entityNames = Object.keys(resource.entity.shape);
  const fields = Object.fromEntries(entityNames.map((name) => [name, fieldOf(name)]));
  const pick = (names: readonly string[]) => names.map((name) => fields[name] ?? fieldOf(name));

  const filterNames = options.search ?? Object.keys(resource.filters);
  const filters = filterNames.map((name): WebFilter => {
    const def = resource.filters[name];
    if (!def) throw new Error(`${resource.name} 没有筛选项 ${name}`);
    const given = (options.filterLabels as Record<string, FilterOverride> | undefined)?.[name];
    return {
      name,
      label: given?.label ?? fields[name]?.label ?? name,
      placeholder: given?.placeholder,
      ...(given?.choices || given?.choicesFrom || given?.choicesLoad
        ? {
            kind: 'choice' as const,
            choices: given.choices,
            choicesFrom: given.choicesFrom,
            choicesLoad: given.choicesLoad,
          }
        : filterKind(def)),
      ...referenceFilter(def, given?.reference ?? fields[def.column ?? name]?.reference),
    };
  });

  const endpoints = { ...resource.endpoints, ...options.endpoints };
  const pageSizes = options.pageSizes ?? PAGE_SIZES;
  if (pageSizes.some((size) => size > MAX_PAGE_SIZE)) {
    throw new Error(`${resource.name} 的分页大小不能超过 ${MAX_PAGE_SIZE}（控制台的表格不做虚拟滚动）`);
  }

  return {
    resource,
    fields,
    columns: pick(options.columns),
    filters,
    form: pick(options.form ?? resource.writable),
    detail: pick(
      options.detail ?? [...new Set([...options.columns, 'createdAt', 'updatedAt'])].filter((n) => n in fields),
    ),
    rowActions: options.rowActions ?? [],
    rowActionOrder: options.rowActionOrder,
    batchActions: options.batchActions ?? [],
    toolbarActions: options.toolbarActions ?? [],
    deletable: options.deletable,
    editable: options.editable,
    editLabel: options.editLabel,
    rowTitle: options.rowTitle,
    pageSizes,
    detailExtra: options.detailExtra,
    endpoints,
    formDrawer: options.formDrawer,
    livePresence: options.livePresence,
    importer: options.importer,
    toolbarExtra: options.toolbarExtra,
    actionsWidth: options.actionsWidth,
    can: (action) => {
      const endpoint = endpoints[action];
      return endpoint ? permissionOf(endpoint.access) : null;
    },
  };
}
