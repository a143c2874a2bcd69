import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { fen, id, isoTime, labelledEnum } from '../common.js';
import { baseFields, defineResource, filter, rangeFilter, tenantFields } from '../resource.js';
import { displayName } from './money-fields.js';

export const recyclingStatus = labelledEnum({ 0: '待处理', 1: '已回收', 2: '已驳回' });

/**
 * Taking back a store's unused SMS quota (短信回收), e.g. when it closes; the refund goes to the
 * provider. The store decides the provider: `agentId` follows the store on create.
 */
export const smsRecyclingResource = defineResource({
  name: 'smsRecycling',
  prefix: '/smsRecycling',
  title: '短信回收',
  module: '短信管理',
  deleteEffect: { undo: 'permanent', refusedWhen: '已回收的记录不能删除。' },
  audience: 'platform',
  tenant: 'agent',
  entity: z.object({
    ...baseFields,
    ...tenantFields,
    storeId: id,
    storeName: displayName,
    agentName: displayName,
    quantity: z.number().int().min(1, '回收条数需大于 0').max(10_000_000),
    refundAmount: fen,
    reason: z.string().trim().min(2, '请填写回收原因').max(200),
    status: recyclingStatus,
    handledAt: isoTime.nullable(),
    handlerName: z.string(),
  }),
  writable: ['storeId', 'quantity', 'refundAmount', 'reason'],
  labels: {
    storeId: '门店',
    quantity: '回收条数',
    refundAmount: '退款金额',
    reason: '回收原因',
    agentName: '服务商',
    storeName: '门店',
    status: '状态',
    handledAt: '处理时间',
    handlerName: '处理人',
  },
  exportColumns: [
    'agentName',
    'storeName',
    'quantity',
    'refundAmount',
    'reason',
    'status',
    'handledAt',
    'handlerName',
    'createdAt',
  ],
  filters: {
    status: filter(recyclingStatus, 'eq'),
    agentId: filter(id, 'eq'),
    storeId: filter(id, 'eq'),
    createdAt: rangeFilter(isoTime),
  },
  sortable: ['quantity'],
  actions: ['page', 'get', 'create', 'delete', 'export'],
});
export type SmsRecycling = z.infer<typeof smsRecyclingResource.entity>;

export const handleRecyclingEndpoint = defineEndpoint({
  method: 'POST',
  path: '/smsRecycling/handle',
  access: { permission: 'smsRecycling.handle' },
  audience: 'platform',
  summary: '处理短信回收',
  module: '短信管理',
  write: true,
  body: z.object({ id, version: z.number().int().min(1), approve: z.boolean() }),
  response: smsRecyclingResource.entity,
});
