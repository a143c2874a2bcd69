import type { providerPaymentResource, storePaymentResource } from '@console/contract';
import { type WebResourceOptions, defineWebResource } from '../components/resource/define-web-resource';
import { providerSource, storeSource } from '../components/resource/reference-sources';

/** The payment-record resources (`definePaymentRecordResource`) this presentation serves. */
type PaymentRecordResource = typeof storePaymentResource | typeof providerPaymentResource;
type Field<R extends PaymentRecordResource> = keyof R['entity']['shape'] & string;

/**
 * How a payment row reads on 门店缴费记录, 服务商缴费记录 and 缴费明细; the labels are the contract's
 * (`definePaymentRecordResource`) but for the ids, which the contract leaves out of the export.
 */
const paymentFields = {
  agentId: { label: '服务商', reference: providerSource },
  agentName: { width: 170 },
  storeId: { label: '门店', reference: storeSource },
  storeName: { width: 170 },
  item: { width: 110 },
  amount: { width: 120 },
  channel: { width: 100 },
  status: { width: 90, tagColors: { 0: 'orange', 1: 'green', 2: 'red', 3: 'default' } },
  paidAt: { width: 170 },
  periodStart: { width: 110 },
  periodEnd: { width: 110 },
  refundAmount: { width: 110 },
  refundedAt: { width: 170 },
  refundReason: { width: 200 },
  createdAt: { width: 170 },
};

/** The end of a payment's detail, after what it paid for: money, channel, status, period and refund. */
const paymentDetailTail = [
  'amount',
  'channel',
  'status',
  'paidAt',
  'periodStart',
  'periodEnd',
  'refundAmount',
  'refundedAt',
  'refundReason',
  'remark',
  'createdAt',
] as const;

/** The sums strip of a payment list: rows, money in, refunds and what stays. */
export const paymentSumCards = [
  { field: 'count', label: '笔数', kind: 'count' },
  { field: 'paidAmount', label: '实收金额', kind: 'money', tone: 'success' },
  { field: 'refundAmount', label: '退款金额', kind: 'money', tone: 'danger' },
  { field: 'netAmount', label: '净收入', kind: 'money' },
] as const;

/**
 * The list of a payment-record resource: its number (190 wide, the row's title), the widths of
 * what it measures, its columns, and the detail: number, `payer` names, item, measure, then the
 * shared tail. The search bar is the same on every one.
 */
export function paymentRecordWeb<R extends PaymentRecordResource>(
  resource: R,
  own: {
    numberField: Field<R>;
    measureWidths: Partial<Record<Field<R>, number>>;
    columns: readonly Field<R>[];
    /** The detail between the number and the item: who paid, in the resource's order. */
    payer: readonly Field<R>[];
  },
) {
  const measure = Object.keys(own.measureWidths) as Field<R>[];
  const widths = Object.fromEntries(measure.map((name) => [name, { width: own.measureWidths[name] }]));
  // The names are R's fields, which TypeScript cannot follow through R's generic entity.
  const options = {
    fields: { ...paymentFields, ...widths, [own.numberField]: { width: 190 } },
    columns: own.columns,
    search: ['keyword', 'agentId', 'storeId', 'item', 'channel', 'status', 'paidAt'],
    filterLabels: {
      keyword: { label: '缴费单号', placeholder: '输入单号' },
      agentId: { placeholder: '全部服务商' },
      storeId: { placeholder: '全部门店' },
    },
    detail: [own.numberField, ...own.payer, 'item', ...measure, ...paymentDetailTail],
    rowTitle: (row: Record<string, unknown>) => String(row[own.numberField]),
  } as unknown as WebResourceOptions<R>;
  return defineWebResource(resource, options);
}
