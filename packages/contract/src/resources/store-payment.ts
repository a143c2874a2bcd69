import { z } from 'zod';
import { fen, id, isoTime, labelledEnum } from '../common.js';
import { baseFields, defineResource, filter, rangeFilter, tenantFields } from '../resource.js';
import { displayName, payChannel, payStatus, remark } from './money-fields.js';
import { paymentPeriodAndRefund, paymentRecordEndpoints, paymentRecordLabels } from './payment-records.js';

/** The product paid for: the web system (年费), the staff mini-program, SMS, voice codes, hardware. */
export const storePaymentItem = labelledEnum({
  1: '系统年费',
  2: '员工小程序',
  3: '短信套餐',
  4: '语音码',
  5: '硬件设备',
});

/** What a store paid for its software and services (saasPayment). Written by billing, read here. */
export const storePaymentResource = defineResource({
  name: 'saasPayment',
  prefix: '/saasPayment',
  title: '门店缴费记录',
  module: '交易管理',
  audience: 'platform',
  tenant: 'agent',
  entity: z.object({
    ...baseFields,
    ...tenantFields,
    storeId: id,
    storeName: displayName,
    agentName: displayName,
    paymentNo: z.string(),
    item: storePaymentItem,
    months: z.number().int().min(0),
    amount: fen,
    channel: payChannel,
    status: payStatus,
    paidAt: isoTime.nullable(),
    ...paymentPeriodAndRefund,
    remark,
  }),
  filters: {
    keyword: filter(z.string().trim().max(40), 'contains', { columns: ['paymentNo'] }),
    storeId: filter(id, 'eq'),
    agentId: filter(id, 'eq'),
    item: filter(storePaymentItem, 'eq'),
    channel: filter(payChannel, 'eq'),
    status: filter(payStatus, 'eq'),
    paidAt: rangeFilter(isoTime),
  },
  sortable: ['paidAt', 'amount'],
  actions: ['page', 'get', 'export'],
  labels: {
    paymentNo: '缴费单号',
    months: '月数',
    ...paymentRecordLabels,
  },
});
export type StorePayment = z.infer<typeof storePaymentResource.entity>;
export const storePaymentEndpoints = paymentRecordEndpoints(storePaymentResource);
