import { z } from 'zod';
import { labelledEnum } from '../common.js';
import { baseFields, defineResource, filter } from '../resource.js';
import { parseIpBlock } from './ip-address.js';
import { enabledStatus, remark } from './money-fields.js';

export const ipRuleType = labelledEnum({ 1: '允许', 2: '禁止' });
/** Which sign-ins a rule applies to. */
export const ipRuleAppliesTo = labelledEnum({ 0: '全部账号', 1: '平台账号', 2: '服务商账号' });

/**
 * An allow or deny rule for console sign-in: one address or a CIDR block, IPv4 or IPv6. When any
 * enabled allow rule applies to an account, only matching addresses may sign in; deny always wins.
 */
export const ipRestrictionResource = defineResource({
  name: 'ipRestriction',
  prefix: '/ipRestriction',
  title: 'IP 限制',
  module: 'IP 限制',
  deleteEffect: { undo: 'permanent', dependents: '该规则立即不再限制登录。' },
  audience: 'platform',
  tenant: 'none',
  entity: z.object({
    ...baseFields,
    ruleType: ipRuleType,
    address: z
      .string()
      .trim()
      .max(64)
      .refine((s) => parseIpBlock(s) !== null, '请输入 IP 地址或网段，如 192.168.1.10、10.0.0.0/8、2001:db8::/32'),
    appliesTo: ipRuleAppliesTo,
    status: enabledStatus,
    remark,
  }),
  writable: ['ruleType', 'address', 'appliesTo', 'status', 'remark'],
  actions: ['page', 'get', 'create', 'update', 'delete', 'export'],
  labels: { ruleType: '规则类型', address: 'IP 地址/网段', appliesTo: '适用账号', status: '状态', remark: '备注' },
  exportColumns: ['address', 'ruleType', 'appliesTo', 'status', 'remark', 'createdAt', 'updatedAt'],
  filters: {
    keyword: filter(z.string().trim().max(64), 'contains', { columns: ['address', 'remark'] }),
    ruleType: filter(ipRuleType, 'eq'),
    appliesTo: filter(ipRuleAppliesTo, 'eq'),
    status: filter(enabledStatus, 'eq'),
  },
});
export type IpRestriction = z.infer<typeof ipRestrictionResource.entity>;
