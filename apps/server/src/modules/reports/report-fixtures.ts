import fc from 'fast-check';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { seedStores } from '../dashboard/dashboard-fixtures.js';
import {
  type PaymentTable,
  recordProviderPayment,
  recordStorePayment,
  refundProviderPayment,
  refundStorePayment,
} from '../finance/payment-writes.js';
import { applyPaymentToRollups, applyRefundToRollups, hardwareOrderFacts } from './rollups.js';

// Random payments for the reports' tests, written through the payments' own writers
// (finance/payment-writes.ts: the row and its rollups in one transaction, then the refund in its own). Times fall around China midnight and month ends on purpose.

const DAY = 86_400_000;
const START = Date.parse('2025-12-31T12:00:00Z');

const instant = fc.integer({ min: 0, max: 140 * 24 }).map((h) => START + h * 3_600_000 + (h % 7) * 60_000);

export const paymentArb = fc.record({
  kind: fc.constantFrom('store', 'provider', 'hardware'),
  agent: fc.nat(2),
  item: fc.integer({ min: 1, max: 5 }),
  quantity: fc.integer({ min: 1, max: 9 }),
  amount: fc.integer({ min: 1, max: 3_000_000 }),
  status: fc.constantFrom(0, 1, 1, 1, 2, 3),
  paidMs: instant,
  refundAfterDays: fc.integer({ min: 0, max: 45 }),
});
export type PaymentCase = typeof paymentArb extends fc.Arbitrary<infer T> ? T : never;

const iso = (ms: number) => new Date(ms).toISOString();
let serial = 0;

/** Writes the cases for these providers (one store each) and a hardware product; returns what it used. */
export async function writePayments(
  db: Kysely<Database>,
  agents: number[],
  cases: PaymentCase[],
): Promise<{ productId: number }> {
  const stores = await Promise.all(agents.map(async (a) => (await seedStores(db, a, [1]))[0]!));
  serial += 1;
  const stamp = { createdAt: iso(START), updatedAt: iso(START) };
  const product = await db
    .insertInto('hardwareProduct')
    .values({
      name: `测试网关${serial}`,
      model: `T${serial}`,
      category: 1,
      unitPrice: 100,
      unit: '台',
      status: 1,
      sort: 0,
      remark: '',
      ...stamp,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const c of cases) {
    // Taken before any await: two calls may write at once.
    serial += 1;
    const serialNo = `T${serial}`;
    const agentId = agents[c.agent % agents.length]!;
    const paid = c.status === 1 || c.status === 2;
    const paidAt = paid ? iso(c.paidMs) : null;
    const refundedAt = c.status === 2 ? iso(c.paidMs + c.refundAfterDays * DAY) : null;
    // A refunded case is written as the product writes it: paid, then refunded whole by the refund.
    const status = c.status === 2 ? 1 : c.status;
    const refund = await db.transaction().execute(async (trx): Promise<{ table: PaymentTable; id: number } | null> => {
      if (c.kind === 'store') {
        const id = await recordStorePayment(trx, {
          agentId,
          storeId: stores[c.agent % agents.length]!,
          paymentNo: serialNo,
          item: Math.min(c.item, 4),
          months: 12,
          amount: c.amount,
          channel: 1,
          status,
          paidAt,
          remark: '',
          ...stamp,
        });
        return refundedAt ? { table: 'storePayment', id } : null;
      } else if (c.kind === 'provider') {
        const id = await recordProviderPayment(trx, {
          agentId,
          storeId: null,
          recordNo: serialNo,
          item: c.item,
          quantity: c.quantity,
          unitPrice: c.amount,
          amount: c.amount * c.quantity,
          channel: 4,
          status,
          paidAt,
          remark: '',
          ...stamp,
        });
        return refundedAt ? { table: 'providerPayment', id } : null;
      } else {
        // Hardware: paid (1), or cancelled after payment (status 2 of the case → order status 4).
        const cancelled = c.status === 2;
        const order = await trx
          .insertInto('hardwareOrder')
          .values({
            orderNo: serialNo,
            agentId,
            amount: c.amount * c.quantity,
            status: cancelled ? 4 : paid ? 1 : 0,
            receiver: '测试',
            phone: '13800000000',
            address: '测试地址',
            logisticsCompany: '',
            trackingNo: '',
            paidAt,
            cancelledAt: refundedAt,
            remark: '',
            ...stamp,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('hardwareOrderItem')
          .values({
            orderId: order.id,
            productId: product.id,
            productName: 'x',
            quantity: c.quantity,
            unitPrice: c.amount,
            amount: c.amount * c.quantity,
          })
          .execute();
        if (paidAt) {
          for (const fact of await hardwareOrderFacts(trx, { id: order.id, agentId, paidAt })) {
            await applyPaymentToRollups(trx, fact);
            if (refundedAt) await applyRefundToRollups(trx, fact, { at: refundedAt, amount: fact.amount });
          }
        }
        return null;
      }
    });
    // A payment's refund is its own transaction, as in the product: one transaction bumping two
    // days' shared rollup rows deadlocks with another doing the same in the other order.
    if (refund && refundedAt) {
      const input = { id: refund.id, version: 1, reason: '测试退款', at: refundedAt };
      await db
        .transaction()
        .execute((trx) =>
          refund.table === 'storePayment' ? refundStorePayment(trx, input) : refundProviderPayment(trx, input),
        );
    }
  }
  return { productId: product.id };
}
