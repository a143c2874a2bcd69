import type { Insertable, Kysely } from 'kysely';
import type { ProviderPaymentTable, StorePaymentTable } from '../../db/tables/domain-ops.js';
import type { Database } from '../../db/types.js';
import { AppError } from '../../lib/app-error.js';
import { nowIso } from '../../lib/clock.js';
import {
  type RollupPayment,
  applyPaymentToRollups,
  applyRefundToRollups,
  providerPaymentFact,
  storePaymentFact,
} from '../reports/rollups.js';
import { addPaymentToListSums, movePaymentInListSums } from './list-sum-rollup.js';
import { PAY, paymentMoneyFault, refundAmountOf } from './payment-money.js';

// THE places a payment row's money is written: a new row (`recordStorePayment`,
// `recordProviderPayment`) and its refund. Everything that must move with a payment (the report
// rollups and the list sums) is called from here, inside the caller's transaction; add nothing
// that writes `amount`, `status` or `refundAmount` of these tables anywhere else. Each keeps the
// rule of payment-money.ts.

/** The two payment tables: what stores paid (门店缴费) and what providers paid (服务商缴费). */
export type PaymentTable = 'storePayment' | 'providerPayment';

export interface PaymentRefund {
  id: number;
  /** The version the operator saw: a row changed since is refused, not refunded twice. */
  version: number;
  reason: string;
  /** When the refund happened: now, unless a seed or a test writes history. */
  at?: string;
}

/** A payment as it is first written: pending, paid or closed; a refund comes later, by the refund below. */
type NewPayment<T> = Omit<Insertable<T>, 'refundAmount' | 'refundedAt' | 'refundReason'>;

/** A new row keeps the rule; a writer's bug stops its transaction instead of a report disagreeing. */
function checkNewPayment(row: { status: number; amount: number; paidAt?: string | null }): void {
  if (row.status === PAY.refunded) throw new Error('a payment is refunded after it is written, by its refund');
  const fault = paymentMoneyFault({ ...row, paidAt: row.paidAt ?? null });
  if (fault) throw new Error(`payment breaks the money rule: ${fault}`);
}

/** A new row's rollups (the reports' when paid, and the list sums'), in the row's transaction. */
async function rollUpNewPayment(
  db: Kysely<Database>,
  table: PaymentTable,
  row: NewPayment<StorePaymentTable> | NewPayment<ProviderPaymentTable>,
  fact: (paidAt: string) => RollupPayment,
): Promise<void> {
  if (row.paidAt) await applyPaymentToRollups(db, fact(row.paidAt));
  await addPaymentToListSums(db, table, { ...row, paidAt: row.paidAt ?? null, refundAmount: 0 });
}

/** A store payment (门店缴费记录) as the payment provider reports it; answers its id. */
export async function recordStorePayment(db: Kysely<Database>, row: NewPayment<StorePaymentTable>): Promise<number> {
  checkNewPayment(row);
  const { id } = await db.insertInto('storePayment').values(row).returning('id').executeTakeFirstOrThrow();
  await rollUpNewPayment(db, 'storePayment', row, (paidAt) => storePaymentFact({ ...row, paidAt }));
  return id;
}

/** A provider payment (服务商缴费记录), as the renewal or the payment provider reports it; answers its id. */
export async function recordProviderPayment(
  db: Kysely<Database>,
  row: NewPayment<ProviderPaymentTable>,
): Promise<number> {
  checkNewPayment(row);
  const { id } = await db.insertInto('providerPayment').values(row).returning('id').executeTakeFirstOrThrow();
  await rollUpNewPayment(db, 'providerPayment', row, (paidAt) => providerPaymentFact({ ...row, paidAt }));
  return id;
}

/** A paid row's refund: the whole amount (payment-money.ts), once; a refunded row is refused. */
async function refundPayment(db: Kysely<Database>, table: PaymentTable, input: PaymentRefund) {
  // Both tables share these columns; Kysely cannot type a query over a union of table names.
  const t = table as 'storePayment';
  const before = await db.selectFrom(t).where('id', '=', input.id).selectAll().executeTakeFirst();
  if (!before) throw new AppError('recordNotFound');
  if (before.version !== input.version) throw new AppError('versionConflict');
  if (before.status !== PAY.paid) throw new AppError('stateConflict', { message: '只有已支付的记录可以退款' });
  const now = input.at ?? nowIso();
  const refundAmount = refundAmountOf({ status: PAY.refunded, amount: before.amount });
  const result = await db
    .updateTable(t)
    .set((eb) => ({
      status: PAY.refunded,
      refundAmount,
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
  // A provider payment's quantity is the stores it opened or renewed, which its refund takes back.
  const fact =
    'quantity' in before && typeof before.quantity === 'number'
      ? providerPaymentFact({ ...paid, quantity: before.quantity })
      : storePaymentFact(paid);
  await applyRefundToRollups(db, fact, { at: now, amount: refundAmount });
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
