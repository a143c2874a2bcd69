import { z } from 'zod';
import { fen, id, isoDate, labelledEnum } from '../common.js';
import { baseFields, defineResource, filter, rangeFilter, tenantFields } from '../resource.js';
import { businessNo, displayName, remark } from './money-fields.js';

export const contractPartyType = labelledEnum({ 1: '服务商与平台', 2: '服务商与企业' });
export const contractStatus = labelledEnum({ 0: '草稿', 1: '生效中', 2: '已到期', 3: '已终止' });

/** A signed contract: the provider with the platform, or the provider with one of its enterprises. */
export const contractResource = defineResource({
  name: 'contract',
  prefix: '/contract',
  title: '合同',
  module: '合同记录',
  deleteEffect: { undo: 'permanent', blockedBy: ['收款记录'] },
  // Provider operators only: the platform works these through the 直营 twins (/saasDirect…, direct* permissions).
  audience: 'agent',
  tenant: 'agent',
  entity: z.object({
    ...baseFields,
    ...tenantFields,
    contractNo: businessNo,
    partyType: contractPartyType,
    /** Required when the other party is an enterprise (partyType 2). */
    enterpriseId: id.nullable(),
    enterpriseName: displayName,
    title: z.string().trim().min(2, '合同名称至少 2 个字').max(80, '合同名称最多 80 个字'),
    amount: fen,
    signedDate: isoDate,
    startDate: isoDate,
    endDate: isoDate,
    status: contractStatus,
    attachmentUrl: z.union([z.url({ protocol: /^https?$/, error: '请输入 http(s) 链接' }), z.literal('')]),
    remark,
  }),
  writable: [
    'contractNo',
    'partyType',
    'enterpriseId',
    'title',
    'amount',
    'signedDate',
    'startDate',
    'endDate',
    'status',
    'attachmentUrl',
    'remark',
  ],
  labels: {
    contractNo: '合同编号',
    partyType: '签约类型',
    enterpriseId: '签约企业',
    title: '合同名称',
    amount: '合同金额',
    signedDate: '签订日期',
    startDate: '开始日期',
    endDate: '结束日期',
    status: '状态',
    attachmentUrl: '合同附件',
  },
  filters: {
    keyword: filter(z.string().trim().max(40), 'contains', { columns: ['contractNo', 'title'] }),
    partyType: filter(contractPartyType, 'eq'),
    status: filter(contractStatus, 'eq'),
    enterpriseId: filter(id, 'eq'),
    signedDate: rangeFilter(isoDate),
  },
  sortable: ['signedDate', 'amount'],
});
export type Contract = z.infer<typeof contractResource.entity>;
