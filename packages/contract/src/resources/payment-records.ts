import { z } from 'zod';
import { fen, id, isoDate, isoTime } from '../common.js';
import {
  type AnyResource,
  baseFields,
  defineResource,
  filter,
  rangeFilter,
  resourceEndpoint,
  tenantFields,
} from '../resource.js';
import { payChannel, payStatus, remark } from './money-fields.js';

// What the payment-record screens (门店缴费记录, 服务商缴费记录 and the report 缴费明细) share: the
// resource itself (`definePaymentRecordResource`), the sums above the list and the refund action.

/** The service a payment buys and what was returned of it; a refund is always the whole amount. */
export const paymentPeriodAndRefund = {
  periodStart: isoDate.nullable(),
  periodEnd: isoDate.nullable(),
  refundAmount: fen,
  refundedAt: isoTime.nullable(),
  refundReason: z.string(),
};
const paymentRecordLabels = {
  agentName: '服务商',
  storeName: '门店',
  item: '缴费项目',
  amount: '金额',
  channel: '支付渠道',
  status: '状态',
  paidAt: '支付时间',
  remark: '备注',
  periodStart: '服务开始',
  periodEnd: '服务结束',
  refundAmount: '退款金额',
  refundedAt: '退款时间',
  refundReason: '退款原因',
} as const;

type Shape = z.core.$ZodLooseShape;

/**
 * A read-only payment-record resource with export: who paid and the record's number (`payer`,
 * in the order the export lists them), what was bought (`item`) and how much of it (`measure`),
 * then the money, channel, status, service period and refund every payment row carries. The
 * keyword searches the number; sums and refund are `paymentRecordEndpoints`.
 */
export function definePaymentRecordResource<
  P extends Shape,
  N extends keyof P & string,
  I extends z.ZodType,
  M extends Shape,
>(config: {
  name: string;
  title: string;
  module: string;
  payer: P;
  /** The record's number among the payer fields: the keyword's column, labelled 缴费单号. */
  numberField: N;
  item: I;
  measure: M;
  /** Labels of the measure fields (export headers; the web reads them too). */
  measureLabels: Record<keyof M & string, string>;
}) {
  return defineResource({
    name: config.name,
    prefix: `/${config.name}`,
    title: config.title,
    module: config.module,
    audience: 'platform',
    tenant: 'agent',
    entity: z.object({
      ...baseFields,
      ...tenantFields,
      ...config.payer,
      item: config.item,
      ...config.measure,
      amount: fen,
      channel: payChannel,
      status: payStatus,
      paidAt: isoTime.nullable(),
      ...paymentPeriodAndRefund,
      remark,
    }),
    filters: {
      keyword: filter(z.string().trim().max(40), 'contains', { columns: [config.numberField] }),
      agentId: filter(id, 'eq'),
      storeId: filter(id, 'eq'),
      item: filter(config.item, 'eq'),
      channel: filter(payChannel, 'eq'),
      status: filter(payStatus, 'eq'),
      paidAt: rangeFilter(isoTime),
    },
    sortable: ['paidAt', 'amount'],
    actions: ['page', 'get', 'export'],
    labels: { [config.numberField]: '缴费单号', ...config.measureLabels, ...paymentRecordLabels },
  });
}

/** The figures of every row the list's filters select, computed by the server over the same filters. */
export const paymentSums = z.object({
  /** Rows matching the filters. */
  count: z.number().int(),
  /** Amount of the matching rows that were paid (已支付 or later 已退款). */
  paidAmount: fen,
  refundAmount: fen,
  /** paidAmount − refundAmount. */
  netAmount: z.number().int(),
});
export type PaymentSums = z.infer<typeof paymentSums>;

export const refundReason = remark
  .min(2, '请填写退款原因（至少 2 个字）')
  .max(200, '退款原因最多 200 字')
  .describe('退款原因');

/** `<prefix>/sums` (the list's filters) and `<prefix>/refund` (a paid row, whole, at its version, with a reason). */
export function paymentRecordEndpoints<R extends AnyResource>(resource: R) {
  return {
    sums: resourceEndpoint(resource, 'sums', {
      method: 'POST',
      write: false,
      summary: `统计${resource.title}金额`,
      permission: `${resource.name}.page`,
      body: resource.exportSchema,
      response: paymentSums,
    }),
    refund: resourceEndpoint(resource, 'refund', {
      method: 'POST',
      write: true,
      summary: `${resource.title}退款`,
      // Strict: a refund is always the whole amount, so a request naming an amount (a partial
      // refund) is refused with 不支持的字段 instead of refunding the whole.
      body: z.strictObject({ id, version: z.number().int().min(1), reason: refundReason }),
      response: resource.entity,
    }),
  };
}
