import { z } from 'zod';
import { id, isoDate, isoTime, labelledEnum, ok, phone } from '../common.js';
import { defineEndpoint } from '../endpoint.js';
import { baseFields, defineResource, filter, rangeFilter, tenantFields } from '../resource.js';
import { statisticsFilter, storeUserLabels, storeUserPlaceFilters, userStatistics } from './home-user.js';

export const staffUserStatus = labelledEnum({ 1: '正常', 0: '停用' });
/** What a staff member answers room calls for; the android terminals' free types. */
export const serviceType = labelledEnum({ 1: '服务员', 2: '技师', 3: '收银', 4: '保洁', 5: '经理' });
/** Most due dates one batch update may change. */
export const DUE_DATE_BATCH_MAX = 500;

/** 门店员工: store staff on the mini-program. */
export const staffAppletUserResource = defineResource({
  name: 'staffApplet',
  prefix: '/saasic/staffApplet',
  title: '门店员工',
  module: '门店员工',
  audience: 'platform',
  tenant: 'agent',
  entity: z.object({
    ...baseFields,
    ...tenantFields,
    storeId: id,
    nickname: z.string().trim().min(1).max(30),
    phone,
    openId: z.string().nullable(),
    deviceType: z.string(),
    appVersion: z.string(),
    serviceType,
    dueDate: isoDate,
    status: staffUserStatus,
    lastLoginAt: isoTime.nullable(),
    storeName: z.string(),
    agentName: z.string(),
  }),
  filters: {
    keyword: filter(z.string().trim().max(40), 'contains', { columns: ['nickname', 'phone'] }),
    ...storeUserPlaceFilters,
    deviceType: filter(z.string().max(40), 'eq'),
    appVersion: filter(z.string().max(40), 'eq'),
    dueDate: rangeFilter(isoDate),
    status: filter(staffUserStatus, 'eq'),
  },
  sortable: ['createdAt', 'dueDate', 'lastLoginAt'],
  defaultSort: { field: 'createdAt', order: 'descend' },
  actions: ['page', 'get', 'export'],
  paths: { page: '/getStaffAppletUserPage' },
  labels: {
    ...storeUserLabels,
    nickname: '昵称',
    openId: '微信 OpenID',
    deviceType: '设备类型',
    appVersion: '小程序版本',
    serviceType: '岗位',
    dueDate: '到期日',
  },
  exportColumns: [
    'id',
    'nickname',
    'phone',
    'storeName',
    'agentName',
    'serviceType',
    'deviceType',
    'appVersion',
    'dueDate',
    'status',
    'lastLoginAt',
    'createdAt',
  ],
});
export type StaffAppletUser = z.infer<typeof staffAppletUserResource.entity>;

const module = '门店员工';
export const staffAppletEndpoints = {
  updateDueDate: defineEndpoint({
    method: 'POST',
    path: '/saasic/staffApplet/updateDueDate',
    access: { permission: 'staffApplet.update' },
    audience: 'platform',
    summary: '修改员工到期日',
    module,
    write: true,
    body: z.object({ id, dueDate: isoDate, version: z.number().int().min(1) }),
    response: ok,
  }),
  batchUpdateDueDate: defineEndpoint({
    method: 'POST',
    path: '/saasic/staffApplet/batchUpdateDueDate',
    access: { permission: 'staffApplet.update' },
    audience: 'platform',
    summary: '批量修改员工到期日',
    module,
    write: true,
    body: z.object({
      items: z
        .array(z.object({ id, dueDate: isoDate, version: z.number().int().min(1) }))
        .min(1, '请至少选择一条')
        .max(DUE_DATE_BATCH_MAX, `一次最多修改 ${DUE_DATE_BATCH_MAX} 条`),
    }),
    response: z.object({ updated: z.number().int() }),
  }),
  statistics: defineEndpoint({
    method: 'POST',
    path: '/saasic/staffApplet/getStaffAppletUserStatistics',
    access: { permission: 'staffApplet.page' },
    audience: 'platform',
    summary: '门店员工统计',
    module,
    write: false,
    body: statisticsFilter,
    response: userStatistics,
  }),
  clearOpenId: defineEndpoint({
    method: 'GET',
    path: '/saasic/staffApplet/updateOpenId2Empty',
    access: { permission: 'staffApplet.update' },
    audience: 'platform',
    summary: '解绑员工微信',
    module,
    write: true,
    query: z.object({ id }),
    response: ok,
  }),
  deviceTypes: defineEndpoint({
    method: 'GET',
    path: '/saasic/staffApplet/getAllDeviceType',
    access: { permission: 'staffApplet.page' },
    audience: 'platform',
    summary: '员工设备类型列表',
    module,
    write: false,
    response: z.array(z.string()),
  }),
  appVersions: defineEndpoint({
    method: 'GET',
    path: '/saasic/staffApplet/getAllStaffAppVersion',
    access: { permission: 'staffApplet.page' },
    audience: 'platform',
    summary: '员工小程序版本列表',
    module,
    write: false,
    response: z.array(z.string()),
  }),
} as const;
