import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { fen, id, isoTime, labelledEnum, money, pageOf, pageQuery } from '../common.js';
import { baseFields, defineResource, filter, tenantFields } from '../resource.js';
import { displayName, remark } from './money-fields.js';

export const walletStatus = labelledEnum({ 1: '正常', 0: '冻结' });
export const walletDirection = labelledEnum({ 1: '充值', 2: '扣款' });
export const walletLedgerKind = labelledEnum({ 1: '线下充值', 2: '门店缴费', 3: '退款', 4: '人工调整' });

/** An enterprise's prepaid balance (企业钱包) in fen; it moves only through `adjust`. */
export const enterpriseWalletResource = defineResource({
  name: 'enterpriseWallet',
  prefix: '/enterpriseWallet',
  title: '企业钱包',
  module: '企业钱包',
  audience: 'platform',
  tenant: 'agent',
  entity: z.object({
    ...baseFields,
    ...tenantFields,
    agentName: displayName,
    enterpriseId: id,
    enterpriseName: displayName,
    balance: fen,
    status: walletStatus,
  }),
  labels: {
    enterpriseId: '企业',
    status: '状态',
  },
  filters: {
    agentId: filter(id, 'eq'),
    enterpriseId: filter(id, 'eq'),
    status: filter(walletStatus, 'eq'),
  },
  /** Freezing (status 0) stops deductions; recharges still land. A wallet opens empty, once per enterprise. */
  writable: ['enterpriseId', 'status'],
  sortable: ['balance'],
  actions: ['page', 'get', 'create', 'update'],
  summaries: { create: '开通企业钱包', update: '冻结/解冻企业钱包' },
});
export type EnterpriseWallet = z.infer<typeof enterpriseWalletResource.entity>;

export const walletLedgerRow = z.object({
  id,
  walletId: id,
  agentId: id,
  direction: walletDirection,
  kind: walletLedgerKind,
  amount: fen,
  balanceAfter: fen,
  remark: z.string(),
  operatorName: z.string(),
  createdAt: isoTime,
});
export type WalletLedgerRow = z.infer<typeof walletLedgerRow>;

/** Recharge or deduct; a deduction larger than the balance is refused, never driven negative. */
export const adjustWalletEndpoint = defineEndpoint({
  method: 'POST',
  path: '/enterpriseWallet/adjust',
  access: { permission: 'enterpriseWallet.adjust' },
  audience: 'platform',
  summary: '调整企业钱包余额',
  module: '企业钱包',
  write: true,
  body: z.object({
    id,
    direction: walletDirection,
    kind: walletLedgerKind,
    amount: money({ min: 1, minMessage: '金额需大于 0', max: 10_000_000_00, maxMessage: '单次调整不超过 1000 万元' }),
    remark: remark.min(2, '请填写调整原因'),
  }),
  response: z.object({ wallet: enterpriseWalletResource.entity, entry: walletLedgerRow }),
});

export const walletLedgerEndpoint = defineEndpoint({
  method: 'POST',
  path: '/enterpriseWallet/ledger',
  access: { permission: 'enterpriseWallet.get' },
  audience: 'platform',
  summary: '查询企业钱包明细',
  module: '企业钱包',
  write: false,
  body: pageQuery.pick({ offset: true, size: true }).extend({ walletId: id }),
  response: pageOf(walletLedgerRow),
});
