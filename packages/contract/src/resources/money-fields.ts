import { z } from 'zod';
import { labelledEnum } from '../common.js';

// Field kinds the money, messaging and operations resources share.

/** Labelled here once, so no screen that lists, edits or exports a remark shows the bare key `remark`. */
export const remark = z.string().trim().max(500, '备注最多 500 字').describe('备注');
/** A business number such as HT202611220001: letters, digits and dashes. */
export const businessNo = z
  .string()
  .trim()
  .min(4, '编号至少 4 位')
  .max(40, '编号最多 40 位')
  .regex(/^[A-Za-z0-9-]+$/, '编号只能包含字母、数字和短横线');
export const enabledStatus = labelledEnum({ 1: '启用', 0: '停用' });
/** How money reached the payee; 5: a provider paid from its account balance with the platform (续费). */
export const payChannel = labelledEnum({ 1: '微信支付', 2: '支付宝', 3: '企业钱包', 4: '线下转账', 5: '账户余额' });
/** A payment's life: created, paid, refunded, closed unpaid. */
export const payStatus = labelledEnum({ 0: '待支付', 1: '已支付', 2: '已退款', 3: '已关闭' });
export const displayName = z.string().nullable();
