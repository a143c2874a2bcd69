import fc from 'fast-check';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithOperator, type TestApp, type TestOperator } from '../../../test/app-with-operator.js';
import { createTestAgent } from '../../../test/operators.js';
import type { Database } from '../../db/types.js';
import { seedStores } from '../dashboard/dashboard-fixtures.js';
import { checkListSums, rebuildListSums } from './list-sum-rebuild.js';
import { addPaymentToListSums, movePaymentInListSums, type ListSumSource } from './list-sum-rollup.js';
import { planRange } from './payment-sums.js';

// Issue 18: the sums above 门店缴费记录 and 服务商缴费记录, read from the list-sums rollup for any
// mix of provider, item, channel, status and 支付时间 range, equal the plain sums of the rows the
// filters select, to the fen — through payments, refunds (the real endpoint) and status changes,
// with times on and around China midnight and month ends.

// China midnight of 2026-01-31 (UTC+8), a day before a month end.
const MIDNIGHT = Date.parse('2026-01-30T16:00:00.000Z');
// Most near the month end (so edges hold rows), some far enough that whole months are read.
const instant = fc
  .tuple(
    fc.oneof({ arbitrary: fc.integer({ min: -3, max: 3 }), weight: 4 }, fc.integer({ min: -45, max: 45 })),
    fc.constantFrom(0, -1, 1, 3_600_000, 43_200_000),
  )
  .map(([d, off]) => new Date(MIDNIGHT + d * 86_400_000 + off).toISOString());
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.oneof({ arbitrary: fc.constant(undefined), weight: 2 }, arb);

const caseArb = fc.record({
  kind: fc.constantFrom<ListSumSource>('storePayment', 'providerPayment'),
  agent: fc.nat(2),
  item: fc.integer({ min: 1, max: 4 }),
  channel: fc.integer({ min: 1, max: 4 }),
  status: fc.constantFrom(0, 1, 1, 1, 3),
  amount: fc.integer({ min: 1, max: 3_000_000 }),
  paidAt: instant,
  later: fc.constantFrom('none', 'none', 'refund', 'pay', 'close'),
});
const filterArb = fc.record({
  agent: maybe(fc.nat(2)),
  item: maybe(fc.integer({ min: 1, max: 4 })),
  channel: maybe(fc.integer({ min: 1, max: 4 })),
  status: maybe(fc.constantFrom(0, 1, 2, 3)),
  from: fc.option(instant, { nil: undefined }),
  to: fc.option(instant, { nil: undefined }),
});
type Case = typeof caseArb extends fc.Arbitrary<infer C> ? C : never;
type Filter = typeof filterArb extends fc.Arbitrary<infer T> ? T : never;

interface Row {
  agentId: number;
  storeId: number | null;
  item: number;
  channel: number;
  status: number;
  amount: number;
  refundAmount: number;
  paidAt: string | null;
}
const PREFIX = { storePayment: '/saasPayment', providerPayment: '/saasRecord' } as const;
let serial = 0;

/** The plain sums of the rows a filter selects, as the list's SQL compares them (text order, `to` inclusive). */
function plainSums(rows: Row[], f: Filter, agents: number[]) {
  const hit = rows.filter(
    (r) =>
      (f.agent === undefined || r.agentId === agents[f.agent]) &&
      (f.item === undefined || r.item === f.item) &&
      (f.channel === undefined || r.channel === f.channel) &&
      (f.status === undefined || r.status === f.status) &&
      (f.from === undefined || (r.paidAt !== null && r.paidAt >= f.from)) &&
      (f.to === undefined || (r.paidAt !== null && r.paidAt <= f.to)),
  );
  const paidAmount = hit.filter((r) => r.status === 1 || r.status === 2).reduce((s, r) => s + r.amount, 0);
  const refundAmount = hit.reduce((s, r) => s + r.refundAmount, 0);
  return { count: hit.length, paidAmount, refundAmount, netAmount: paidAmount - refundAmount };
}

const bodyOf = (f: Filter, agents: number[]) => ({
  ...(f.agent === undefined ? {} : { agentId: String(agents[f.agent]) }),
  ...(f.item === undefined ? {} : { item: f.item }),
  ...(f.channel === undefined ? {} : { channel: f.channel }),
  ...(f.status === undefined ? {} : { status: f.status }),
  ...(f.from || f.to ? { paidAt: { ...(f.from ? { from: f.from } : {}), ...(f.to ? { to: f.to } : {}) } } : {}),
});

async function rowsOf(db: Kysely<Database>, table: ListSumSource): Promise<Row[]> {
  const t = table as 'storePayment';
  return db
    .selectFrom(t)
    .select(['agentId', 'storeId', 'item', 'channel', 'status', 'amount', 'refundAmount', 'paidAt'])
    .execute();
}

describe('payment list sums from the rollup', () => {
  let t: TestApp;
  let platform: TestOperator;
  const call = async <T = unknown>(url: string, payload: object) =>
    (await t.app.inject({ method: 'POST', url: `/api${url}`, headers: platform.headers, payload })).json<{
      errCode: number;
      data: T;
    }>();

  beforeAll(async () => {
    const perms = ['saasPayment', 'saasRecord'].flatMap((p) => [`${p}.page`, `${p}.get`, `${p}.refund`]);
    ({ t, operator: platform } = await appWithOperator({ permissions: perms }));
  });
  afterAll(async () => {
    await t.close();
  });

  /** A payment written as a writer writes it: the row and its list sums in one transaction. */
  async function writeCase(c: Case, agentId: number, storeId: number) {
    serial += 1;
    const db = t.database.db;
    const paidAt = c.status === 1 ? c.paidAt : null;
    const common = { agentId, item: c.item, channel: c.channel, status: c.status, paidAt, remark: '' };
    const stamp = { createdAt: c.paidAt, updatedAt: c.paidAt };
    const id = await db.transaction().execute(async (trx) => {
      const inserted =
        c.kind === 'storePayment'
          ? await trx
              .insertInto('storePayment')
              .values({ ...common, ...stamp, storeId, paymentNo: `LS${serial}`, months: 12, amount: c.amount })
              .returning('id')
              .executeTakeFirstOrThrow()
          : await trx
              .insertInto('providerPayment')
              .values({
                ...common,
                ...stamp,
                storeId: null,
                recordNo: `LS${serial}`,
                quantity: 2,
                unitPrice: c.amount,
                amount: 2 * c.amount,
              })
              .returning('id')
              .executeTakeFirstOrThrow();
      const amount = c.kind === 'storePayment' ? c.amount : 2 * c.amount;
      await addPaymentToListSums(trx, c.kind, { ...common, amount, refundAmount: 0 });
      return inserted.id;
    });
    if (c.later === 'refund' && c.status === 1) {
      const { version } = await db
        .selectFrom(c.kind as 'storePayment')
        .select('version')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      const done = await call(`${PREFIX[c.kind]}/refund`, {
        id: String(id),
        version,
        reason: '测试退款',
      });
      expect(done.errCode).toBe(0);
    }
    // Paying or closing a pending row: the row and its sums move together.
    if ((c.later === 'pay' || c.later === 'close') && c.status === 0) {
      const t2 = c.kind as 'storePayment';
      await db.transaction().execute(async (trx) => {
        const before = await trx.selectFrom(t2).selectAll().where('id', '=', id).executeTakeFirstOrThrow();
        const after = { ...before, status: c.later === 'pay' ? 1 : 3, paidAt: c.later === 'pay' ? c.paidAt : null };
        await trx.updateTable(t2).set({ status: after.status, paidAt: after.paidAt }).where('id', '=', id).execute();
        await movePaymentInListSums(trx, c.kind, before, after);
      });
    }
  }

  it('equals the plain sums of the filtered rows, and rebuild and check agree', async () => {
    const db = t.database.db;
    await fc.assert(
      fc.asyncProperty(
        fc.array(caseArb, { minLength: 20, maxLength: 60 }),
        fc.array(filterArb, { minLength: 10, maxLength: 20 }),
        async (cases, filters) => {
          const agents = [await createTestAgent(db), await createTestAgent(db), await createTestAgent(db)];
          const stores = await Promise.all(agents.map(async (a) => (await seedStores(db, a, [1]))[0]!));
          for (const c of cases) await writeCase(c, agents[c.agent]!, stores[c.agent]!);
          for (const table of ['storePayment', 'providerPayment'] as const) {
            const rows = await rowsOf(db, table);
            for (const f of [{} as Filter, ...filters]) {
              const sums = await call(`${PREFIX[table]}/sums`, bodyOf(f, agents));
              expect(sums.errCode).toBe(0);
              expect(sums.data, JSON.stringify(f)).toEqual(plainSums(rows, f, agents));
            }
          }
          expect(await checkListSums(db)).toEqual([]);
        },
      ),
      { numRuns: 6, seed: 18 },
    );
    // The sums are read from the rollup: a damaged row shows in them, the check finds it, the rebuild repairs it.
    const rows = await rowsOf(db, 'storePayment');
    await sql`update payment_list_sum_platform_month set amount = amount + 1 where source = 1 and status = 1`.execute(
      db,
    );
    expect((await call<{ paidAmount: number }>('/saasPayment/sums', {})).data.paidAmount).not.toBe(
      plainSums(rows, {} as Filter, []).paidAmount,
    );
    const differences = await checkListSums(db);
    expect(differences.length).toBeGreaterThan(0);
    expect(differences.every((d) => d.key.startsWith('payment_list_sum_platform_month|'))).toBe(true);
    await rebuildListSums(db);
    expect(await checkListSums(db)).toEqual([]);
    expect((await call('/saasPayment/sums', {})).data).toEqual(plainSums(rows, {} as Filter, []));
  });

  it('splits a 支付时间 range into whole China days and the partial days at its edges', () => {
    // 2026-02-01 00:00 to 2026-02-28 23:59:59.999 China time: whole days only.
    expect(planRange('2026-01-31T16:00:00.000Z', '2026-02-28T15:59:59.999Z')).toEqual({
      days: { from: '2026-02-01', to: '2026-02-28' },
      edges: [],
    });
    // Starting 08:00 on the 1st and ending at 12:00 on the 28th: those two days are rows.
    expect(planRange('2026-02-01T00:00:00.000Z', '2026-02-28T04:00:00.000Z')).toEqual({
      days: { from: '2026-02-02', to: '2026-02-27' },
      edges: [
        { from: '2026-02-01T00:00:00.000Z', to: '2026-02-01T15:59:59.999Z' },
        { from: '2026-02-27T16:00:00.000Z', to: '2026-02-28T04:00:00.000Z' },
      ],
    });
    expect(planRange(undefined, '2026-02-28T15:59:59.999Z')?.days).toEqual({ from: '1970-01-01', to: '2026-02-28' });
    // Inside one day, or a bound not in the stored form: the rows are summed directly.
    expect(planRange('2026-02-01T00:00:00.000Z', '2026-02-01T12:00:00.000Z')).toBeNull();
    expect(planRange('2026-02-01T00:00:00+08:00', undefined)).toBeNull();
  });
});
