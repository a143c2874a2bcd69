import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { AppError } from '../../lib/app-error.js';
import { nowIso } from '../../lib/clock.js';
import { applyRefundToRollups, providerPaymentFact, storePaymentFact } from '../reports/rollups.js';
import { movePaymentInListSums } from './list-sum-rollup.js';

/** The two payment tables: what stores paid (门店缴费) and what providers paid (服务商缴费). */
export type PaymentTable = 'storePayment' | 'providerPayment';

/** Payment statuses (the contract's payStatus). */
export const PAY = { pending: 0, paid: 1, refunded: 2, closed: 3 } as const;

export interface PaymentRefund {
  id: number;
  /** The version the operator saw: a row changed since is refused, not refunded twice. */
  version: number;
  reason: string;
}

/**
 * THE place a payment row's money changes after it was paid (here: its refund). Everything that
 * must move with a payment — the report rollups' `applyPaymentToRollups` and the list sums'
 * `movePaymentInListSums`, for two — is called
 * from here, inside the caller's transaction, with the row before and after; add nothing that
 * changes `amount`, `status` or `refundAmount` of these tables anywhere else.
 */
async function refundPayment(db: Kysely<Database>, table: PaymentTable, input: PaymentRefund) {
  // Both tables share these columns; Kysely cannot type a query over a union of table names.
  const t = table as 'storePayment';
  const before = await db.selectFrom(t).where('id', '=', input.id).selectAll().executeTakeFirst();
  if (!before) throw new AppError('recordNotFound');
  if (before.version !== input.version) throw new AppError('versionConflict');
  if (before.status !== PAY.paid) throw new AppError('stateConflict', { message: '只有已支付的记录可以退款' });
  const now = nowIso();
  const result = await db
    .updateTable(t)
    .set((eb) => ({
      status: PAY.refunded,
      refundAmount: before.amount,
      refundedAt: now,
      refundReason: input.reason,
      version: eb('version', '+', 1),
      updatedAt: now,
    }))
    .where('id', '=', input.id)
    .where('version', '=', input.version)
    .where('status', '=', PAY.paid)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new AppError('versionConflict');
  const after = await db.selectFrom(t).where('id', '=', input.id).selectAll().executeTakeFirstOrThrow();
  // The reports' rollups move in the same transaction: the refund counts on its own day.
  const paid = { ...before, paidAt: before.paidAt ?? now };
  const fact =
    table === 'storePayment'
      ? storePaymentFact(paid)
      : providerPaymentFact({ ...paid, quantity: (before as unknown as { quantity: number }).quantity });
  await applyRefundToRollups(db, fact, now);
  // The list sums keep the row on its payment's day: it moves from 已支付 to 已退款 there.
  await movePaymentInListSums(db, table, before, after);
  return { before, after };
}

/** A store payment's refund (门店缴费记录); the only writer of its refund. */
export const refundStorePayment = (db: Kysely<Database>, input: PaymentRefund) =>
  refundPayment(db, 'storePayment', input);

/** A provider payment's refund (服务商缴费记录); the only writer of its refund. */
export const refundProviderPayment = (db: Kysely<Database>, input: PaymentRefund) =>
  refundPayment(db, 'providerPayment', input);
