import { z } from 'zod';
import { id, idParam, isoTime, labelledEnum } from '../common.js';
import { defineEndpoint } from '../endpoint.js';
import { baseFields, defineResource, filter, tenantFields } from '../resource.js';
import { serviceType } from './staff-applet-user.js';

export const roomType = labelledEnum({
  1: '包间',
  2: '大厅',
  3: '足疗房',
  4: '桑拿房',
  5: '休息厅',
  6: '更衣室',
});
export const onlineFlag = labelledEnum({ 1: '在线', 0: '离线' });
export const yesNo = labelledEnum({ 1: '是', 0: '否' });
/** Whether a terminal hangs in a store yet: a shipped one registers on first connection without one. */
export const storeBinding = labelledEnum({ 1: '已绑定门店', 0: '未绑定门店' });
/** What the console shows for a terminal's store until the provider binds one. */
export const UNBOUND_STORE_TEXT = '未绑定门店';

/** The floors a terminal may be on: five basement levels up to the 99th. */
export const ANDROID_FLOOR_MIN = -5;
export const ANDROID_FLOOR_MAX = 99;

const androidEntity = z.object({
  ...baseFields,
  ...tenantFields,
  deviceNo: z.string(),
  name: z.string().trim().min(1, '请输入设备名称').max(40),
  /** Null until the provider binds the terminal to one of its stores. */
  storeId: id.nullable(),
  roomType,
  floor: z
    .number()
    .int()
    .min(ANDROID_FLOOR_MIN, `楼层不低于 ${ANDROID_FLOOR_MIN}`)
    .max(ANDROID_FLOOR_MAX, `楼层不高于 ${ANDROID_FLOOR_MAX}`),
  ip: z.string(),
  appVersion: z.string(),
  voiceCodeId: id.nullable(),
  voiceCode: z.string().nullable(),
  online: onlineFlag,
  lastHeartbeatAt: isoTime.nullable(),
  restarting: yesNo,
  banned: yesNo,
  remark: z.string().trim().max(200),
  storeName: z.string().nullable(),
  agentName: z.string(),
});
const androidLabels = {
  deviceNo: '设备编号',
  name: '设备名称',
  storeId: '所属门店',
  storeName: '所属门店',
  banned: '禁用',
  remark: '备注',
  agentName: '所属服务商',
  roomType: '房间类型',
  floor: '楼层',
  appVersion: '应用版本',
  voiceCode: '语音码',
  online: '在线',
  lastHeartbeatAt: '最后心跳',
  ip: 'IP 地址',
  createdAt: '创建时间',
} as const;
/** The export names the store (storeName); its id would repeat the header 所属门店. */
const androidExportColumns = [
  'id',
  'createdAt',
  'updatedAt',
  'deviceNo',
  'name',
  'roomType',
  'floor',
  'ip',
  'appVersion',
  'voiceCode',
  'online',
  'lastHeartbeatAt',
  'banned',
  'remark',
  'storeName',
  'agentName',
] as const;

const androidFilters = {
  keyword: filter(z.string().trim().max(40), 'contains', { columns: ['name', 'deviceNo'] }),
  storeId: filter(id, 'eq'),
  storeBound: filter(storeBinding, 'custom', { bounds: 'storeId' }),
  roomType: filter(roomType, 'eq'),
  floor: filter(z.number().int(), 'eq'),
  online: filter(onlineFlag, 'eq'),
  appVersion: filter(z.string().max(40), 'eq'),
};

/** 安卓设备, platform family (/saasicAndroidController). */
export const androidDeviceResource = defineResource({
  name: 'android',
  prefix: '/saasicAndroidController',
  title: '安卓设备',
  module: '安卓设备',
  deleteEffect: {
    undo: 'permanent',
    dependents: '设备密钥随之作废，终端断开连接；它的应用推送结果一并删除。',
    refusedWhen: '已绑定语音码的设备不能删除。',
  },
  audience: 'platform',
  tenant: 'agent',
  entity: androidEntity,
  writable: ['name', 'storeId', 'roomType', 'floor', 'banned', 'remark'],
  filters: { ...androidFilters, agentId: filter(id, 'eq') },
  sortable: ['createdAt', 'lastHeartbeatAt', 'floor'],
  labels: androidLabels,
  exportColumns: androidExportColumns,
  defaultSort: { field: 'createdAt', order: 'descend' },
  actions: ['page', 'get', 'update', 'delete', 'export'],
  paths: {
    page: '/getPage',
    get: '/getAndroid',
    update: '/updateAndroid',
    delete: '/deleteAndroid',
    export: '/exportAndroid',
  },
  methods: { delete: 'POST' },
});

/** 安卓设备, provider family (/aic/androidManage). */
export const agentAndroidResource = defineResource({
  name: 'agentAndroid',
  prefix: '/aic/androidManage',
  title: '安卓设备',
  module: '安卓设备',
  deleteEffect: {
    undo: 'permanent',
    dependents: '设备密钥随之作废，终端断开连接；它的应用推送结果一并删除。',
    refusedWhen: '已绑定语音码的设备不能删除。',
  },
  audience: 'agent',
  tenant: 'agent',
  entity: androidEntity,
  writable: ['name', 'storeId', 'roomType', 'floor', 'remark'],
  filters: androidFilters,
  sortable: ['createdAt', 'lastHeartbeatAt', 'floor'],
  labels: androidLabels,
  exportColumns: androidExportColumns,
  defaultSort: { field: 'createdAt', order: 'descend' },
  actions: ['page', 'get', 'update', 'delete', 'export'],
  paths: {
    page: '/getPage',
    get: '/getAndroid',
    update: '/updateAndroid',
    delete: '/deleteAndroid',
    export: '/exportAndroid',
  },
  methods: { delete: 'POST' },
});
export type AndroidDevice = z.infer<typeof androidEntity>;

/** What the device itself says now (asked through the device gateway). */
export const androidServiceInfo = z.object({
  device: androidEntity,
  live: z.object({
    online: z.boolean(),
    lastSeenAt: isoTime.nullable(),
    ip: z.string(),
    appVersion: z.string(),
    deviceCode: z.string(),
  }),
});

const storeQuery = z.object({ storeId: id });
/** A store's floors, optionally only those of one room type (the terminal form's floor picker). */
const floorQuery = storeQuery.extend({
  roomType: z.preprocess((v) => (v === undefined ? v : Number(v)), roomType).optional(),
});
const byId = { method: 'POST', write: false, query: idParam, response: androidServiceInfo } as const;

export const androidEndpoints = {
  serviceInfo: defineEndpoint({
    ...byId,
    path: '/saasicAndroidController/getAndroidServiceInfo',
    access: { permission: 'android.get' },
    audience: 'platform',
    summary: '查询安卓设备运行信息',
    module: '安卓设备',
  }),
  agentServiceInfo: defineEndpoint({
    ...byId,
    path: '/aic/androidManage/getAndroidServiceInfo',
    access: { permission: 'agentAndroid.get' },
    audience: 'agent',
    summary: '查询安卓设备运行信息',
    module: '安卓设备',
  }),
  companyGroups: defineEndpoint({
    method: 'GET',
    path: '/saasicAndroidController/getCompaneGroup',
    access: { permission: 'android.page' },
    audience: 'platform',
    summary: '公司分组列表',
    module: '安卓设备',
    write: false,
    response: z.array(z.object({ id, name: z.string(), enterpriseCount: z.number().int() })),
  }),
  roomTypes: defineEndpoint({
    method: 'GET',
    path: '/saasicAndroidController/getRoomType',
    access: 'session',
    audience: 'any',
    summary: '房间类型列表',
    module: '安卓设备',
    write: false,
    response: z.array(z.object({ value: z.number().int(), label: z.string() })),
  }),
  floors: defineEndpoint({
    method: 'GET',
    path: '/saasicAndroidController/getRoomFloorList',
    access: 'session',
    audience: 'any',
    summary: '门店楼层列表',
    module: '安卓设备',
    write: false,
    query: floorQuery,
    response: z.array(z.number().int()),
  }),
  freeTypesWithWaiters: defineEndpoint({
    method: 'GET',
    path: '/saasicAndroidController/getFreeTypeListHaveWaiters',
    access: 'session',
    audience: 'any',
    summary: '有在岗员工的服务类型',
    module: '安卓设备',
    write: false,
    query: storeQuery,
    response: z.array(z.object({ serviceType, label: z.string(), waiters: z.number().int() })),
  }),
} as const;
