import { z } from 'zod';
import { fen, id, isoDate, isoTime, labelledEnum } from '../common.js';
import { defineEndpoint } from '../endpoint.js';
import { baseFields, defineResource, filter, rangeFilter } from '../resource.js';
import { displayName } from './money-fields.js';

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

/** What a statement line says of a bill: paid, or refunded later (a refund is final). */
export const billingRecordStatus = labelledEnum({ 1: '已支付', 2: '已退款' });
export const billingPayChannel = labelledEnum({ 1: '微信支付', 2: '支付宝' });

/**
 * 账单记录: the billing records the sync writes, one per bill number, as the payment provider's
 * statements last said. Read-only: only a sync changes them. The provider is found by the
 * statement's provider number; a number no provider has reads as no provider.
 */
export const billingRecordResource = defineResource({
  name: 'billingRecord',
  prefix: '/billingRecord',
  title: '账单记录',
  module: '系统配置',
  audience: 'platform',
  tenant: 'none',
  entity: z.object({
    ...baseFields,
    billNo: z.string(),
    agentNo: z.string(),
    agentId: id.nullable(),
    agentName: displayName,
    payChannel: billingPayChannel,
    amount: fen,
    fee: fen,
    status: billingRecordStatus,
    paidAt: isoTime,
  }),
  labels: {
    billNo: '账单号',
    agentNo: '服务商编号',
    agentId: '服务商',
    agentName: '服务商',
    payChannel: '支付渠道',
    amount: '金额',
    fee: '手续费',
    status: '状态',
    paidAt: '支付时间',
  },
  filters: {
    keyword: filter(z.string().trim().max(40), 'contains', { columns: ['billNo'] }),
    // The provider whose number the statement names (billing records store the number).
    agentId: filter(id, 'custom', { bounds: 'agentNo' }),
    payChannel: filter(billingPayChannel, 'eq'),
    status: filter(billingRecordStatus, 'eq'),
    paidAt: rangeFilter(isoTime),
  },
  sortable: ['paidAt', 'amount'],
  exportColumns: ['billNo', 'agentNo', 'agentName', 'payChannel', 'amount', 'fee', 'status', 'paidAt', 'updatedAt'],
  actions: ['page', 'get', 'export'],
});
export type BillingRecord = z.infer<typeof billingRecordResource.entity>;
