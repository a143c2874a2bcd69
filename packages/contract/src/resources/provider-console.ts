import { z } from 'zod';
import { fen, isoDate, labelledEnum, phone } from '../common.js';
import { type Audience, defineEndpoint } from '../endpoint.js';
import { recordId, resourceEndpoint } from '../resource.js';
import { accountRecordResource } from './account-record.js';
import { collectionResource } from './collection.js';
import { contractResource } from './contract.js';
import { storeResource } from './store.js';

/** What a store renewal extends: the store's web system, or its staff mini-program. */
export const renewalKind = labelledEnum({ 1: '网页版', 2: '员工小程序' });
export type RenewalKind = 1 | 2;
const years = z.coerce.number().int().min(1, '至少续费 1 年').max(5, '一次最多续费 5 年');

/** The price of a renewal as it would be charged now, and the provider's balance beside it. */
export const renewalQuote = z.object({
  unitPrice: fen,
  years: z.number().int(),
  amount: fen,
  /** May be negative: the platform's adjustments can overdraw an account. */
  balance: z.number().int(),
  /** The expiry date the renewal extends from (today when lapsed or never set) and the one it gives. */
  expireFrom: isoDate,
  expireTo: isoDate,
});
export type RenewalQuote = z.infer<typeof renewalQuote>;

/**
 * 门店续费 (门店管理): a store's web or staff mini-program period bought for whole years at the
 * platform's price (the provider's own price where the platform set one), paid from the
 * provider's balance; the store's version guards against paying twice for one click.
 */
export const storeRenewalEndpoints = {
  quote: resourceEndpoint(storeResource, 'renewQuote', {
    method: 'GET',
    permission: 'store.renew',
    write: false,
    summary: '门店续费报价',
    query: z.object({ id: recordId, kind: z.coerce.number().pipe(z.union([z.literal(1), z.literal(2)])), years }),
    response: renewalQuote,
  }),
  renew: resourceEndpoint(storeResource, 'renew', {
    method: 'POST',
    write: true,
    summary: '门店续费',
    body: z.object({
      id: recordId,
      version: z.number().int().min(1),
      kind: renewalKind,
      years,
      /** The amount the operator confirmed; a price changed since the quote is refused, not charged. */
      expectedAmount: fen,
    }),
    response: storeResource.entity,
  }),
} as const;

/** Sums above a money list, over exactly the list's filters. */
export const moneyTotals = z.object({ count: z.number().int(), amount: z.number().int() });
export const accountTotals = z.object({
  count: z.number().int(),
  income: z.number().int(),
  expense: z.number().int(),
  /** The account's balance now (the latest row's balance after it), whatever the filter. */
  balance: z.number().int(),
});

const totalsOf = <B extends z.ZodType, R extends z.ZodType>(
  resource: { name: string; prefix: string; audience: Audience; module: string; exportSchema: B },
  summary: string,
  response: R,
) =>
  resourceEndpoint(resource, 'totals', {
    method: 'POST',
    permission: `${resource.name}.page`,
    write: false,
    summary,
    body: resource.exportSchema,
    response,
  });

export const financeTotalsEndpoints = {
  contract: totalsOf(contractResource, '合同金额合计', moneyTotals),
  collection: totalsOf(collectionResource, '收款金额合计', moneyTotals),
  accountRecord: totalsOf(accountRecordResource, '账户收支合计', accountTotals),
} as const;

/** 直营配置: the reserved direct-run provider's own settings, with its figures beside them. */
export const directConfig = z.object({
  id: recordId,
  version: z.number().int(),
  agentNo: z.string(),
  name: z.string().trim().min(2, '名称至少 2 个字').max(60, '名称最多 60 字').describe('直营名称'),
  contactName: z.string().trim().min(1, '请输入联系人').max(30).describe('联系人'),
  contactPhone: z.union([phone, z.string().regex(/^\d{7,12}$/, '请输入手机号或座机号')]).describe('联系电话'),
  region: z.string().trim().max(60).describe('所在地区'),
  address: z.string().trim().max(200).describe('地址'),
  remark: z.string().trim().max(500).describe('备注'),
  balance: z.number().int(),
  storeCount: z.number().int(),
  enterpriseCount: z.number().int(),
});
export type DirectConfig = z.infer<typeof directConfig>;
export const directConfigInput = directConfig
  .pick({ name: true, contactName: true, contactPhone: true, region: true, address: true, remark: true })
  .extend({ version: z.number().int().min(1) });

export const directConfigEndpoints = {
  get: defineEndpoint({
    method: 'GET',
    path: '/saasDirect/config/get',
    access: { permission: 'saasConfig' },
    audience: 'platform',
    summary: '查看直营配置',
    module: '直营配置',
    write: false,
    response: directConfig,
  }),
  update: defineEndpoint({
    method: 'POST',
    path: '/saasDirect/config/update',
    access: { permission: 'directConfig.update' },
    audience: 'platform',
    summary: '修改直营配置',
    module: '直营配置',
    write: true,
    body: directConfigInput,
    response: directConfig,
  }),
} as const;
