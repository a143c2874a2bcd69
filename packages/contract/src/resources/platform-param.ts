import { z } from 'zod';
import { id, isoTime, labelledEnum } from '../common.js';
import { defineEndpoint } from '../endpoint.js';
import { compileJsonSchema, jsonSchemaViolation } from '../json-schema-check.js';
import { baseFields, defineResource, filter } from '../resource.js';
import { remark } from './money-fields.js';
import { parameterValueError, parameterValueType } from './parameter.js';

export const providerLevel = labelledEnum({ 0: '仅平台', 1: '服务商可设置' });
const JSON_TYPE = 4;

/** Why a value does not fit its parameter's type and (for JSON) its declared schema; null when it fits. */
export function paramValueProblem(valueType: number, value: string, jsonSchema: string): string | null {
  const typed = parameterValueError(valueType, value);
  if (typed || valueType !== JSON_TYPE || !jsonSchema.trim()) return typed;
  const schema = compileJsonSchema(jsonSchema);
  if (typeof schema === 'string') return schema;
  return jsonSchemaViolation(schema, JSON.parse(value));
}

/**
 * A typed platform parameter (参数管理), grouped; a JSON one is checked against the schema it
 * declares. Those declared provider-level are what each provider sets for itself in 参数设置.
 */
export const platformParamResource = defineResource({
  name: 'platformParam',
  prefix: '/platformParam',
  title: '平台参数',
  module: '参数管理',
  deleteEffect: { undo: 'permanent' },
  audience: 'platform',
  tenant: 'none',
  entity: z.object({
    ...baseFields,
    paramKey: z
      .string()
      .trim()
      .regex(/^[A-Za-z][A-Za-z0-9_.]{1,49}$/, '参数键以字母开头，只能包含字母、数字、下划线和点'),
    name: z.string().trim().min(2, '参数名称至少 2 个字').max(30, '参数名称最多 30 个字'),
    groupName: z.string().trim().min(2, '分组至少 2 个字').max(20, '分组最多 20 个字'),
    valueType: parameterValueType,
    paramValue: z.string().max(5000, '参数值最多 5000 个字符'),
    jsonSchema: z.string().max(5000, 'Schema 最多 5000 个字符'),
    providerLevel,
    remark,
  }),
  writable: ['paramKey', 'name', 'groupName', 'valueType', 'paramValue', 'jsonSchema', 'providerLevel', 'remark'],
  labels: {
    paramKey: '参数键',
    name: '参数名称',
    groupName: '分组',
    valueType: '类型',
    paramValue: '参数值',
    jsonSchema: 'JSON Schema',
    providerLevel: '级别',
  },
  filters: {
    keyword: filter(z.string().trim().max(50), 'contains', { columns: ['paramKey', 'name'] }),
    groupName: filter(z.string().trim().max(20), 'eq'),
    valueType: filter(parameterValueType, 'eq'),
    providerLevel: filter(providerLevel, 'eq'),
  },
  actions: ['page', 'get', 'create', 'update', 'delete', 'export'],
});
export type PlatformParam = z.infer<typeof platformParamResource.entity>;

export const paramChange = z.object({
  id,
  beforeValue: z.string(),
  afterValue: z.string(),
  operatorName: z.string(),
  createdAt: isoTime,
});
export type ParamChange = z.infer<typeof paramChange>;

/** A parameter's value changes, newest first. */
export const paramHistoryEndpoint = defineEndpoint({
  method: 'GET',
  path: '/platformParam/history',
  access: { permission: 'platformParam.get' },
  audience: 'platform',
  summary: '参数修改记录',
  module: '参数管理',
  write: false,
  query: z.object({ id }),
  response: z.array(paramChange),
});
