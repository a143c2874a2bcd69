import type { Kysely } from 'kysely';
import { seededRng } from '../../adapters/devices/rng.js';
import { fillListSums } from '../../modules/finance/list-sum-rebuild.js';
import { MONEY_IN_STATUSES, PAY } from '../../modules/finance/payment-money.js';
import { recordProviderPayment, recordStorePayment, refundStorePayment } from '../../modules/finance/payment-writes.js';
import { addCommissionRates } from '../../modules/reports/commission-months.js';
import {
  applyPaymentToRollups,
  applyRefundToRollups,
  hardwareOrderFacts,
  providerPaymentFact,
  storePaymentFact,
} from '../../modules/reports/rollups.js';
import type { Database } from '../../db/types.js';
import type { DemoAgents } from './demo-accounts.js';
import { between, pick } from './scale-names.js';

const DAY = 86_400_000;
const MONTHS = 12;

/**
 * A year of payments for the report screens (issue 18), each through the payments' writers (the
 * row with its rollups; a refund whole, by the refund), after the payments and paid hardware
 * orders the earlier seeders wrote enter the rollups.
 * Shapes the 佣金监控 anomalies: a mid-month rate change (A), a month far above usual (B), a
 * month whose refunds outweigh its payments (直营).
 */
export async function seedDemoReports(db: Kysely<Database>, agents: DemoAgents): Promise<void> {
  const rng = seededRng(20261126);
  const nowMs = Date.now();
  const at = (daysAgo: number) => new Date(nowMs - daysAgo * DAY - between(rng, 0, 8 * 3600) * 1000).toISOString();
  await seedRates(db, agents, nowMs);
  await rollUpEarlierRows(db);

  let serial = 0;
  const profiles: [number, string, number, number][] = [
    [agents.a, 'A', 10, 1.06],
    [agents.b, 'B', 6, 1.03],
    [agents.direct, 'Z', 3, 1.0],
  ];
  for (const [agentId, key, perMonth, growth] of profiles) {
    const stores = await db.selectFrom('store').select('id').where('agentId', '=', agentId).execute();
    if (stores.length === 0) continue;
    for (let m = MONTHS - 1; m >= 0; m -= 1) {
      // More each month, and a busy December–January; B's last month is far above its usual.
      const spike = key === 'B' && m === 0 ? 5 : 1;
      const n = Math.round(perMonth * growth ** (MONTHS - m) * spike) + between(rng, 0, 2);
      for (let k = 0; k < n; k += 1) {
        serial += 1;
        const days = m * 30 + between(rng, 0, 29);
        const item = pick(rng, [1, 1, 2, 2, 3, 4]);
        const amount = item === 1 ? 298_000 : item === 2 ? 36_000 : between(rng, 2, 20) * 5_000;
        // 直营's big refund of an earlier payment lands in a quiet month: its commission goes negative.
        const refundDays = key === 'Z' && m === 4 && k === 0 ? days - 30 : rng() < 0.04 ? days - 3 : null;
        const paidAt = at(days);
        // A refund is the whole amount, through the refund itself (finance/payment-money.ts).
        const id = await recordStorePayment(db, {
          agentId,
          storeId: pick(rng, stores).id,
          paymentNo: `RP${key}${String(serial).padStart(8, '0')}`,
          item,
          months: item === 1 ? 12 : item === 2 ? 12 : 0,
          amount: refundDays !== null && key === 'Z' && m === 4 ? 2_980_000 : amount,
          channel: pick(rng, [1, 2, 3]),
          status: 1,
          paidAt,
          remark: '',
          createdAt: paidAt,
          updatedAt: paidAt,
        });
        if (refundDays !== null) {
          const reason = pick(rng, ['门店重复缴费，原路退回', '门店停业，退还未使用费用', '误购套餐，原路退回']);
          // Never before the payment (both may fall on today).
          const refundedAt = new Date(
            Math.max(Date.parse(paidAt), Date.parse(at(Math.max(0, refundDays)))),
          ).toISOString();
          await refundStorePayment(db, { id, version: 1, reason, at: refundedAt });
        }
      }
      serial = await seedMonthOrders(db, {
        agentId,
        key,
        m,
        serial,
        at: (d) => at(d),
        pickOne: (n) => between(rng, 1, n),
      });
      for (const [item, unit] of [
        [1, 98_000],
        [2, 68_000],
        [3, 30_000],
        [4, 5_000],
      ] as const) {
        const quantity =
          Math.max(1, Math.round((perMonth / (item === 1 ? 3 : 2)) * growth ** (MONTHS - m))) + between(rng, 0, 2);
        serial += 1;
        const paidAt = at(m * 30 + between(rng, 0, 29));
        await recordProviderPayment(db, {
          agentId,
          storeId: null,
          recordNo: `RR${key}${String(serial).padStart(8, '0')}`,
          item,
          quantity,
          unitPrice: unit,
          amount: quantity * unit,
          channel: 4,
          status: 1,
          paidAt,
          remark: '',
          createdAt: paidAt,
          updatedAt: paidAt,
        });
      }
    }
  }
  // The payment lists' sums count every payment row the seeders wrote (paid or not), so they are
  // filled from the rows once all are written (this seeder runs last).
  await fillListSums(db);
}

/** Commission rates with history: A's changed on the 15th two months ago. */
async function seedRates(db: Kysely<Database>, agents: DemoAgents, nowMs: number): Promise<void> {
  const day = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 10);
  const yearAgo = `${day(nowMs - 400 * DAY).slice(0, 7)}-01`;
  const twoMonthsAgo = `${day(nowMs - 60 * DAY).slice(0, 7)}-15`;
  const createdAt = new Date(nowMs).toISOString();
  await addCommissionRates(db, [
    { agentId: agents.a, rateBp: 1500, effectiveFrom: yearAgo, createdAt },
    { agentId: agents.a, rateBp: 1800, effectiveFrom: twoMonthsAgo, createdAt },
    { agentId: agents.b, rateBp: 1200, effectiveFrom: yearAgo, createdAt },
    { agentId: agents.direct, rateBp: 1000, effectiveFrom: yearAgo, createdAt },
  ]);
}

/** The payments and paid hardware orders of the seeders that ran before this one. */
async function rollUpEarlierRows(db: Kysely<Database>): Promise<void> {
  for (const p of await db.selectFrom('storePayment').selectAll().where('status', 'in', MONEY_IN_STATUSES).execute()) {
    if (!p.paidAt) continue;
    await applyPaymentToRollups(db, storePaymentFact({ ...p, paidAt: p.paidAt }));
    if (p.status === PAY.refunded && p.refundedAt) {
      const refund = { at: p.refundedAt, amount: p.refundAmount };
      await applyRefundToRollups(db, storePaymentFact({ ...p, paidAt: p.paidAt }), refund);
    }
  }
  for (const p of await db
    .selectFrom('providerPayment')
    .selectAll()
    .where('status', 'in', MONEY_IN_STATUSES)
    .execute()) {
    if (!p.paidAt) continue;
    await applyPaymentToRollups(db, providerPaymentFact({ ...p, paidAt: p.paidAt }));
    if (p.status === PAY.refunded && p.refundedAt) {
      const refund = { at: p.refundedAt, amount: p.refundAmount };
      await applyRefundToRollups(db, providerPaymentFact({ ...p, paidAt: p.paidAt }), refund);
    }
  }
  const orders = await db
    .selectFrom('hardwareOrder')
    .select(['id', 'agentId', 'status', 'paidAt', 'cancelledAt'])
    .where('paidAt', 'is not', null)
    .execute();
  for (const o of orders) {
    for (const fact of await hardwareOrderFacts(db, { id: o.id, agentId: o.agentId, paidAt: o.paidAt! })) {
      await applyPaymentToRollups(db, fact);
      if (o.status === 4 && o.cancelledAt)
        await applyRefundToRollups(db, fact, { at: o.cancelledAt, amount: fact.amount });
    }
  }
}

/** A month's paid hardware orders of a provider (one to three), so 销售统计 has a year too. */
async function seedMonthOrders(
  db: Kysely<Database>,
  o: {
    agentId: number;
    key: string;
    m: number;
    serial: number;
    at: (daysAgo: number) => string;
    pickOne: (n: number) => number;
  },
): Promise<number> {
  const products = await db
    .selectFrom('hardwareProduct')
    .select(['id', 'name', 'unitPrice'])
    .where('status', '=', 1)
    .execute();
  if (products.length === 0) return o.serial;
  let serial = o.serial;
  for (let k = o.pickOne(3); k > 0; k -= 1) {
    serial += 1;
    const product = products[o.pickOne(products.length) - 1]!;
    const quantity = o.pickOne(8);
    const paidAt = o.at(o.m * 30 + o.pickOne(28));
    const order = await db
      .insertInto('hardwareOrder')
      .values({
        orderNo: `HR${o.key}${String(serial).padStart(8, '0')}`,
        agentId: o.agentId,
        amount: product.unitPrice * quantity,
        status: 3,
        receiver: '仓库收货人',
        phone: '13900000000',
        address: '浙江省杭州市西湖区文三路 100 号',
        logisticsCompany: '顺丰速运',
        trackingNo: `SF${String(1_500_000_000_000 + serial * 7_919)}`,
        paidAt,
        shippedAt: paidAt,
        completedAt: paidAt,
        remark: '',
        createdAt: paidAt,
        updatedAt: paidAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('hardwareOrderItem')
      .values({
        orderId: order.id,
        productId: product.id,
        productName: product.name,
        quantity,
        unitPrice: product.unitPrice,
        amount: product.unitPrice * quantity,
      })
      .execute();
    for (const fact of await hardwareOrderFacts(db, { id: order.id, agentId: o.agentId, paidAt })) {
      await applyPaymentToRollups(db, fact);
    }
  }
  return serial;
}
