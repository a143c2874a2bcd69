import { z } from 'zod';
import { id, isoDate, isoTime, labelledEnum, ok, phone } from '../common.js';
import { defineEndpoint } from '../endpoint.js';
import { baseFields, defineResource, filter, rangeFilter, tenantFields } from '../resource.js';

export const homeUserStatus = labelledEnum({ 1: '正常', 0: '停用' });

// What the two store-user registers (店主账号, 门店员工) share: where a user sits and how it is
// filtered by it, and the labels of the fields both carry.

/** Provider, the store's enterprise (the rows carry none: a store may change hands) and store. */
export const storeUserPlaceFilters = {
  agentId: filter(id, 'eq'),
  enterpriseId: filter(id, 'custom', { bounds: 'storeId' }),
  storeId: filter(id, 'eq'),
};
export const storeUserLabels = {
  phone: '手机号',
  storeName: '所属门店',
  agentName: '所属服务商',
  status: '状态',
  lastLoginAt: '最近登录',
} as const;

/** 店主账号 (ZGJUser): the owner account of a store's management app. */
export const homeUserResource = defineResource({
  name: 'homeUser',
  prefix: '/saasic/homeUser',
  title: '店主账号',
  module: '店主账号',
  deleteEffect: { undo: 'permanent' },
  audience: 'platform',
  tenant: 'agent',
  entity: z.object({
    ...baseFields,
    ...tenantFields,
    storeId: id,
    name: z.string().trim().min(1).max(30),
    phone,
    appVersion: z.string(),
    expireDate: isoDate,
    status: homeUserStatus,
    lastLoginAt: isoTime.nullable(),
    storeName: z.string(),
    agentName: z.string(),
  }),
  filters: {
    keyword: filter(z.string().trim().max(40), 'contains', { columns: ['name', 'phone'] }),
    ...storeUserPlaceFilters,
    appVersion: filter(z.string().max(40), 'eq'),
    expireDate: rangeFilter(isoDate),
    status: filter(homeUserStatus, 'eq'),
  },
  sortable: ['createdAt', 'expireDate', 'lastLoginAt'],
  defaultSort: { field: 'createdAt', order: 'descend' },
  actions: ['page', 'get', 'delete', 'export'],
  paths: { page: '/getPage' },
  methods: { delete: 'GET' },
  labels: { ...storeUserLabels, name: '店主姓名', appVersion: 'App 版本', expireDate: '到期日' },
  exportColumns: [
    'id',
    'name',
    'phone',
    'storeName',
    'agentName',
    'appVersion',
    'expireDate',
    'status',
    'lastLoginAt',
    'createdAt',
  ],
});
export type HomeUser = z.infer<typeof homeUserResource.entity>;

/** Head statistics of the owner and staff lists. */
export const userStatistics = z.object({
  total: z.number().int(),
  active: z.number().int(),
  expired: z.number().int(),
  expiringSoon: z.number().int(),
});
export type UserStatistics = z.infer<typeof userStatistics>;

/** The head statistics follow the list's provider, enterprise and store filters. */
export const statisticsFilter = z.object({
  agentId: id.optional(),
  enterpriseId: id.optional(),
  storeId: id.optional(),
});

/** Why an expiry date was changed: required, and kept in the operation log. */
export const changeReason = z.string().trim().min(2, '请填写修改原因（至少 2 个字）').max(100, '修改原因最多 100 个字');
/** The version a date change was made against (a GET carries it as text). */
const versionParam = z.coerce.number({ error: '缺少版本号' }).int().min(1, '缺少版本号');

export const homeUserEndpoints = {
  updateExpireDate: defineEndpoint({
    method: 'GET',
    path: '/saasic/homeUser/updateExpireDate',
    access: { permission: 'homeUser.update' },
    audience: 'platform',
    summary: '修改店主账号到期日',
    module: '店主账号',
    write: true,
    query: z.object({ id, expireDate: isoDate, version: versionParam, reason: changeReason }),
    response: ok,
  }),
  headStatistics: defineEndpoint({
    method: 'POST',
    path: '/saasic/homeUser/getHeadStatistics',
    access: { permission: 'homeUser.page' },
    audience: 'platform',
    summary: '店主账号统计',
    module: '店主账号',
    write: false,
    body: statisticsFilter,
    response: userStatistics,
  }),
  appVersions: defineEndpoint({
    method: 'GET',
    path: '/saasic/homeUser/getAllStaffAppVersion',
    access: { permission: 'homeUser.page' },
    audience: 'platform',
    summary: '店主 App 版本列表',
    module: '店主账号',
    write: false,
    response: z.array(z.string()),
  }),
} as const;
