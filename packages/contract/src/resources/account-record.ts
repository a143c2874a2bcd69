import { z } from 'zod';
import { directRunEndpoint } from '../direct-run.js';
import { defineEndpoint } from '../endpoint.js';
import { fen, id, isoTime, labelledEnum, money } from '../common.js';
import { baseFields, defineResource, filter, rangeFilter, tenantFields } from '../resource.js';
import { remark } from './money-fields.js';

export const accountDirection = labelledEnum({ 1: '收入', 2: '支出' });
export const accountRecordKind = labelledEnum({
  1: '账户充值',
  2: '开通门店',
  3: '门店续费',
  4: '员工小程序',
  5: '语音码采购',
  6: '硬件订单',
  7: '退款',
  8: '人工调整',
});

/**
 * The provider's account with the platform (账户流水): append-only, each row with the balance
 * after it. Rows come from the platform's adjustments and from billing, never from edits.
 */
export const accountRecordResource = defineResource({
  name: 'accountRecord',
  prefix: '/accountRecord',
  title: '账户流水',
  module: '账户流水',
  // Provider operators only: the platform works these through the 直营 twins (/saasDirect…, direct* permissions).
  audience: 'agent',
  tenant: 'agent',
  entity: z.object({
    ...baseFields,
    ...tenantFields,
    recordNo: z.string(),
    direction: accountDirection,
    kind: accountRecordKind,
    amount: fen,
    /** May go below zero: billing can overdraw a provider's account. */
    balanceAfter: z.number().int(),
    relatedNo: z.string(),
    remark,
  }),
  filters: {
    keyword: filter(z.string().trim().max(40), 'contains', { columns: ['recordNo', 'relatedNo'] }),
    direction: filter(accountDirection, 'eq'),
    kind: filter(accountRecordKind, 'eq'),
    createdAt: rangeFilter(isoTime),
  },
  sortable: ['amount'],
  actions: ['page', 'get'],
});
export type AccountRecord = z.infer<typeof accountRecordResource.entity>;

/** Platform recharge or deduction on a provider's account; the balance moves in the same transaction. */
export const adjustAccountEndpoint = defineEndpoint({
  method: 'POST',
  path: '/accountRecord/adjust',
  access: { permission: 'accountRecord.adjust' },
  audience: 'platform',
  summary: '调整服务商账户余额',
  module: '账户流水',
  write: true,
  body: z.object({
    agentId: id,
    direction: accountDirection,
    kind: accountRecordKind,
    amount: money({ min: 1, minMessage: '金额需大于 0' }),
    remark: remark.min(2, '请填写调整原因'),
  }),
  response: accountRecordResource.entity,
});

/** What the platform may book on its own direct-run account: a top-up, or a manual correction either way. */
export const directAdjustKind = labelledEnum({ 1: '账户充值', 8: '人工调整' });

/**
 * 直营 交易记录 调整余额: the platform tops up or corrects its reserved provider's account. Only the
 * direct-run twin exists (`/saasDirect/accountRecord/adjust`, `directAccountRecord.adjust`): a
 * provider never adjusts its own balance. `balanceBefore` is the balance the operator confirmed;
 * when the account moved meanwhile the adjustment is refused rather than booked against a
 * balance nobody saw.
 */
export const directAdjustAccountEndpoint = directRunEndpoint(
  defineEndpoint({
    method: 'POST',
    path: '/accountRecord/adjust',
    access: { permission: 'accountRecord.adjust' },
    audience: 'agent',
    summary: '调整直营账户余额',
    module: '交易记录',
    write: true,
    body: z
      .object({
        direction: accountDirection,
        kind: directAdjustKind,
        amount: money({
          min: 1,
          minMessage: '金额需大于 0',
          max: 10_000_000_00,
          maxMessage: '单次调整不超过 1000 万元',
        }),
        remark: remark.min(2, '请填写调整原因'),
        balanceBefore: z.number().int().describe('确认时看到的余额（分）'),
      })
      .refine((b) => b.kind !== 1 || b.direction === 1, { path: ['kind'], message: '账户充值只能增加余额' }),
    response: accountRecordResource.entity,
  }),
);
