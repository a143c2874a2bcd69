import { z } from 'zod';
import { fen, id, isoTime, labelledEnum } from '../common.js';
import { baseFields, defineResource, filter, rangeFilter, tenantFields } from '../resource.js';
import { displayName, payChannel, payStatus, remark } from './money-fields.js';

export const providerPaymentItem = labelledEnum({
  1: '开通门店',
  2: '门店续费',
  3: '员工小程序',
  4: '语音码',
  5: '短信套餐',
});

/** What a provider paid the platform (saasRecord): quantity × unit price = amount. */
export const providerPaymentResource = defineResource({
  name: 'saasRecord',
  prefix: '/saasRecord',
  title: '服务商缴费记录',
  module: '交易管理',
  audience: 'platform',
  tenant: 'agent',
  entity: z.object({
    ...baseFields,
    ...tenantFields,
    agentName: displayName,
    storeId: id.nullable(),
    storeName: displayName,
    recordNo: z.string(),
    item: providerPaymentItem,
    quantity: z.number().int().min(1),
    unitPrice: fen,
    amount: fen,
    channel: payChannel,
    status: payStatus,
    paidAt: isoTime.nullable(),
    remark,
  }),
  filters: {
    keyword: filter(z.string().trim().max(40), 'contains', { columns: ['recordNo'] }),
    agentId: filter(id, 'eq'),
    storeId: filter(id, 'eq'),
    item: filter(providerPaymentItem, 'eq'),
    status: filter(payStatus, 'eq'),
    paidAt: rangeFilter(isoTime),
  },
  sortable: ['paidAt', 'amount'],
  actions: ['page', 'get'],
});
export type ProviderPayment = z.infer<typeof providerPaymentResource.entity>;
