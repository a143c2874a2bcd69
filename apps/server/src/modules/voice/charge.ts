import type { RequestContext } from '../../http/context.js';
import { AppError } from '../../lib/app-error.js';
import { nowIso } from '../../lib/clock.js';
import { ledgerNo } from '../finance/account.js';

/** 支出, 语音码采购: the ledger's direction and kind of a provider paying for a code. */
const OUT = 2;
const VOICE_PURCHASE = 5;

const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;

/** The provider's balance: the last ledger row's balance after it (an empty ledger is 0). */
export async function providerBalance(ctx: Pick<RequestContext, 'db'>, agentId: number): Promise<number> {
  const last = await ctx.db
    .selectFrom('accountRecord')
    .select('balanceAfter')
    .where('agentId', '=', agentId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return last?.balanceAfter ?? 0;
}

/**
 * Takes the provider's row lock and checks the balance covers `price`. Locked first, so two
 * takes by one provider (other devices, other operators) queue here on PostgreSQL and each sees
 * the balance the other left; SQLite serialises writers anyway.
 */
export async function lockBalanceFor(ctx: RequestContext, agentId: number, price: number): Promise<number> {
  await ctx.db
    .updateTable('agent')
    .set((eb) => ({ version: eb.ref('version') }))
    .where('id', '=', agentId)
    .execute();
  const balance = await providerBalance(ctx, agentId);
  if (balance < price) {
    throw new AppError('stateConflict', {
      message: `账户余额不足：语音码单价 ${yuan(price)}，当前余额 ${yuan(balance)}，请先充值`,
    });
  }
  return balance;
}

/** The ledger row of one code bought for one device, in the transaction that binds it. */
export async function writeVoiceCharge(
  ctx: RequestContext,
  charge: { agentId: number; price: number; balance: number; code: string; deviceNo: string },
): Promise<void> {
  const now = nowIso();
  await ctx.db
    .insertInto('accountRecord')
    .values({
      agentId: charge.agentId,
      recordNo: ledgerNo('YY'),
      direction: OUT,
      kind: VOICE_PURCHASE,
      amount: charge.price,
      balanceAfter: charge.balance - charge.price,
      relatedNo: charge.code,
      remark: `安卓设备 ${charge.deviceNo} 领取语音码`,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
}
