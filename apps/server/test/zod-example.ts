import type { z } from 'zod';

/**
 * A small valid value for a zod schema: required object keys only, the first enum member, the
 * first of a few typical strings and numbers that the schema accepts. The route sweep needs an
 * input that passes validation, or its refusals would be validation errors that prove nothing;
 * callers check the result with `safeParse` and report a route whose input could not be built.
 */
export function exampleOf(schema: z.ZodType, key = ''): unknown {
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;
  const inner = (name: string) => def[name] as z.ZodType;
  switch (def.type) {
    case 'optional':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return exampleOf(inner('innerType'), key);
    case 'nullable':
      return exampleOf(inner('innerType'), key);
    case 'pipe':
      return exampleOf(inner('in'), key);
    case 'lazy':
      return exampleOf((def.getter as () => z.ZodType)(), key);
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>;
      const out: Record<string, unknown> = {};
      for (const [k, field] of Object.entries(shape)) {
        if (field.safeParse(undefined).success) continue;
        out[k] = exampleOf(field, k);
      }
      return out;
    }
    case 'array': {
      const min = minOf(def.checks, 'min_length') ?? 0;
      return Array.from({ length: min }, () => exampleOf(inner('element'), key));
    }
    case 'enum':
      return Object.values(def.entries as Record<string, unknown>)[0];
    case 'literal':
      return (def.values as unknown[])[0];
    case 'union':
      return exampleOf((def.options as z.ZodType[])[0] as z.ZodType, key);
    case 'boolean':
      return true;
    case 'number':
    case 'int':
    case 'bigint':
      return [1, 0, 10, 100, 10_000].find((n) => schema.safeParse(n).success) ?? 1;
    case 'string':
      return stringCandidates(key).find((s) => schema.safeParse(s).success) ?? 'a';
    case 'record':
      return {};
    default:
      return undefined;
  }
}

function minOf(checks: unknown, kind: string): number | undefined {
  for (const check of (checks as { _zod: { def: Record<string, unknown> } }[] | undefined) ?? []) {
    const d = check._zod.def;
    if (d.check === kind && typeof d.minimum === 'number') return d.minimum;
  }
  return undefined;
}

const stringCandidates = (key: string): string[] => [
  ...(/phone|mobile/i.test(key) ? ['13800000000'] : []),
  ...(/mail/i.test(key) ? ['sweep@example.com'] : []),
  '样例内容',
  'sample',
  '13800000000',
  '1',
  '2026-01-01',
  '2026-01-01T00:00:00.000Z',
  'sweep@example.com',
  'https://example.com/a.png',
  '192.168.0.1',
  'Abcdef@2026',
];
