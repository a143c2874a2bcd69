import { z } from 'zod';
import { id, ok } from '../common.js';
import { defineEndpoint } from '../endpoint.js';
import { baseFields, defineResource, filter } from '../resource.js';

/** 公司分组: a named set of enterprises, the target of app update pushes. */
export const companyGroupResource = defineResource({
  name: 'companyGroup',
  prefix: '/companyGroup',
  title: '公司分组',
  module: '安卓设备',
  deleteEffect: {
    undo: 'permanent',
    dependents: '分组中的企业不受影响。',
    blockedBy: ['应用推送记录'],
  },
  audience: 'platform',
  tenant: 'none',
  entity: z.object({
    ...baseFields,
    name: z.string().trim().min(1, '请输入分组名称').max(40),
    remark: z.string().trim().max(200),
    enterpriseCount: z.number().int(),
  }),
  writable: ['name', 'remark'],
  filters: { keyword: filter(z.string().trim().max(40), 'contains', { column: 'name' }) },
  sortable: ['createdAt', 'name'],
  defaultSort: { field: 'createdAt', order: 'descend' },
  actions: ['page', 'get', 'create', 'update', 'delete', 'export'],
  labels: { name: '分组名称', remark: '备注', enterpriseCount: '企业数' },
  exportColumns: ['name', 'enterpriseCount', 'remark', 'createdAt'],
});
export type CompanyGroup = z.infer<typeof companyGroupResource.entity>;

export const companyGroupEndpoints = {
  members: defineEndpoint({
    method: 'GET',
    path: '/companyGroup/members',
    access: { permission: 'companyGroup.get' },
    audience: 'platform',
    summary: '公司分组成员',
    module: '安卓设备',
    write: false,
    query: z.object({ id }),
    response: z.array(z.object({ id, name: z.string(), agentId: id, agentName: z.string() })),
  }),
  setMembers: defineEndpoint({
    method: 'POST',
    path: '/companyGroup/setMembers',
    access: { permission: 'companyGroup.update' },
    audience: 'platform',
    summary: '设置公司分组成员',
    module: '安卓设备',
    write: true,
    body: z.object({ id, enterpriseIds: z.array(id).max(2000, '一个分组最多 2000 个企业') }),
    response: ok,
  }),
} as const;
