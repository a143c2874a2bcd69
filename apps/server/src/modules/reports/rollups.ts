import { chinaDay } from '@console/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { refreshAfterStorePayment } from './commission-months.js';
import { type RollupDelta, bumpLevels } from './rollup-levels.js';
import { ROLLUP_SOURCE } from './rollup-source.js';

// The reports' rollups (issue 18): payments summed per China-time day × provider × source ×
// product, and the coarser sums of rollup-levels.ts. Every write that makes a payment paid or
// refunded calls one of the two functions below in its own transaction, so a report never
// disagrees with the records it sums and never scans them on the request path. `rollup-rebuild.ts`
// rebuilds them from the records, `rollup-check.ts` checks them; 佣金监控's provider-months
// (commission-months.ts) follow the store payments' rollups here.

/** One paid amount as the rollups see it: a payment, or one line of a hardware order. */
export interface RollupPayment {
  source: 1 | 2 | 3;
  agentId: number;
  /** The payment's item, or the hardware line's product id. */
  product: number;
  amount: number;
  /** Stores opened or renewed, hardware units; 1 for a store's own payment. */
  quantity: number;
  paidAt: string;
}

async function bump(trx: Kysely<Database>, p: RollupPayment, day: string, d: RollupDelta): Promise<void> {
  await bumpLevels(trx, { day, agentId: p.agentId, source: p.source, product: p.product }, d);
  // 佣金监控's provider-months are computed from the store payments' monthly rollup just bumped.
  if (p.source === ROLLUP_SOURCE.storePayment) await refreshAfterStorePayment(trx, p.agentId, day);
}

/** A payment became paid: its amount counts on the day it was paid. Call inside the payment's transaction. */
export async function applyPaymentToRollups(trx: Kysely<Database>, payment: RollupPayment): Promise<void> {
  await bump(trx, payment, chinaDay(payment.paidAt), {
    amount: payment.amount,
    paidCount: 1,
    quantity: payment.quantity,
    refundAmount: 0,
    refundCount: 0,
  });
}

/**
 * A paid payment was refunded (the whole amount: finance/payment-money.ts), or a paid hardware
 * order cancelled: the refund counts on the refund's day, so a month already reported keeps its
 * figures and the refund lowers the month it happened in. `refund.amount` is what the row says was
 * returned (its refund_amount; a cancelled order line's amount).
 */
export async function applyRefundToRollups(
  trx: Kysely<Database>,
  payment: RollupPayment,
  refund: { at: string; amount: number },
): Promise<void> {
  await bump(trx, payment, chinaDay(refund.at), {
    amount: 0,
    paidCount: 0,
    // Units are net: a refunded store opening is no new store, a cancelled device no sale.
    quantity: -payment.quantity,
    refundAmount: refund.amount,
    refundCount: 1,
  });
}

/** A store payment row as the rollups see it. */
export function storePaymentFact(row: {
  agentId: number;
  item: number;
  amount: number;
  paidAt: string;
}): RollupPayment {
  return { source: 1, agentId: row.agentId, product: row.item, amount: row.amount, quantity: 1, paidAt: row.paidAt };
}

/** A provider payment row as the rollups see it: quantity is the stores opened or renewed. */
export function providerPaymentFact(row: {
  agentId: number;
  item: number;
  amount: number;
  quantity: number;
  paidAt: string;
}): RollupPayment {
  return {
    source: 2,
    agentId: row.agentId,
    product: row.item,
    amount: row.amount,
    quantity: row.quantity,
    paidAt: row.paidAt,
  };
}

/**
 * A paid hardware order's lines, one rollup fact per product, in product order: two orders paid at
 * once then lock the platform rollup rows they share in the same order (lines in the order they
 * were entered could lock them in opposite orders and deadlock on PostgreSQL).
 */
export async function hardwareOrderFacts(
  trx: Kysely<Database>,
  order: { id: number; agentId: number; paidAt: string },
): Promise<RollupPayment[]> {
  const lines = await trx
    .selectFrom('hardwareOrderItem')
    .select(['productId', 'quantity', 'amount'])
    .where('orderId', '=', order.id)
    .orderBy('productId')
    .orderBy('id')
    .execute();
  return lines.map((l) => ({
    source: 3,
    agentId: order.agentId,
    product: l.productId,
    amount: l.amount,
    quantity: l.quantity,
    paidAt: order.paidAt,
  }));
}
