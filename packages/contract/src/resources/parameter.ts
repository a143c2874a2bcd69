import { z } from 'zod';
import { labelledEnum } from '../common.js';
import { baseFields, defineResource, filter, tenantFields } from '../resource.js';
import { remark } from './money-fields.js';

export const parameterValueType = labelledEnum({ 1: '文本', 2: '数字', 3: '开关', 4: 'JSON' });

/** Whether a value reads as its declared type; the server checks this on every write. */
export function parameterValueError(valueType: number, value: string): string | null {
  if (valueType === 2) return /^-?\d+(\.\d+)?$/.test(value) ? null : '请输入数字';
  if (valueType === 3) return value === '0' || value === '1' ? null : '开关的值为 0 或 1';
  if (valueType === 4) {
    try {
      JSON.parse(value);
      return null;
    } catch {
      return '请输入合法的 JSON';
    }
  }
  return null;
}

/** A provider's business parameter (参数管理), e.g. the minutes before an unpaid locker alarms. */
export const parameterResource = defineResource({
  name: 'parameter',
  prefix: '/parameter',
  title: '参数',
  module: '参数管理',
  deleteEffect: { undo: 'permanent' },
  // Provider operators only: the platform works these through the 直营 twins (/saasDirect…, direct* permissions).
  audience: 'agent',
  tenant: 'agent',
  entity: z.object({
    ...baseFields,
    ...tenantFields,
    paramKey: z
      .string()
      .trim()
      .regex(/^[A-Za-z][A-Za-z0-9_.]{1,49}$/, '参数键以字母开头，只能包含字母、数字、下划线和点'),
    name: z.string().trim().min(2, '参数名称至少 2 个字').max(30, '参数名称最多 30 个字'),
    paramValue: z.string().max(2000, '参数值最多 2000 个字符'),
    valueType: parameterValueType,
    remark,
  }),
  writable: ['paramKey', 'name', 'paramValue', 'valueType', 'remark'],
  labels: {
    paramKey: '参数键',
    name: '参数名称',
    paramValue: '参数值',
    valueType: '类型',
  },
  filters: {
    keyword: filter(z.string().trim().max(50), 'contains', { columns: ['paramKey', 'name'] }),
    valueType: filter(parameterValueType, 'eq'),
  },
  sortable: ['paramKey'],
});
export type Parameter = z.infer<typeof parameterResource.entity>;
