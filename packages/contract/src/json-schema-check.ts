import { z } from 'zod';

/**
 * A platform parameter's declared JSON Schema, checked with zod's own JSON Schema reader (the
 * contract depends on zod alone). The server checks every write with it; the messages are the
 * operator's: Chinese, with the path into the value (值.channels[0]). zod compares `enum` members
 * as literals, so an enum of objects or arrays matches nothing; the parameters' enums are scalars.
 */

const TYPE_NAMES: Record<string, string> = {
  object: '对象',
  array: '数组',
  string: '文本',
  number: '数字',
  int: '整数',
  integer: '整数',
  boolean: '布尔值',
  null: '空值',
};

type Issue = z.core.$ZodIssue;
type Key = PropertyKey;

function pathText(path: readonly Key[]): string {
  return path.reduce<string>(
    (text, key) => (typeof key === 'number' ? `${text}[${key}]` : `${text}.${String(key)}`),
    '值',
  );
}

/** Whether the value has something at this path (a missing required field has not). */
function present(value: unknown, path: readonly Key[]): boolean {
  let here: unknown = value;
  for (const key of path) {
    if (here === null || typeof here !== 'object' || !Object.hasOwn(here, key)) return false;
    here = (here as Record<Key, unknown>)[key];
  }
  return true;
}

function choices(values: readonly unknown[]): string {
  return `只能是 ${values.map((v) => JSON.stringify(v)).join('、')} 之一`;
}

/** An `enum` of mixed types reads as a union of literals; said as the one list it was written as. */
function unionOfValues(issue: Issue): unknown[] | null {
  if (issue.code !== 'invalid_union') return null;
  const values: unknown[] = [];
  for (const branch of issue.errors) {
    const [only] = branch;
    if (branch.length !== 1 || only?.code !== 'invalid_value' || only.path.length) return null;
    values.push(...only.values);
  }
  return values;
}

function issueText(issue: Issue, value: unknown): string {
  const path = pathText(issue.path);
  switch (issue.code) {
    case 'invalid_type':
      if (issue.path.length && !present(value, issue.path)) {
        return `${pathText(issue.path.slice(0, -1))} 缺少字段 ${String(issue.path.at(-1))}`;
      }
      return `${path} 应为${TYPE_NAMES[issue.expected] ?? issue.expected}`;
    case 'invalid_value':
      return `${path} ${choices(issue.values)}`;
    case 'too_big':
      if (issue.origin === 'string') return `${path} 最多 ${issue.maximum} 个字符`;
      if (issue.origin === 'array') return `${path} 最多 ${issue.maximum} 项`;
      return `${path} 不能大于 ${issue.maximum}`;
    case 'too_small':
      if (issue.origin === 'string') return `${path} 至少 ${issue.minimum} 个字符`;
      if (issue.origin === 'array') return `${path} 至少 ${issue.minimum} 项`;
      return `${path} 不能小于 ${issue.minimum}`;
    case 'invalid_format':
      return `${path} 格式不符合要求`;
    default: {
      const values = unionOfValues(issue);
      return values ? `${path} ${choices(values)}` : `${path} 不符合 Schema`;
    }
  }
}

/** A JSON object is what zod reads as a schema; its keywords are zod's to judge. */
function isSchemaObject(value: unknown): value is z.core.JSONSchema.JSONSchema {
  return !!value && typeof value === 'object' && !Array.isArray(value);
}

/** Reads a declared schema; a message (starting with "Schema") when it is not one zod can check with. */
export function compileJsonSchema(text: string): z.ZodType | string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return 'Schema 不是合法的 JSON';
  }
  if (!isSchemaObject(parsed)) return 'Schema 须为 JSON 对象';
  try {
    return z.fromJSONSchema(parsed);
  } catch {
    // zod refuses what it cannot check (an unknown type, a broken $ref or pattern): say so at write time.
    return 'Schema 含有无法识别的写法';
  }
}

/** The first place a value breaks the schema, as a Chinese message with its path; null when it fits. */
export function jsonSchemaViolation(schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  const first = result.error?.issues[0];
  return first ? issueText(first, value) : null;
}
