import fc from 'fast-check';
import { z } from 'zod';

/** The subset of JSON Schema that `z.toJSONSchema` produces for the contract's schemas. */
interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  default?: unknown;
}

/** The contract's wire id (common.ts `id`), as JSON Schema writes its pattern. */
const ID_PATTERN = '^[1-9]\\d{0,18}$';

/** Any JSON value, small: what an unknown or unrepresentable schema accepts. */
export const anyJson: fc.Arbitrary<unknown> = fc.jsonValue({ maxDepth: 2 });

/**
 * Values that the schema (mostly) accepts: the fuzz starts from well-formed input so that the
 * mutations reach past validation into the handlers. Refinements zod cannot express in JSON
 * Schema (a labelled enum's allowed values) are not honoured; that only means some cases stop
 * at validation.
 */
export function arbitraryOf(schema: z.ZodType): fc.Arbitrary<unknown> {
  let json: JsonSchema;
  try {
    json = z.toJSONSchema(schema, {
      io: 'input',
      unrepresentable: 'any',
      // A labelled enum is a number with a refinement JSON Schema cannot see: give its values.
      override: (ctx) => {
        const values = (ctx.zodSchema as { values?: unknown }).values;
        if (Array.isArray(values) && values.every((v) => typeof v === 'number')) ctx.jsonSchema.enum = values;
      },
    }) as JsonSchema;
  } catch {
    return anyJson;
  }
  return fromJson(json, json.$defs ?? {}, 0);
}

function fromJson(s: JsonSchema, defs: Record<string, JsonSchema>, depth: number): fc.Arbitrary<unknown> {
  if (depth > 6) return fc.constant(null);
  const next = (child: JsonSchema) => fromJson(child, defs, depth + 1);
  if (s.$ref) {
    const target = defs[s.$ref.replace(/^#\/\$defs\//, '')];
    return target ? fromJson(target, defs, depth + 1) : anyJson;
  }
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map(next));
  if (s.allOf?.length) return next(s.allOf[0]!);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'object':
      return objectOf(s, next);
    case 'array': {
      const item = s.items ? next(s.items) : anyJson;
      if (s.prefixItems) return fc.tuple(...s.prefixItems.map(next));
      return fc.array(item, { minLength: s.minItems ?? 0, maxLength: Math.min(s.maxItems ?? 5, 5) });
    }
    case 'string':
      return stringOf(s);
    case 'integer':
      return fc.integer({
        min: bound(s.minimum, -1_000, s.exclusiveMinimum, 1),
        max: bound(s.maximum, 100_000, s.exclusiveMaximum, -1),
      });
    case 'number':
      return fc.double({
        min: bound(s.minimum, -1_000, s.exclusiveMinimum, 1),
        max: bound(s.maximum, 100_000, s.exclusiveMaximum, -1),
        noNaN: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return anyJson;
  }
}

/** An inclusive bound kept to a small range, so ids and amounts look like real ones. */
function bound(value: number | undefined, fallback: number, exclusive: number | undefined, step: number): number {
  if (exclusive !== undefined) return exclusive + step;
  if (value === undefined) return fallback;
  return Math.max(-1_000_000_000, Math.min(1_000_000_000, value));
}

function objectOf(s: JsonSchema, next: (child: JsonSchema) => fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  const props = s.properties ?? {};
  const shape: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, child] of Object.entries(props)) shape[key] = next(child);
  const required = (s.required ?? []).filter((k) => k in shape);
  if (Object.keys(shape).length === 0) {
    return s.additionalProperties && typeof s.additionalProperties === 'object'
      ? fc.dictionary(fc.string({ maxLength: 8 }), next(s.additionalProperties), { maxKeys: 3 })
      : fc.constant({});
  }
  return fc.record(shape, { requiredKeys: required });
}

function stringOf(s: JsonSchema): fc.Arbitrary<unknown> {
  const maxLength = Math.min(s.maxLength ?? 30, 60);
  const minLength = Math.min(s.minLength ?? 0, maxLength);
  switch (s.format) {
    case 'date-time':
      return fc
        .date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })
        .map((d) => d.toISOString());
    case 'date':
      return fc
        .date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10));
    case 'email':
      return fc.emailAddress();
    case 'uri':
    case 'url':
      return fc.webUrl();
    default:
  }
  if (s.pattern === ID_PATTERN) {
    // Ids: mostly ones that exist (the demo data's), so updates and deletes reach their rules.
    return fc.oneof(fc.integer({ min: 1, max: 40 }).map(String), fc.stringMatching(/^[1-9]\d{0,18}$/));
  }
  if (s.pattern) {
    try {
      return fc.stringMatching(new RegExp(s.pattern)).filter((v) => v.length <= Math.max(maxLength, 1) * 4);
    } catch {
      // A pattern fast-check cannot generate from: plain strings then.
    }
  }
  return fc.string({ minLength, maxLength, unit: fc.constantFrom(...'ab张三1_ -.'.split('')) });
}
