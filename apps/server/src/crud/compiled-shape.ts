import { CompiledQuery } from 'kysely';
import type { DbRow, ResourceDb } from './types.js';

/**
 * A query compiled once with placeholder values and run again with real ones. On the list's hot
 * path building and compiling a Kysely query costs about as much as SQLite running it; the SQL
 * of a list page depends on the resource and on which filters are set, not on their values.
 * Each parameter of the compiled query is either the nth value (a placeholder came back there)
 * or a constant of the shape (a fixed condition's own value).
 */
export interface CompiledShape {
  sql: string;
  slots: ({ value: number } | { constant: unknown })[];
}

// Never real values: ids, providers and offsets are positive, and no input holds a NUL.
const FIRST_NUMBER = -7_300_000_001;
const STRING_MARK = '\u0000slot';

/** The placeholder standing for the nth value, of the same kind; undefined when there is none. */
function placeholder(n: number, like: unknown): number | string | undefined {
  if (typeof like === 'number') return FIRST_NUMBER - n;
  if (typeof like === 'string') return `${STRING_MARK}${n}\u0000`;
  return undefined;
}

/**
 * Compiles `build` once with a placeholder per value (numbers and strings only). Null when a
 * value has no placeholder, building fails, or the placeholders do not come back one for one:
 * a value that changes the SQL or is transformed before it is bound (a LIKE pattern, an id codec)
 * cannot be swapped in afterwards, so such a shape is built per request instead.
 */
export function compileShape(
  samples: readonly unknown[],
  build: (values: unknown[]) => CompiledQuery,
): CompiledShape | null {
  const placeholders = samples.map((v, n) => placeholder(n, v));
  if (placeholders.some((p) => p === undefined)) return null;
  let compiled: CompiledQuery;
  try {
    compiled = build(placeholders);
  } catch {
    return null;
  }
  const seen = new Array<number>(samples.length).fill(0);
  const slots = compiled.parameters.map((p) => {
    const n = placeholders.indexOf(p as number | string);
    if (n < 0) return { constant: p };
    seen[n] = (seen[n] ?? 0) + 1;
    return { value: n };
  });
  return seen.every((count) => count === 1) ? { sql: compiled.sql, slots } : null;
}

/** Runs a compiled shape with this request's values (in the order of the samples). */
export async function runShape(db: ResourceDb, shape: CompiledShape, values: readonly unknown[]): Promise<DbRow[]> {
  const parameters = shape.slots.map((s) => ('value' in s ? values[s.value] : s.constant));
  return (await db.executeQuery<DbRow>(CompiledQuery.raw(shape.sql, parameters))).rows;
}

/** Compiled shapes by key, null for shapes that are built per request; one cache per owner. */
export class ShapeCache<Owner extends object> {
  private readonly byOwner = new WeakMap<Owner, Map<string, CompiledShape | null>>();

  get(owner: Owner, key: string, compile: () => CompiledShape | null): CompiledShape | null {
    let shapes = this.byOwner.get(owner);
    if (!shapes) this.byOwner.set(owner, (shapes = new Map<string, CompiledShape | null>()));
    let shape = shapes.get(key);
    if (shape === undefined) {
      shape = compile();
      shapes.set(key, shape);
    }
    return shape;
  }
}
