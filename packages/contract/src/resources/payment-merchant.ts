import { z } from 'zod';
import { id, isoTime, labelledEnum, phone } from '../common.js';
import { baseFields, defineResource, filter, rangeFilter, tenantFields } from '../resource.js';
import { displayName } from './money-fields.js';

export const paymentProvider = labelledEnum({ 1: '扫码支付', 2: '网商支付' });
export const merchantStatus = labelledEnum({ 0: '审核中', 1: '已通过', 2: '已驳回' });

const merchantEntity = z.object({
  ...baseFields,
  ...tenantFields,
  storeId: id,
  storeName: displayName,
  provider: paymentProvider,
  merchantName: z.string().trim().min(4, '商户全称至少 4 个字').max(60, '商户全称最多 60 个字'),
  shortName: z.string().trim().min(2, '商户简称至少 2 个字').max(20, '商户简称最多 20 个字'),
  /** 统一社会信用代码: 18 characters, digits and capitals without I, O, S, V, Z. */
  licenseNo: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/, '请输入 18 位统一社会信用代码'),
  legalPerson: z.string().trim().min(2, '法人姓名至少 2 个字').max(20, '法人姓名最多 20 个字'),
  contactPhone: phone,
  settleBank: z.string().trim().min(4, '请填写开户银行').max(60, '开户银行最多 60 个字'),
  settleAccount: z
    .string()
    .trim()
    .regex(/^\d{10,30}$/, '结算账号为 10–30 位数字'),
  status: merchantStatus,
  /** The payment provider's application number, set when the application is submitted. */
  applyNo: z.string(),
  /** The merchant number the provider assigns on approval. */
  merchantNo: z.string(),
  rejectReason: z.string(),
  submittedAt: isoTime,
  reviewedAt: isoTime.nullable(),
});

/**
 * A store's merchant application with one payment provider. The two providers are two screens
 * (sweepShop, wsShop) and two permission sets over one table; the server fixes `provider`.
 */
function merchantResource(name: string, prefix: string, title: string) {
  return defineResource({
    name,
    prefix,
    title,
    module: '支付商户',
    audience: 'any',
    tenant: 'agent',
    entity: merchantEntity,
    writable: [
      'storeId',
      'merchantName',
      'shortName',
      'licenseNo',
      'legalPerson',
      'contactPhone',
      'settleBank',
      'settleAccount',
    ],
    filters: {
      keyword: filter(z.string().trim().max(40), 'contains', { columns: ['merchantName', 'shortName', 'merchantNo'] }),
      status: filter(merchantStatus, 'eq'),
      storeId: filter(id, 'eq'),
      submittedAt: rangeFilter(isoTime),
    },
    sortable: ['submittedAt'],
  });
}

export const sweepMerchantResource = merchantResource('sweepShop', '/sweepShop', '扫码支付商户');
export const wsMerchantResource = merchantResource('wsShop', '/wsShop', '网商支付商户');
export type PaymentMerchant = z.infer<typeof merchantEntity>;
