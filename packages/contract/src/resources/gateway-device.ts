import { z } from 'zod';
import { id, idParam, isoTime, labelledEnum, ok } from '../common.js';
import { defineEndpoint } from '../endpoint.js';
import { baseFields, defineResource, filter } from '../resource.js';

export const communicationStatus = labelledEnum({ 1: '在线', 0: '离线' });

const gatewayEntity = z.object({
  ...baseFields,
  deviceName: z.string(),
  agentId: id.nullable(),
  storeId: id.nullable(),
  ip: z.string(),
  firmwareVersion: z.string(),
  communicationStatus,
  lastSeenAt: isoTime.nullable(),
  boundAt: isoTime.nullable(),
  deviceCode: z.string(),
  restarting: z.number().int(),
  /** The last restart's outcome once the device answered: true back on line, false failed. */
  restartOk: z.boolean().nullable(),
  restartMessage: z.string(),
  remark: z.string(),
  storeName: z.string().nullable(),
  agentName: z.string().nullable(),
  banned: z.boolean(),
});

/** Column headers of the export and labels of the console's columns, shared by both views. */
const gatewayLabels = {
  deviceName: '设备号',
  communicationStatus: '通讯状态',
  storeName: '门店',
  agentName: '服务商',
  ip: 'IP 地址',
  firmwareVersion: '固件版本',
  deviceCode: '设备码',
  lastSeenAt: '最后通讯',
  boundAt: '绑定时间',
  restarting: '重启中',
  restartOk: '最近重启结果',
  restartMessage: '最近重启说明',
  banned: '黑名单',
  remark: '备注',
  agentId: '服务商',
  storeId: '门店',
};
const exportColumns = [
  'deviceName',
  'communicationStatus',
  'agentName',
  'storeName',
  'ip',
  'firmwareVersion',
  'deviceCode',
  'lastSeenAt',
  'boundAt',
  'createdAt',
] as const;

const gatewayFilters = {
  keyword: filter(z.string().trim().max(40), 'contains', { columns: ['deviceName', 'ip'] }),
  communicationStatus: filter(communicationStatus, 'eq'),
  firmwareVersion: filter(z.string().max(40), 'eq'),
  storeId: filter(id, 'eq'),
};

/** 网关设备 (ZKB), platform view: POST /device/deviceList. */
export const gatewayDeviceResource = defineResource({
  name: 'gatewayDevice',
  prefix: '/device',
  title: '网关设备',
  module: '网关设备',
  audience: 'platform',
  tenant: 'none',
  entity: gatewayEntity,
  filters: { ...gatewayFilters, agentId: filter(id, 'eq') },
  sortable: ['createdAt', 'lastSeenAt', 'deviceName'],
  defaultSort: { field: 'createdAt', order: 'descend' },
  actions: ['page', 'get', 'export'],
  labels: gatewayLabels,
  exportColumns,
  paths: { page: '/deviceList', get: '/getDevice' },
});

/** 网关设备, a provider's own gateways: POST /ZKBManager/deviceList. */
export const agentGatewayResource = defineResource({
  name: 'agentGateway',
  prefix: '/ZKBManager',
  title: '网关设备',
  module: '网关设备',
  audience: 'agent',
  tenant: 'agent',
  entity: gatewayEntity,
  filters: gatewayFilters,
  sortable: ['createdAt', 'lastSeenAt', 'deviceName'],
  defaultSort: { field: 'createdAt', order: 'descend' },
  actions: ['page', 'get', 'export'],
  labels: gatewayLabels,
  exportColumns: exportColumns.filter((c) => c !== 'agentName'),
  paths: { page: '/deviceList', get: '/getDevice' },
});
export type GatewayDevice = z.infer<typeof gatewayEntity>;

export const deviceBanRow = z.object({
  id,
  deviceName: z.string(),
  reason: z.string(),
  createdAt: isoTime,
});

const serial = z.object({ deviceName: z.string().trim().min(1, '请输入设备号').max(60) });
const gatewayStatus = z.object({
  deviceName: z.string(),
  communicationStatus,
  lastSeenAt: isoTime.nullable(),
  restarting: z.boolean(),
  firmwareVersion: z.string(),
  restartOk: z.boolean().nullable(),
  restartMessage: z.string(),
});
const queryAccess = { permission: 'gatewayDevice.query' } as const;
const module = '网关设备';

export const gatewayEndpoints = {
  unbind: defineEndpoint({
    method: 'POST',
    path: '/device/zkbUnbind',
    access: { permission: 'gatewayDevice.unbind' },
    audience: 'platform',
    summary: '网关解绑门店',
    module,
    write: true,
    query: idParam,
    response: ok,
  }),
  agentUnbind: defineEndpoint({
    method: 'POST',
    path: '/ZKBManager/zkbUnbind',
    access: { permission: 'agentGateway.unbind' },
    audience: 'agent',
    summary: '网关解绑门店',
    module,
    write: true,
    query: idParam,
    response: ok,
  }),
  queryIp: defineEndpoint({
    method: 'POST',
    path: '/zkb/queryIp',
    access: queryAccess,
    audience: 'any',
    summary: '查询网关 IP',
    module,
    write: false,
    query: serial,
    response: z.object({ deviceName: z.string(), ip: z.string() }),
  }),
  queryStatus: defineEndpoint({
    method: 'POST',
    path: '/zkb/queryCommunicationSatatus',
    access: queryAccess,
    audience: 'any',
    summary: '查询网关通讯状态',
    module,
    write: false,
    query: serial,
    response: gatewayStatus,
  }),
  reportInfo: defineEndpoint({
    method: 'POST',
    path: '/device/reportZkbInfo',
    access: queryAccess,
    audience: 'any',
    summary: '网关上报信息',
    module,
    write: false,
    query: serial,
    response: gatewayEntity,
  }),
  deviceStatus: defineEndpoint({
    method: 'GET',
    path: '/device/getDeviceStatus/:deviceName',
    access: queryAccess,
    audience: 'any',
    summary: '网关状态',
    module,
    write: false,
    response: gatewayStatus,
  }),
  versions: defineEndpoint({
    method: 'GET',
    path: '/device/getAllVersion',
    access: queryAccess,
    audience: 'any',
    summary: '网关固件版本列表',
    module,
    write: false,
    response: z.array(z.string()),
  }),
  deviceCode: defineEndpoint({
    method: 'POST',
    path: '/device/getDeviceCode',
    access: queryAccess,
    audience: 'any',
    summary: '读取网关设备码',
    module,
    write: false,
    query: serial,
    response: z.object({ deviceName: z.string(), deviceCode: z.string() }),
  }),
  restart: defineEndpoint({
    method: 'POST',
    path: '/zkb/restartZkb',
    access: { permission: 'gatewayDevice.restart' },
    audience: 'any',
    summary: '重启网关',
    module,
    write: true,
    query: serial,
    response: z.object({ deviceName: z.string(), restarting: z.literal(true) }),
  }),
  banList: defineEndpoint({
    method: 'GET',
    path: '/device/getBanList',
    access: { permission: 'deviceBan.page' },
    audience: 'platform',
    summary: '网关黑名单',
    module,
    write: false,
    query: z.object({ keyword: z.string().trim().max(60).optional() }),
    response: z.array(deviceBanRow),
  }),
  addBan: defineEndpoint({
    method: 'POST',
    path: '/device/addBanDevice',
    access: { permission: 'deviceBan.create' },
    audience: 'platform',
    summary: '加入网关黑名单',
    module,
    write: true,
    body: serial.extend({ reason: z.string().trim().min(2, '请填写原因').max(200) }),
    response: deviceBanRow,
  }),
  delBan: defineEndpoint({
    method: 'GET',
    path: '/device/delBanDevice',
    access: { permission: 'deviceBan.delete' },
    audience: 'platform',
    summary: '移出网关黑名单',
    module,
    write: true,
    query: idParam,
    response: ok,
  }),
} as const;
