import { type AnyResource, type FilterDef, isIdSchema, isMoney, isoDate, isoTime } from '@console/contract';
import { z } from 'zod';

// Client rules run the contract's own schemas; their built-in messages must read in Chinese too.
z.config(z.locales.zhCN());

/** How a value is shown and edited; each kind is rendered once, in field-kinds.tsx. */
export type FieldKind =
  | 'text'
  | 'textarea'
  | 'number'
  | 'enum'
  | 'money'
  | 'date'
  | 'datetime'
  | 'switch'
  | 'reference'
  /** A date or time something runs out at: coloured by how near it is (expiry.tsx). Chosen by override. */
  | 'expiry'
  /** A list of short texts (an edition's features): typed as tags, shown as tags. */
  | 'tags'
  /** HTML written in the rich-text editor (sanitised by the server). Chosen by override. */
  | 'richtext'
  /** A stored file's URL or key, uploaded in the form (`upload` override names the purpose); images preview. */
  | 'image'
  | 'file'

  /** 省/市/区 stored as names joined by "/", picked in a cascader. Chosen by override. */
  | 'region';

export interface EnumOption {
  value: number;
  label: string;
}

/** The parts of a field's zod schema that presentation needs. */
export interface SchemaFacts {
  kind: FieldKind;
  /** The schema with optional/nullable/default wrappers removed. */
  inner: z.ZodType;
  optional: boolean;
  nullable: boolean;
  options?: EnumOption[];
  maxLength?: number;
  /** A list of references (roleIds): chosen several at once. */
  multiple: boolean;
}

// Long free text gets a text area; short names and codes a single line.
const TEXTAREA_FROM = 120;

function enumOptions(schema: unknown): EnumOption[] | undefined {
  const options = (schema as { options?: unknown }).options;
  if (!Array.isArray(options) || !('labels' in (schema as object))) return undefined;
  return options as EnumOption[];
}

/** Reads a field's kind, optionality and limits from its zod schema, so nothing is typed twice. */
export function schemaFacts(schema: z.ZodType): SchemaFacts {
  let inner = schema;
  let optional = false;
  let nullable = false;
  const isReference = isIdSchema(schema);
  for (let i = 0; i < 5; i += 1) {
    if (inner instanceof z.ZodOptional || inner instanceof z.ZodDefault) optional = true;
    else if (inner instanceof z.ZodNullable) nullable = true;
    else break;
    inner = inner.unwrap() as z.ZodType;
  }
  const options = enumOptions(inner);
  const maxLength = inner instanceof z.ZodString ? (inner.maxLength ?? undefined) : undefined;
  const kind: FieldKind = isReference
    ? 'reference'
    : options
      ? 'enum'
      : isMoney(inner)
        ? 'money'
        : inner === isoDate || inner instanceof z.ZodISODate
          ? 'date'
          : inner === isoTime || inner instanceof z.ZodISODateTime
            ? 'datetime'
            : inner instanceof z.ZodBoolean
              ? 'switch'
              : inner instanceof z.ZodNumber
                ? 'number'
                : inner instanceof z.ZodArray && !isReference
                  ? 'tags'
                  : maxLength !== undefined && maxLength >= TEXTAREA_FROM
                    ? 'textarea'
                    : 'text';
  return { kind, inner, optional, nullable, options, maxLength, multiple: isReference && inner instanceof z.ZodArray };
}

/**
 * How a search-bar filter is entered, from its declaration in the contract; `choice` is a text
 * filter the web resource gives a fixed list of values (see FilterOverride.choices).
 */
export type FilterKind = 'text' | 'number' | 'select' | 'choice' | 'dateRange' | 'datetimeRange' | 'reference';

export function filterKind(def: FilterDef): { kind: FilterKind; options?: EnumOption[] } {
  if (def.op === 'range' && def.schema instanceof z.ZodObject) {
    const from = (def.schema.shape as Record<string, z.ZodType>).from;
    const facts = from ? schemaFacts(from) : undefined;
    return { kind: facts?.kind === 'date' ? 'dateRange' : 'datetimeRange' };
  }
  const facts = schemaFacts(def.schema);
  if (facts.options) return { kind: 'select', options: facts.options };
  if (facts.kind === 'reference') return { kind: 'reference' };
  return { kind: facts.kind === 'number' || facts.kind === 'money' ? 'number' : 'text' };
}

/** The create schema's field when there is one (it carries the create rules), else the entity's. */
export function inputSchema(resource: AnyResource, name: string): z.ZodType | undefined {
  const create = resource.createSchema.shape as Record<string, z.ZodType>;
  const entity = resource.entity.shape as Record<string, z.ZodType>;
  return create[name] ?? entity[name];
}

/** The first message zod gives for a value, or null when the value passes. */
export function schemaMessage(schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? '格式不正确');
}
