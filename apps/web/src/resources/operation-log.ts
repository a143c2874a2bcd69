import {
  adminTypeLabels,
  agentOperationLogResource,
  agentResource,
  operationLogResource,
  saasAdminEndpoints,
  saasAdminResource,
} from '@console/contract';
import { defineWebResource } from '../components/resource/define-web-resource';
import { referenceTo } from '../components/resource/reference-select';

const adminTypeName = (value: unknown) =>
  typeof value === 'number' ? (adminTypeLabels.labels[value as 0 | 1 | 2] ?? String(value)) : '访客';

// One presentation of a log row for both logs: the platform's and a provider's own.
const logFields = {
  at: { label: '操作时间', width: 180 },
  operatorName: { label: '操作人', width: 180 },
  adminType: { label: '账号类型', render: adminTypeName },
  module: { label: '模块', width: 120 },
  action: { label: '操作', width: 160 },
  method: { label: '请求方法' },
  path: { label: '接口' },
  targetId: { label: '对象编号', width: 100 },
  // A failure is what an auditor looks for: red, not the default grey of 0.
  result: { label: '结果', width: 80, tagColors: { 0: 'red' } },
  errMsg: { label: '失败原因' },
  ip: { label: 'IP 地址', width: 140 },
  userAgent: { label: '浏览器' },
  durationMs: { label: '耗时（毫秒）', width: 110 },
  // 以服务商身份查看: the platform admin behind a provider's row, and the reason they gave.
  actingAdminId: { label: '代操作人编号' },
  actingAdminName: {
    label: '代操作人',
    width: 160,
    render: (value: unknown) => (typeof value === 'string' && value ? value : '—'),
  },
  viewAsReason: {
    label: '代操作原因',
    width: 180,
    render: (value: unknown) => (typeof value === 'string' && value ? value : '—'),
  },
} as const;
const logColumns = [
  'at',
  'operatorName',
  'actingAdminName',
  'module',
  'action',
  'targetId',
  'result',
  'viewAsReason',
  'ip',
  'durationMs',
] as const;
const logFilterLabels = {
  // The modules come from walking the whole contract (~50 KB gzip): loaded when the select opens.
  module: {
    label: '模块',
    choicesLoad: {
      key: 'loggedModules',
      values: () => import('../lib/contract-catalogue').then((m) => m.loggedModules),
    },
  },
  action: { label: '操作', placeholder: '如 修改IP 限制' },
  at: { label: '操作时间' },
};
const logDetail = [
  'at',
  'operatorName',
  'actingAdminName',
  'viewAsReason',
  'adminType',
  'ip',
  'userAgent',
  'module',
  'action',
  'method',
  'path',
  'targetId',
  'result',
  'errMsg',
  'durationMs',
] as const;

/**
 * 操作日志 of a provider (/agentLog/agentOperationLog): its own operators' writes only (the server
 * scopes it), with the same detail and field changes as the platform's log.
 */
export const agentOperationLogWeb = defineWebResource(agentOperationLogResource, {
  fields: logFields,
  columns: logColumns,
  search: ['module', 'action', 'result', 'at'],
  filterLabels: logFilterLabels,
  detail: logDetail,
  rowTitle: (row) => `${row.action}（${row.operatorName}）`,
});

/** 操作日志: every write of the console, read-only (the 操作日志 tab of /operationLog/operationLog). */
export const operationLogWeb = defineWebResource(operationLogResource, {
  fields: {
    ...logFields,
    // Platform accounts only: a provider's operators are found through their provider.
    operatorId: {
      label: '平台操作人',
      reference: { ...referenceTo(saasAdminResource, { label: 'name', search: 'name' }), get: saasAdminEndpoints.get },
    },
    // Picked by name in the search bar; the detail shows the provider's number, not its internal id.
    agentId: {
      label: '服务商编号',
      reference: { ...referenceTo(agentResource, { label: 'name', search: 'keyword' }), display: 'agentNo' },
    },
  },
  columns: logColumns,
  search: ['operatorId', 'agentId', 'module', 'action', 'result', 'at'],
  filterLabels: {
    ...logFilterLabels,
    operatorId: { label: '平台操作人', placeholder: '搜索姓名' },
    agentId: { label: '服务商', placeholder: '搜索服务商' },
  },
  detail: [...logDetail.slice(0, 3), 'agentId', ...logDetail.slice(3)],
  rowTitle: (row) => `${row.action}（${row.operatorName}）`,
});
