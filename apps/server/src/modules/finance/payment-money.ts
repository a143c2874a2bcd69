import { type RawBuilder, sql } from 'kysely';

// The one definition of a payment's money (issue 26), read by every figure made from the payment
// tables (the list sums, the reports and their rollups, 佣金监控, the exports) and obeyed by every
// writer (the refund, the renewal, the seeds, the scale generator, the rollup rebuild).
//
// The domain: "a refund is always the whole amount" (contract, payment-records.ts), once, and it
// cannot be undone (the console's 退款 dialog: 将全额退还…不能撤销). There is no partial refund, so
// a row's money is:
//   - money in: its amount, when it was paid (已支付, or 已退款 after it), on its 支付时间;
//   - refunded: its refund_amount, which is its whole amount on a 已退款 row and 0 on any other,
//     on its 退款时间;
//   - net = money in − refunded.
// Figures once read refunds from the status (every 已退款 row as its amount) here and from
// refund_amount there, and seeded 已退款 rows with refund_amount 0 made them disagree by ¥52 000.

/** Payment statuses (the contract's payStatus). */
export const PAY = { pending: 0, paid: 1, refunded: 2, closed: 3 } as const;

/** The statuses whose amount was received: paid, and paid then refunded. */
export const MONEY_IN_STATUSES: readonly number[] = [PAY.paid, PAY.refunded];

/** What a row with this status and amount has refunded: all of it once refunded, else nothing. */
export function refundAmountOf(row: { status: number; amount: number }): number {
  return row.status === PAY.refunded ? row.amount : 0;
}

/** Why a payment row breaks the rule, or null when it keeps it (for the writers that insert rows). */
export function paymentMoneyFault(row: {
  status: number;
  amount: number;
  refundAmount?: number;
  paidAt: string | null;
  refundedAt?: string | null;
}): string | null {
  if (row.amount < 0) return 'amount is negative';
  if ((row.refundAmount ?? 0) !== refundAmountOf(row)) return 'refund_amount is not the whole amount of a refunded row';
  if (MONEY_IN_STATUSES.includes(row.status) !== (row.paidAt !== null)) return 'paid_at does not match the status';
  if ((row.status === PAY.refunded) !== Boolean(row.refundedAt)) return 'refunded_at does not match the status';
  return null;
}

/** SQL: a row's money in, from its status and amount columns (`t.status`, `t.amount` or bare). */
export function moneyInSql(status: string, amount: string): RawBuilder<number> {
  return sql<number>`case when ${sql.ref(status)} in (${sql.join(MONEY_IN_STATUSES.map((s) => sql.lit(s)))}) then ${sql.ref(amount)} else 0 end`;
}

/** SQL: a row's refunded money (its refund_amount column, kept whole by the rule above). */
export function refundedSql(refundAmount: string): RawBuilder<number> {
  return sql<number>`${sql.ref(refundAmount)}`;
}

/** SQL: the net of summed figures (a rollup row's `amount` in and `refund_amount` out). */
export function netSql(amount = 'amount', refundAmount = 'refund_amount'): RawBuilder<number> {
  return sql<number>`${sql.ref(amount)} - ${sql.ref(refundAmount)}`;
}

/** The net of figures already summed, as the reports hold them. */
export const netOf = (f: { amount: number; refundAmount: number }): number => f.amount - f.refundAmount;
