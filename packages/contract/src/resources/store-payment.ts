import { z } from 'zod';
import { fen, id, isoTime, labelledEnum } from '../common.js';
import { baseFields, defineResource, filter, rangeFilter, tenantFields } from '../resource.js';
import { displayName, payChannel, payStatus, remark } from './money-fields.js';

export const storePaymentItem = labelledEnum({ 1: '系统年费', 2: '员工小程序', 3: '短信套餐', 4: '语音码' });

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
  actions: ['page', 'get'],
});
export type StorePayment = z.infer<typeof storePaymentResource.entity>;
