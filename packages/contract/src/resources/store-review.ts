import { z } from 'zod';
import { id, isoTime } from '../common.js';
import { defineEndpoint } from '../endpoint.js';
import { defineResource, filter, rangeFilter } from '../resource.js';
import { STORE_APPLICATION_RESOURCE } from '../endpoints/store-applications-pending.js';
import { storeResource, storeType } from './store.js';

/** Column headers of the review screens' exports (the store schema carries no descriptions). */
const storeLabels = {
  storeNo: '门店编号',
  name: '门店名称',
  agentId: '服务商编号',
  agentName: '服务商',
  enterpriseId: '企业编号',
  enterpriseName: '所属企业',
  storeType: '门店类型',
  region: '所在地区',
  address: '详细地址',
  contactName: '联系人',
  contactPhone: '联系电话',
  status: '状态',
  webExpireAt: '网页版到期',
  appletExpireAt: '小程序到期',
  appliedAt: '申请时间',
  reviewedAt: '审核时间',
  rejectReason: '驳回原因',
  recycledAt: '回收时间',
  remark: '备注',
} as const;

const shared = {
  prefix: '/store',
  audience: 'platform',
  tenant: 'agent',
  entity: storeResource.entity,
  actions: ['page', 'get', 'export'],
  labels: storeLabels,
} as const;

const viewFilters = {
  keyword: filter(z.string().trim().max(40), 'contains', { columns: ['name', 'storeNo', 'contactPhone'] }),
  agentId: filter(id, 'eq'),
  enterpriseId: filter(id, 'eq'),
  storeType: filter(storeType, 'eq'),
};

/**
 * 开店申请: the stores a provider created that wait for the platform (status 0), oldest first so
 * the queue is worked in order. A view over the store table with its own endpoints, permissions
 * and export; approve and reject are `storeEndpoints`.
 */
export const storeApplicationResource = defineResource({
  ...shared,
  name: STORE_APPLICATION_RESOURCE,
  title: '开店申请',
  module: '开店审核',
  filters: { ...viewFilters, appliedAt: rangeFilter(isoTime.or(z.iso.date())) },
  sortable: ['appliedAt', 'name', 'createdAt'],
  defaultSort: { field: 'appliedAt', order: 'ascend' },
  paths: { page: '/applicationPage', get: '/applicationGet', export: '/applicationExport' },
  summaries: { page: '查询开店申请列表', get: '查看开店申请', export: '导出开店申请' },
  exportColumns: [
    'storeNo',
    'name',
    'agentName',
    'enterpriseName',
    'storeType',
    'region',
    'address',
    'contactName',
    'contactPhone',
    'appliedAt',
    'remark',
  ],
});

/** 门店回收站: stores deleted elsewhere or rejected applications (status 4), newest first. */
export const recycleStoreResource = defineResource({
  ...shared,
  name: 'recycleStore',
  title: '回收站门店',
  module: '门店回收站',
  filters: { ...viewFilters, recycledAt: rangeFilter(isoTime.or(z.iso.date())) },
  sortable: ['recycledAt', 'name', 'createdAt'],
  defaultSort: { field: 'recycledAt', order: 'descend' },
  paths: { page: '/recyclePage', get: '/recycleGet', export: '/recycleExport' },
  summaries: { page: '查询回收站门店', get: '查看回收站门店', export: '导出回收站门店' },
  exportColumns: [
    'storeNo',
    'name',
    'agentName',
    'enterpriseName',
    'storeType',
    'contactName',
    'contactPhone',
    'rejectReason',
    'recycledAt',
  ],
});

/** What still points at a store: one row per kind of record, e.g. 网关设备 × 3. */
export const storeReference = z.object({ kind: z.string(), label: z.string(), count: z.number().int().min(1) });
export type StoreReference = z.infer<typeof storeReference>;

export const recycleStoreEndpoints = {
  /** The records that keep a recycled store from being deleted for good (empty: it may go). */
  references: defineEndpoint({
    method: 'GET',
    path: '/store/references',
    access: { permission: 'store.purge' },
    audience: 'platform',
    summary: '查看门店的关联数据',
    module: '门店回收站',
    write: false,
    query: z.object({ id: z.string().trim().max(40) }),
    response: z.array(storeReference),
  }),
  /** Deletes a recycled store for good; the operator types its name, and nothing may reference it. */
  purge: defineEndpoint({
    method: 'POST',
    path: '/store/purge',
    access: { permission: 'store.purge' },
    audience: 'platform',
    summary: '彻底删除门店',
    module: '门店回收站',
    write: true,
    body: z.object({
      id: z.string().trim().max(40),
      version: z.number().int().min(1),
      name: z.string().trim().min(1, '请输入门店名称以确认').max(60),
    }),
    response: z.null(),
  }),
};
