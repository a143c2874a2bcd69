import type { FieldOverride } from '../components/resource/define-web-resource';

/**
 * How the period and refund of a payment row read on 门店缴费记录, 服务商缴费记录 and 缴费明细
 * (presentation shared by those resource files; not a resource itself).
 */
export const paymentFields = {
  agentId: { label: '服务商' },
  agentName: { label: '服务商', width: 170 },
  storeId: { label: '门店' },
  storeName: { label: '门店', width: 170 },
  amount: { label: '金额', width: 120 },
  channel: { label: '支付渠道', width: 100 },
  status: { label: '状态', width: 90, tagColors: { 0: 'orange', 1: 'green', 2: 'red', 3: 'default' } },
  paidAt: { label: '支付时间', width: 170 },
  periodStart: { label: '服务开始', width: 110 },
  periodEnd: { label: '服务结束', width: 110 },
  refundAmount: { label: '退款金额', width: 110 },
  refundedAt: { label: '退款时间', width: 170 },
  refundReason: { label: '退款原因', width: 200 },
  remark: { label: '备注' },
  createdAt: { label: '创建时间', width: 170 },
} satisfies Record<string, FieldOverride<never>>;

/** The sums strip of a payment list: rows, money in, refunds and what stays. */
export const paymentSumCards = [
  { field: 'count', label: '笔数', kind: 'count' },
  { field: 'paidAmount', label: '实收金额', kind: 'money', tone: 'success' },
  { field: 'refundAmount', label: '退款金额', kind: 'money', tone: 'danger' },
  { field: 'netAmount', label: '净收入', kind: 'money' },
] as const;

/** The end of a payment's detail, after what it paid for: money, channel, status, period and refund. */
export const paymentDetailTail = [
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
