import { z } from 'zod';
import { id, isoTime, labelledEnum } from '../common.js';
import { defineResource, filter, rangeFilter, recordId, resourceEndpoint } from '../resource.js';

export const operationResult = labelledEnum({ 1: '成功', 0: '失败' });

// The list row leaves out the request and the changes (large text); the detail adds them.
const logRow = {
  id,
  operatorId: id.nullable(),
  operatorName: z.string(),
  adminType: z.number().int().nullable(),
  module: z.string(),
  action: z.string(),
  method: z.string(),
  path: z.string(),
  targetId: z.string().nullable(),
  result: operationResult,
  errMsg: z.string(),
  ip: z.string(),
  userAgent: z.string(),
  durationMs: z.number().int(),
  at: isoTime,
  // 以服务商身份查看 (issue 31): the platform admin behind a provider's row, and their stated reason.
  actingAdminId: id.nullable(),
  actingAdminName: z.string().nullable(),
  viewAsReason: z.string().nullable(),
};

const logFilters = {
  operatorId: filter(id, 'eq'),
  module: filter(z.string().trim().max(40), 'eq'),
  action: filter(z.string().trim().max(60), 'contains'),
  result: filter(operationResult, 'eq'),
  at: rangeFilter(isoTime.or(z.iso.date())),
};

/** Every write of the console, platform-wide (操作日志). Written by the endpoint machinery, read only here. */
export const operationLogResource = defineResource({
  name: 'operationLog',
  prefix: '/operationLog',
  title: '操作日志',
  module: '操作日志',
  audience: 'platform',
  tenant: 'none',
  entity: z.object({ ...logRow, agentId: id.nullable() }),
  filters: { ...logFilters, agentId: filter(id, 'eq') },
  sortable: ['at'],
  defaultSort: { field: 'at', order: 'descend' },
  actions: ['page'],
});
export type OperationLog = z.infer<typeof operationLogResource.entity>;

/** A provider's own operators' writes (/agentLog/agentOperationLog), scoped to the provider on the server. */
export const agentOperationLogResource = defineResource({
  name: 'agentOperationLog',
  prefix: '/agentOperationLog',
  title: '操作日志',
  module: '操作日志',
  audience: 'agent',
  tenant: 'agent',
  entity: z.object({ ...logRow, agentId: id }),
  filters: logFilters,
  sortable: ['at'],
  defaultSort: { field: 'at', order: 'descend' },
  actions: ['page'],
});

export const fieldChange = z.object({ field: z.string(), before: z.unknown(), after: z.unknown() });
export const operationLogDetail = operationLogResource.entity.extend({
  /** The request with secrets removed. */
  params: z.unknown(),
  changes: z.array(fieldChange),
});
export type OperationLogDetail = z.infer<typeof operationLogDetail>;

export const operationLogEndpoints = {
  get: resourceEndpoint(operationLogResource, 'get', {
    method: 'GET',
    permission: 'operationLog.page',
    write: false,
    summary: '查看操作日志详情',
    query: z.object({ id: recordId }),
    response: operationLogDetail,
  }),
  agentGet: resourceEndpoint(agentOperationLogResource, 'get', {
    method: 'GET',
    permission: 'agentOperationLog.page',
    write: false,
    summary: '查看操作日志详情',
    query: z.object({ id: recordId }),
    response: operationLogDetail,
  }),
};
