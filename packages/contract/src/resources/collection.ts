import { z } from 'zod';
import { id, isoTime, labelledEnum, money } from '../common.js';
import { baseFields, defineResource, filter, rangeFilter, tenantFields } from '../resource.js';
import { businessNo, displayName, remark } from './money-fields.js';

export const collectionMethod = labelledEnum({ 1: '银行转账', 2: '微信', 3: '支付宝', 4: '现金', 5: '其他' });
export const collectionStatus = labelledEnum({ 0: '待确认', 1: '已确认', 2: '已作废' });

/** Money a provider received (收款), usually against a contract. */
export const collectionResource = defineResource({
  name: 'collection',
  prefix: '/collection',
  title: '收款记录',
  module: '收款记录',
  deleteEffect: { undo: 'permanent' },
  // Provider operators only: the platform works these through the 直营 twins (/saasDirect…, direct* permissions).
  audience: 'agent',
  tenant: 'agent',
  entity: z.object({
    ...baseFields,
    ...tenantFields,
    collectionNo: businessNo,
    contractId: id.nullable(),
    contractNo: displayName,
    enterpriseId: id.nullable(),
    enterpriseName: displayName,
    payer: z.string().trim().min(2, '付款方至少 2 个字').max(60, '付款方最多 60 个字'),
    amount: money({ min: 1, minMessage: '收款金额需大于 0' }),
    method: collectionMethod,
    collectedAt: isoTime,
    status: collectionStatus,
    remark,
  }),
  writable: [
    'collectionNo',
    'contractId',
    'enterpriseId',
    'payer',
    'amount',
    'method',
    'collectedAt',
    'status',
    'remark',
  ],
  labels: {
    collectionNo: '收款单号',
    contractId: '关联合同',
    enterpriseId: '付款企业',
    payer: '付款方',
    amount: '收款金额',
    method: '收款方式',
    collectedAt: '收款时间',
    status: '状态',
  },
  filters: {
    keyword: filter(z.string().trim().max(40), 'contains', { columns: ['collectionNo', 'payer'] }),
    method: filter(collectionMethod, 'eq'),
    status: filter(collectionStatus, 'eq'),
    contractId: filter(id, 'eq'),
    collectedAt: rangeFilter(isoTime),
  },
  sortable: ['collectedAt', 'amount'],
});
export type Collection = z.infer<typeof collectionResource.entity>;
