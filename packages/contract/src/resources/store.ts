import { z } from 'zod';
import { id, isoDate, isoTime, labelledEnum, phone } from '../common.js';
import { defineEndpoint } from '../endpoint.js';
import { pendingStoreApplicationsEndpoint } from '../endpoints/store-applications-pending.js';
import { baseFields, defineResource, filter, rangeFilter, recordId, tenantFields } from '../resource.js';

export const storeType = labelledEnum({ 1: '扫码店', 2: '手牌店' });
/** 0 is a store application (开店申请) waiting for the platform; 4 is in the recycle bin. */
export const storeStatus = labelledEnum({ 0: '待审核', 1: '正常', 2: '停用', 3: '已过期', 4: '已回收' });

const storeFields = {
  ...baseFields,
  ...tenantFields,
  storeNo: z.string(),
  name: z.string().trim().min(2, '门店名称至少 2 个字').max(60, '门店名称最多 60 个字'),
  enterpriseId: id,
  storeType,
  region: z.string().trim().max(60),
  address: z.string().trim().max(120),
  contactName: z.string().trim().max(20),
  contactPhone: z.union([phone, z.literal('')]),
  status: storeStatus,
  webExpireAt: isoDate.nullable(),
  appletExpireAt: isoDate.nullable(),
  appliedAt: isoTime.nullable(),
  reviewedAt: isoTime.nullable(),
  rejectReason: z.string(),
  recycledAt: isoTime.nullable(),
  remark: z.string().trim().max(200),
  enterpriseName: z.string(),
  agentName: z.string(),
};

/**
 * 门店. A provider's new store starts as an application (status 0) that the platform approves
 * or rejects; deleting moves it to the recycle bin (status 4), from which it can be restored.
 */
export const storeResource = defineResource({
  name: 'store',
  prefix: '/store',
  title: '门店',
  module: '门店管理',
  deleteEffect: {
    undo: 'recycleBin',
    dependents: '门店的设备、店主和员工账号不随之删除，恢复后照常使用；彻底删除前须先解除这些关联。',
  },
  audience: 'any',
  tenant: 'agent',
  entity: z.object(storeFields),
  writable: [
    'name',
    'enterpriseId',
    'storeType',
    'region',
    'address',
    'contactName',
    'contactPhone',
    'webExpireAt',
    'appletExpireAt',
    'remark',
  ],
  updateExtra: { status: z.union([z.literal(1), z.literal(2)]).optional() },
  filters: {
    keyword: filter(z.string().trim().max(40), 'contains', {
      columns: ['name', 'storeNo', 'contactPhone', 'region'],
    }),
    status: filter(storeStatus, 'eq'),
    storeType: filter(storeType, 'eq'),
    enterpriseId: filter(id, 'eq'),
    agentId: filter(id, 'eq'),
    webExpireAt: rangeFilter(isoDate),
    appletExpireAt: rangeFilter(isoDate),
  },
  sortable: ['createdAt', 'name', 'webExpireAt'],
  defaultSort: { field: 'createdAt', order: 'descend' },
  actions: ['page', 'get', 'create', 'update', 'delete', 'export'],
  summaries: { delete: '删除门店（移入回收站）' },
  labels: {
    enterpriseId: '所属企业',
    storeNo: '门店编号',
    name: '门店名称',
    agentName: '所属服务商',
    enterpriseName: '所属企业',
    storeType: '门店类型',
    region: '所在地区',
    address: '地址',
    contactName: '联系人',
    contactPhone: '联系电话',
    status: '状态',
    webExpireAt: '网页版到期',
    appletExpireAt: '小程序到期',
    remark: '备注',
  },
  exportColumns: [
    'storeNo',
    'name',
    'agentName',
    'enterpriseName',
    'storeType',
    'status',
    'region',
    'contactName',
    'contactPhone',
    'webExpireAt',
    'appletExpireAt',
    'createdAt',
  ],
});
export type Store = z.infer<typeof storeResource.entity>;

const storeRow = storeResource.entity;

/** Store applications, the recycle bin's writes, and the sidebar badge (spec: POST /saasRole/getPendingApplication). */
export const storeEndpoints = {
  pendingCount: pendingStoreApplicationsEndpoint,
  approve: defineEndpoint({
    method: 'POST',
    path: '/store/approve',
    access: { permission: 'store.approve' },
    audience: 'platform',
    summary: '通过开店申请',
    module: '开店审核',
    write: true,
    body: z.object({ id: recordId, version: z.number().int().min(1) }),
    response: storeRow,
  }),
  reject: defineEndpoint({
    method: 'POST',
    path: '/store/reject',
    access: { permission: 'store.reject' },
    audience: 'platform',
    summary: '驳回开店申请',
    module: '开店审核',
    write: true,
    body: z.object({
      id: recordId,
      version: z.number().int().min(1),
      reason: z.string().trim().min(2, '请填写驳回原因（至少 2 个字）').max(200, '驳回原因最多 200 字'),
    }),
    response: storeRow,
  }),
  restore: defineEndpoint({
    method: 'POST',
    path: '/store/restore',
    access: { permission: 'store.restore' },
    audience: 'platform',
    summary: '从回收站恢复门店',
    module: '门店回收站',
    write: true,
    body: z.object({ id: recordId, version: z.number().int().min(1) }),
    response: storeRow,
  }),
  options: defineEndpoint({
    method: 'GET',
    path: '/store/options',
    access: 'session',
    audience: 'any',
    summary: '门店下拉选项',
    module: '门店管理',
    write: false,
    query: z.object({
      /**
       * The permission of the screen asking (e.g. `sweepShop.create`): answered only when the
       * operator holds it and that screen picks stores, so options follow the screen's grant.
       */
      for: z.string().trim().min(1, '请指明使用门店选项的页面权限').max(80),
      keyword: z.string().trim().max(40).optional(),
      enterpriseId: id.optional(),
    }),
    response: z.array(z.object({ id, name: z.string(), storeNo: z.string(), agentId: id })),
  }),
} as const;
