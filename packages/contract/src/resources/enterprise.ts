import { z } from 'zod';
import { id, labelledEnum, phone } from '../common.js';
import { baseFields, defineResource, filter, tenantFields } from '../resource.js';

export const enterpriseStatus = labelledEnum({ 1: '正常', 0: '停用' });

/** 企业/商户: a business customer of a provider; owns one or more stores. */
export const enterpriseResource = defineResource({
  name: 'enterprise',
  prefix: '/enterprise',
  title: '企业',
  module: '企业管理',
  deleteEffect: {
    undo: 'permanent',
    dependents: '企业钱包及其流水一并删除，并从所在的公司分组中移除。',
    blockedBy: ['门店（含回收站）', '合同', '收款记录', '商户小程序'],
  },
  audience: 'any',
  tenant: 'agent',
  entity: z.object({
    ...baseFields,
    ...tenantFields,
    name: z.string().trim().min(2, '企业名称至少 2 个字').max(60, '企业名称最多 60 个字'),
    contactName: z.string().trim().max(20),
    contactPhone: z.union([phone, z.literal('')]),
    address: z.string().trim().max(120),
    status: enterpriseStatus,
    remark: z.string().trim().max(200),
    /** Maintained by store writes; read-only. */
    storeCount: z.number().int(),
    /** The provider's name, joined for display. */
    agentName: z.string(),
  }),
  writable: ['name', 'contactName', 'contactPhone', 'address', 'status', 'remark'],
  filters: {
    keyword: filter(z.string().trim().max(40), 'contains', { columns: ['name', 'contactName', 'contactPhone'] }),
    status: filter(enterpriseStatus, 'eq'),
    agentId: filter(id, 'eq'),
  },
  sortable: ['createdAt', 'name', 'storeCount'],
  defaultSort: { field: 'createdAt', order: 'descend' },
  actions: ['page', 'get', 'create', 'update', 'delete', 'export'],
  labels: {
    name: '企业名称',
    agentName: '所属服务商',
    contactName: '联系人',
    contactPhone: '联系电话',
    address: '地址',
    status: '状态',
    storeCount: '门店数',
    remark: '备注',
  },
  exportColumns: [
    'id',
    'name',
    'agentName',
    'contactName',
    'contactPhone',
    'address',
    'status',
    'storeCount',
    'createdAt',
  ],
});
export type Enterprise = z.infer<typeof enterpriseResource.entity>;
