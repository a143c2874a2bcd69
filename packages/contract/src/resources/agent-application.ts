import { z } from 'zod';
import { isoTime, labelledEnum } from '../common.js';
import { defineResource, filter, rangeFilter } from '../resource.js';
import { agentKind, agentResource } from './agent.js';

/** The statuses an application can be in on the review screen (a subset of agentStatus). */
export const agentApplicationStatus = labelledEnum({ 0: '待审核', 4: '已驳回' });

/**
 * 服务商审核: provider applications from the public /register page, pending (0) or rejected (4).
 * A view over the agent table with its own endpoints and permissions; the decision itself is
 * `agentEndpoints.examine`.
 */
export const agentApplicationResource = defineResource({
  name: 'agentApplication',
  prefix: '/agent',
  title: '入驻申请',
  module: '服务商审核',
  audience: 'platform',
  tenant: 'none',
  entity: agentResource.entity,
  actions: ['page', 'get', 'export'],
  paths: { page: '/applicationPage', get: '/applicationGet', export: '/applicationExport' },
  summaries: { page: '查询服务商入驻申请', get: '查看服务商入驻申请', export: '导出服务商入驻申请' },
  filters: {
    keyword: filter(z.string().trim().max(60), 'contains', { columns: ['name', 'agentNo', 'contactPhone'] }),
    status: filter(agentApplicationStatus, 'eq'),
    kind: filter(agentKind, 'eq'),
    createdAt: rangeFilter(isoTime.or(z.iso.date())),
  },
  sortable: ['createdAt', 'name', 'reviewedAt'],
  defaultSort: { field: 'createdAt', order: 'ascend' },
  labels: {
    kind: '类型',
    contactName: '联系人',
    contactPhone: '联系电话',
    region: '所在地区',
    address: '详细地址',
    level: '级别',
    status: '状态',
    remark: '申请说明',
    reviewedAt: '审核时间',
    rejectReason: '驳回原因',
  },
  exportColumns: [
    'agentNo',
    'name',
    'kind',
    'contactName',
    'contactPhone',
    'region',
    'address',
    'status',
    'remark',
    'createdAt',
    'reviewedAt',
    'rejectReason',
  ],
});
