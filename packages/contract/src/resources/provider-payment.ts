import { z } from 'zod';
import { fen, id, labelledEnum } from '../common.js';
import { resourceEndpoint } from '../resource.js';
import { displayName } from './money-fields.js';
import { definePaymentRecordResource, paymentRecordEndpoints, paymentSums } from './payment-records.js';

export const providerPaymentItem = labelledEnum({
  1: '开通门店',
  2: '门店续费',
  3: '员工小程序',
  4: '语音码',
  5: '短信套餐',
  6: '硬件设备',
});

/**
 * What a provider paid the platform: quantity × unit price = amount. Two screens read these rows
 * with their own permissions: 服务商缴费记录 (saasRecord) and the report 缴费明细 (saasRecordList).
 */
const providerPayments = (name: string, title: string, module: string) =>
  definePaymentRecordResource({
    name,
    title,
    module,
    payer: { agentName: displayName, storeId: id.nullable(), storeName: displayName, recordNo: z.string() },
    numberField: 'recordNo',
    item: providerPaymentItem,
    measure: { quantity: z.number().int().min(1), unitPrice: fen },
    measureLabels: { quantity: '数量', unitPrice: '单价' },
  });

export const providerPaymentResource = providerPayments('saasRecord', '服务商缴费记录', '交易管理');
export type ProviderPayment = z.infer<typeof providerPaymentResource.entity>;
export const providerPaymentEndpoints = paymentRecordEndpoints(providerPaymentResource);

/** 缴费明细 (/reportCenter/saasRecordList): the same rows, with sums by provider and product. */
export const providerPaymentDetailResource = providerPayments('saasRecordList', '服务商缴费明细', '报表中心');
const bucket = paymentSums.extend({ agentId: id, agentName: displayName, item: providerPaymentItem });
export const providerPaymentDetailSumsEndpoint = resourceEndpoint(providerPaymentDetailResource, 'sumsByProvider', {
  method: 'POST',
  write: false,
  summary: '按服务商和项目统计缴费',
  permission: 'saasRecordList.page',
  body: providerPaymentDetailResource.exportSchema,
  response: z.object({
    /** One row per provider × product with any matching payment, largest net amount first (at most 200). */
    rows: z.array(bucket),
    total: paymentSums,
    /** More provider × product pairs matched than `rows` carries. */
    truncated: z.boolean(),
  }),
});
