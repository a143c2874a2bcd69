import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { applyPaymentToRollups, applyRefundToRollups, hardwareOrderFacts } from './rollups.js';

/**
 * A hardware order's status move, in its transaction: paying it adds its lines to the sales
 * rollups; cancelling it after payment refunds them on the day of the cancellation.
 */
export async function rollUpOrderStatus(
  trx: Kysely<Database>,
  order: { id: number; agentId: number; status: number; paidAt: string | null },
  status: number,
  at: string,
): Promise<void> {
  if (status === 1 && order.status === 0) {
    for (const fact of await hardwareOrderFacts(trx, { ...order, paidAt: at })) await applyPaymentToRollups(trx, fact);
  }
  if (status === 4 && order.status === 1 && order.paidAt) {
    for (const fact of await hardwareOrderFacts(trx, { ...order, paidAt: order.paidAt })) {
      await applyRefundToRollups(trx, fact, { at, amount: fact.amount });
    }
  }
}
