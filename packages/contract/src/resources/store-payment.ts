import { z } from 'zod';
import { id, labelledEnum } from '../common.js';
import { displayName } from './money-fields.js';
import { definePaymentRecordResource, paymentRecordEndpoints } from './payment-records.js';

/** The product paid for: the web system (年费), the staff mini-program, SMS, voice codes, hardware. */
export const storePaymentItem = labelledEnum({
  1: '系统年费',
  2: '员工小程序',
  3: '短信套餐',
  4: '语音码',
  5: '硬件设备',
});

/** What a store paid for its software and services (saasPayment). Written by billing, read here. */
export const storePaymentResource = definePaymentRecordResource({
  name: 'saasPayment',
  title: '门店缴费记录',
  module: '交易管理',
  payer: { storeId: id, storeName: displayName, agentName: displayName, paymentNo: z.string() },
  numberField: 'paymentNo',
  item: storePaymentItem,
  measure: { months: z.number().int().min(0) },
  measureLabels: { months: '月数' },
});
export type StorePayment = z.infer<typeof storePaymentResource.entity>;
export const storePaymentEndpoints = paymentRecordEndpoints(storePaymentResource);
