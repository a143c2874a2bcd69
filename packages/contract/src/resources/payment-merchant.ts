import { z } from 'zod';
import { id, isoTime, labelledEnum, phone } from '../common.js';
import { storedFileName } from '../endpoints/upload.js';
import { baseFields, defineResource, filter, rangeFilter, tenantFields } from '../resource.js';
import { displayName } from './money-fields.js';

export const paymentProvider = labelledEnum({ 1: '扫码支付', 2: '微信服务商' });
/**
 * An application's life at the payment provider: 已提交 (saved, handed to the provider) →
 * 审核中 (the provider took it up) → 已通过 (merchant number assigned) → 已开通 (able to take
 * payments), or 已驳回 with a reason, after which it may be corrected and submitted again. The
 * numbers are stored; 3 and 4 came later than 0–2, hence the order.
 */
export const merchantStatus = labelledEnum({ 0: '已提交', 3: '审核中', 1: '已通过', 2: '已驳回', 4: '已开通' });
/** 结算账号: 10–30 digits; write-only, answered masked. */
export const settleAccount = z
  .string()
  .trim()
  .regex(/^\d{10,30}$/, '结算账号为 10–30 位数字');
/**
 * A document image uploaded for the application (purpose merchantDocument), kept as its stored
 * key; '' when none. The server requires the licence and both ID sides on a new application.
 */
const merchantImage = z.union([z.string().regex(storedFileName, '文件不存在，请重新上传'), z.literal('')]);
/** The images a new application must carry, with what to say when one is missing. */
export const requiredMerchantImages = {
  licenseImage: '请上传营业执照',
  idCardFrontImage: '请上传法人身份证人像面',
  idCardBackImage: '请上传法人身份证国徽面',
} as const;

const merchantEntity = z.object({
  ...baseFields,
  ...tenantFields,
  agentName: displayName,
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
  /** The settlement account as its first and last 4 digits; the digits themselves are never answered. */
  settleAccountMasked: z.string(),
  storefrontImage: merchantImage,
  licenseImage: merchantImage,
  idCardFrontImage: merchantImage,
  idCardBackImage: merchantImage,
  status: merchantStatus,
  /** The payment provider's application number, set when the application is submitted. */
  applyNo: z.string(),
  /** The merchant number the provider assigns on approval. */
  merchantNo: z.string(),
  rejectReason: z.string(),
  submittedAt: isoTime,
  reviewedAt: isoTime.nullable(),
  activatedAt: isoTime.nullable(),
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
    deleteEffect: { undo: 'permanent', refusedWhen: '已通过或已开通的商户不能删除。' },
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
      'storefrontImage',
      'licenseImage',
      'idCardFrontImage',
      'idCardBackImage',
    ],
    createExtra: { settleAccount },
    // Left out or blank on a resubmission: the stored account stays.
    updateExtra: { settleAccount: z.union([settleAccount, z.literal('')]).optional() },
    labels: {
      agentName: '服务商',
      storeId: '门店',
      storeName: '门店',
      provider: '支付通道',
      status: '状态',
      settleAccountMasked: '结算账号',
      applyNo: '申请单号',
      merchantNo: '商户号',
      rejectReason: '驳回原因',
      submittedAt: '提交时间',
      reviewedAt: '审核时间',
      activatedAt: '开通时间',
      merchantName: '商户全称',
      shortName: '商户简称',
      licenseNo: '统一社会信用代码',
      legalPerson: '法人',
      contactPhone: '联系电话',
      settleBank: '开户银行',
      storefrontImage: '门头照片',
      licenseImage: '营业执照',
      idCardFrontImage: '身份证人像面',
      idCardBackImage: '身份证国徽面',
    },
    exportColumns: [
      'agentName',
      'storeName',
      'merchantName',
      'shortName',
      'licenseNo',
      'legalPerson',
      'contactPhone',
      'settleBank',
      'settleAccountMasked',
      'status',
      'applyNo',
      'merchantNo',
      'rejectReason',
      'submittedAt',
      'reviewedAt',
      'activatedAt',
    ],
    actions: ['page', 'get', 'create', 'update', 'delete', 'export'],
    summaries: { update: `重新提交${title}申请` },
    filters: {
      agentId: filter(id, 'eq'),
      keyword: filter(z.string().trim().max(40), 'contains', { columns: ['merchantName', 'shortName', 'merchantNo'] }),
      status: filter(merchantStatus, 'eq'),
      storeId: filter(id, 'eq'),
      submittedAt: rangeFilter(isoTime),
    },
    sortable: ['submittedAt'],
  });
}

export const sweepMerchantResource = merchantResource('sweepShop', '/sweepShop', '扫码支付商户');
export const wsMerchantResource = merchantResource('wsShop', '/wsShop', '微信服务商商户');
export type PaymentMerchant = z.infer<typeof merchantEntity>;
