import fc from 'fast-check';

/** Stands for a `__proto__` key in a body: JSON.stringify cannot write one, the raw text can. */
export const PROTO_KEY = '__fuzz_proto_key__';

const cursor = (parts: unknown[]) => Buffer.from(JSON.stringify(parts)).toString('base64url');

/** A nested value `depth` levels deep, beyond what any schema of ours nests. */
const deep = (depth: number, leaf: unknown): unknown => {
  let v: unknown = leaf;
  for (let i = 0; i < depth; i += 1) v = i % 2 ? [v] : { a: v };
  return v;
};

/** Values no field expects: wrong types, nulls, extremes, sizes and shapes attackers try. */
export const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    null,
    true,
    0,
    -1,
    1.5,
    1e308,
    -1e308,
    2 ** 63,
    Number.MAX_SAFE_INTEGER + 2,
    2 ** 31,
    2 ** 40,
    -(2 ** 31) - 1,
    '',
    ' ',
    '0',
    '-1',
    'null',
    'NaN',
    '1e999',
    '9999999999999999999999',
    "' OR 1=1 --",
    '"; drop table admin; --',
    '%',
    '_',
    '\\',
    '\u0000',
    '😀'.repeat(50),
    '<script>alert(1)</script>',
    '2026-13-45T99:99:99Z',
    '0000-00-00',
    '../../etc/passwd',
    [],
    {},
    [null],
    { from: 'x', to: [] },
    { field: 'id', order: 'sideways' },
    { [PROTO_KEY]: { polluted: 1 } },
    { constructor: { prototype: { polluted: 1 } } },
  ),
  fc.integer({ min: 1_000, max: 200_000 }).map((n) => 'x'.repeat(n)),
  fc.integer({ min: 100, max: 1_500 }).map((n) => deep(n, 'leaf')),
  fc.jsonValue({ maxDepth: 3 }),
);

/**
 * A cursor a client never got from the server: right or wrong sort field and order, with a value
 * and id of any type. `sort` is the sort the request asks for (or the list's default).
 */
export function forgedCursor(
  sortFields: readonly string[],
  sort: { field: string; order: string },
): fc.Arbitrary<string> {
  const field = fc.oneof(fc.constant(sort.field), fc.constantFrom(...sortFields, 'id', 'nope', ''));
  const order = fc.oneof(fc.constant(sort.order), fc.constantFrom('ascend', 'descend', 'up'));
  const value = fc.oneof(
    fc.jsonValue({ maxDepth: 2 }),
    fc.constantFrom(2 ** 40, -(2 ** 62), 1e300, 'x'.repeat(150), '2026-01-01T00:00:00.000Z'),
  );
  const id = fc.oneof(fc.integer(), fc.constantFrom(2 ** 53 + 8, -1, 0, 1.5, 'x', null));
  return fc.oneof(
    fc.tuple(field, order, value, id).map(cursor),
    fc.jsonValue({ maxDepth: 2 }).map((v) => cursor(Array.isArray(v) ? v : [v])),
    fc.string({ maxLength: 60 }),
  );
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A well-formed value, or one with a nasty value at one of its keys (or a key it does not
 * know), or replaced whole. Lists get forged cursors in `after`.
 */
export function mutated(
  valid: fc.Arbitrary<unknown>,
  opts: { sortFields?: readonly string[]; defaultSort?: { field: string; order: string } } = {},
): fc.Arbitrary<unknown> {
  const atKey = fc.tuple(valid, fc.nat(), nastyValue, fc.boolean()).map(([v, pick, nasty, extraKey]) => {
    if (!isObj(v)) return nasty;
    const keys = Object.keys(v);
    const key = extraKey || keys.length === 0 ? PROTO_KEY : keys[pick % keys.length]!;
    return { ...v, [key]: nasty };
  });
  const arms: fc.Arbitrary<unknown>[] = [valid, valid, atKey, atKey, atKey, nastyValue];
  const { sortFields, defaultSort } = opts;
  if (sortFields) {
    // Mostly a cursor naming the request's own sort, so it gets past the field and order check.
    const withCursor = valid.chain((v) => {
      if (!isObj(v)) return fc.constant(v);
      const asked = isObj(v.sort) ? v.sort : {};
      const sort = {
        field: typeof asked.field === 'string' ? asked.field : (defaultSort?.field ?? 'id'),
        order: typeof asked.order === 'string' ? asked.order : (defaultSort?.order ?? 'descend'),
      };
      return forgedCursor(sortFields, sort).map((after) => ({ ...v, after }));
    });
    arms.push(withCursor, withCursor);
  }
  return fc.oneof(...arms);
}

/** The JSON text of a body, with PROTO_KEY written as `__proto__`. */
export function bodyText(value: unknown): string {
  return (JSON.stringify(value) ?? 'null').replaceAll(`"${PROTO_KEY}"`, '"__proto__"');
}

/** A query string from a value: scalars as text, arrays as repeated keys, objects as JSON. */
export function queryString(value: unknown): string {
  if (!isObj(value)) return `q=${encodeURIComponent(String(JSON.stringify(value)))}`;
  const parts: string[] = [];
  for (const [rawKey, v] of Object.entries(value)) {
    const key = rawKey === PROTO_KEY ? '__proto__' : rawKey;
    const values = Array.isArray(v) ? v : [v];
    for (const item of values) {
      const text = item === null ? '' : typeof item === 'object' ? bodyText(item) : String(item);
      parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(text.slice(0, 20_000))}`);
    }
  }
  return parts.join('&');
}
