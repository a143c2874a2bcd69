/**
 * The part of JSON Schema a platform parameter may declare: type (object, array, string, number,
 * integer, boolean), properties, required, items, enum, minimum, maximum, maxLength. Enough for
 * settings; anything else in a schema is ignored. Used by the server on every write and by the
 * console before it sends.
 */
export interface LiteSchema {
  type?: 'object' | 'array' | 'string' | 'number' | 'integer' | 'boolean';
  properties?: Record<string, LiteSchema>;
  required?: string[];
  items?: LiteSchema;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  maxLength?: number;
}

function typeOf(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  if (value === null) return 'null';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

const TYPE_NAMES: Record<string, string> = {
  object: '对象',
  array: '数组',
  string: '文本',
  number: '数字',
  integer: '整数',
  boolean: '布尔值',
};

/** The first place a value breaks the schema, as a Chinese message with its path; null when it fits. */
export function schemaViolation(schema: LiteSchema, value: unknown, path = '值'): string | null {
  const actual = typeOf(value);
  if (schema.type && !(schema.type === actual || (schema.type === 'number' && actual === 'integer'))) {
    return `${path} 应为${TYPE_NAMES[schema.type] ?? schema.type}`;
  }
  if (schema.enum && !schema.enum.some((v) => JSON.stringify(v) === JSON.stringify(value))) {
    return `${path} 只能是 ${schema.enum.map((v) => JSON.stringify(v)).join('、')} 之一`;
  }
  if (typeof value === 'number') {
    if (schema.minimum !== undefined && value < schema.minimum) return `${path} 不能小于 ${schema.minimum}`;
    if (schema.maximum !== undefined && value > schema.maximum) return `${path} 不能大于 ${schema.maximum}`;
  }
  if (typeof value === 'string' && schema.maxLength !== undefined && value.length > schema.maxLength) {
    return `${path} 最多 ${schema.maxLength} 个字符`;
  }
  if (actual === 'object') {
    const obj = value as Record<string, unknown>;
    for (const key of schema.required ?? []) if (!(key in obj)) return `${path} 缺少字段 ${key}`;
    for (const [key, sub] of Object.entries(schema.properties ?? {})) {
      if (key in obj) {
        const problem = schemaViolation(sub, obj[key], `${path}.${key}`);
        if (problem) return problem;
      }
    }
  }
  if (actual === 'array' && schema.items) {
    for (const [i, item] of (value as unknown[]).entries()) {
      const problem = schemaViolation(schema.items, item, `${path}[${i}]`);
      if (problem) return problem;
    }
  }
  return null;
}

/** Parses a declared schema; a message when it is not a JSON object. */
export function parseLiteSchema(text: string): LiteSchema | string {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed : 'Schema 须为 JSON 对象';
  } catch {
    return 'Schema 不是合法的 JSON';
  }
}
