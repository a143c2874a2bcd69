import { z } from 'zod';
import { isoDate, isoTime, labelledEnum } from '../common.js';
import { defineEndpoint } from '../endpoint.js';
import { baseFields, defineResource, filter } from '../resource.js';

export const syncJobStatus = labelledEnum({ 0: '排队中', 1: '同步中', 2: '已完成', 3: '失败' });
/** The longest range one job syncs: a quarter. */
export const MAX_SYNC_DAYS = 92;

export const syncFailure = z.object({ billNo: z.string(), reason: z.string() });

/**
 * A background job (同步账单) that brings the payment provider's daily statements for a date range
 * into the billing records: its progress survives a reload, its summary counts new, updated,
 * unchanged and failed lines, and running it again changes nothing.
 */
export const billingSyncResource = defineResource({
  name: 'billingSync',
  prefix: '/billingSync',
  title: '账单同步任务',
  module: '系统配置',
  audience: 'platform',
  tenant: 'none',
  entity: z.object({
    ...baseFields,
    rangeStart: isoDate,
    rangeEnd: isoDate,
    status: syncJobStatus,
    totalDays: z.number().int(),
    doneDays: z.number().int(),
    createdCount: z.number().int(),
    updatedCount: z.number().int(),
    unchangedCount: z.number().int(),
    failedCount: z.number().int(),
    failures: z.array(syncFailure),
    error: z.string(),
    operatorName: z.string(),
    startedAt: isoTime.nullable(),
    finishedAt: isoTime.nullable(),
  }),
  labels: {
    rangeStart: '开始日期',
    rangeEnd: '结束日期',
    status: '状态',
    totalDays: '天数',
    doneDays: '已完成天数',
    createdCount: '新增',
    updatedCount: '更新',
    unchangedCount: '未变',
    failedCount: '失败',
    error: '错误',
    operatorName: '操作人',
    startedAt: '开始时间',
    finishedAt: '完成时间',
  },
  filters: { status: filter(syncJobStatus, 'eq') },
  actions: ['page', 'get', 'export'],
});
export type BillingSyncJob = z.infer<typeof billingSyncResource.entity>;

export const startBillingSyncEndpoint = defineEndpoint({
  method: 'POST',
  path: '/billingSync/start',
  access: { permission: 'billingSync.start' },
  audience: 'platform',
  summary: '开始同步账单',
  module: '系统配置',
  write: true,
  body: z
    .object({ rangeStart: isoDate, rangeEnd: isoDate })
    .refine((b) => b.rangeStart <= b.rangeEnd, { path: ['rangeEnd'], message: '结束日期不能早于开始日期' })
    .refine((b) => (Date.parse(b.rangeEnd) - Date.parse(b.rangeStart)) / 86_400_000 < MAX_SYNC_DAYS, {
      path: ['rangeEnd'],
      message: `一次最多同步 ${MAX_SYNC_DAYS} 天`,
    }),
  response: billingSyncResource.entity,
});
