import ExcelJS from 'exceljs';
import { type RawBuilder, sql } from 'kysely';
import { fc, it as fcIt } from '@fast-check/vitest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AgentDataReport,
  BusinessReport,
  CommissionReport,
  MonthDataReport,
  PaymentSums,
} from '@console/contract';
import { appWithOperator } from '../../../test/app-with-operator.js';
import { createTestAgent, type TestOperator } from '../../../test/operators.js';
import { type TestApp, testEngine } from '../../../test/test-app.js';
import { seedStores } from '../dashboard/dashboard-fixtures.js';
import { addCommissionRates } from '../reports/commission-months.js';
import { checkRollups } from '../reports/rollup-check.js';
import { checkListSums } from './list-sum-rebuild.js';
import {
  type PaymentTable,
  recordProviderPayment,
  recordStorePayment,
  refundProviderPayment,
  refundStorePayment,
} from './payment-writes.js';
import { exportFile } from '../../../test/export-task.js';

// Issue 26, one definition of money: random payments, full refunds (through the endpoint, and
// back-dated through the same writer), attempted partial refunds and re-refunds, then every figure
// made from the payments (both lists' sums, 缴费明细's sums by provider, 月度数据统计, 服务商数据统计,
// 经营统计, 佣金监控 and an export) against a plain SQL sum over the raw rows, to the fen.

const DAY = 86_400_000;
const START = Date.parse('2025-12-31T12:00:00Z');
/** Hours after START, some on and around China midnight (16:00 UTC) and month ends. */
const instant = fc.integer({ min: 0, max: 140 * 24 }).map((h) => START + h * 3_600_000 + (h % 5) * 60_000 - 1);
const RATE_BP = 1500;

const caseArb = fc.record({
  kind: fc.constantFrom<PaymentTable>('storePayment', 'providerPayment'),
  agent: fc.nat(2),
  item: fc.integer({ min: 1, max: 4 }),
  quantity: fc.integer({ min: 1, max: 3 }),
  amount: fc.integer({ min: 1, max: 3_000_000 }),
  status: fc.constantFrom(0, 1, 1, 1, 1, 3),
  paidMs: instant,
  /** What happens to it next; a refund of an unpaid row is refused too. */
  then: fc.constantFrom('none', 'refundNow', 'refundBackDated', 'refundBackDated', 'partial', 'reRefund'),
  refundAfterDays: fc.integer({ min: 0, max: 45 }),
});
type Case = typeof caseArb extends fc.Arbitrary<infer C> ? C : never;

const PREFIX = { storePayment: '/saasPayment', providerPayment: '/saasRecord' } as const;
const TABLE = { storePayment: 'store_payment', providerPayment: 'provider_payment' } as const;

/** The China (UTC+8) calendar date of an ISO text column, in each engine's own SQL. */
const chinaDay = (column: string): RawBuilder<string> =>
  testEngine === 'postgres'
    ? sql<string>`to_char((cast(${sql.ref(column)} as timestamptz) at time zone 'UTC') + interval '8 hours', 'YYYY-MM-DD')`
    : sql<string>`substr(datetime(${sql.ref(column)}, '+8 hours'), 1, 10)`;

const chinaToday = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);

describe('one definition of money', () => {
  let t: TestApp;
  let platform: TestOperator;
  let serial = 0;

  const call = async <T>(url: string, payload: object) => {
    const res = await t.app.inject({ method: 'POST', url: `/api${url}`, headers: platform.headers, payload });
    return res.json<{ errCode: number; data: T }>();
  };

  beforeAll(async () => {
    ({ t, operator: platform } = await appWithOperator({
      permissions: [
        ...['saasPayment', 'saasRecord'].flatMap((p) => [`${p}.page`, `${p}.get`, `${p}.refund`]),
        'saasRecordList.page',
        'monthDataStatistics',
        'monthDataStatistics.export',
        'agentDataStatistics',
        'businessStatistics',
        'commissionMonitorMgt',
      ],
    }));
  });
  afterAll(async () => {
    await t.close();
  });

  const versionOf = async (table: PaymentTable, id: number) =>
    (
      await t.database.db
        .selectFrom(table as 'storePayment')
        .select('version')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).version;

  /** A refund through the endpoint the console calls. */
  const refundByEndpoint = async (table: PaymentTable, id: number, extra: object = {}) =>
    call(`${PREFIX[table]}/refund`, {
      id: String(id),
      version: await versionOf(table, id),
      reason: '测试退款',
      ...extra,
    });

  /** One case through the payments' own writers and the refund endpoint. */
  async function writeCase(c: Case, agentId: number, storeId: number) {
    serial += 1;
    const db = t.database.db;
    const paidAt = c.status === 1 ? new Date(c.paidMs).toISOString() : null;
    const common = {
      agentId,
      channel: 1,
      status: c.status,
      paidAt,
      remark: '',
      createdAt: new Date(START).toISOString(),
    };
    const stamp = { ...common, updatedAt: common.createdAt };
    const id = await db.transaction().execute((trx) =>
      c.kind === 'storePayment'
        ? recordStorePayment(trx, {
            ...stamp,
            storeId,
            paymentNo: `PM${serial}`,
            item: c.item,
            months: 12,
            amount: c.amount,
          })
        : recordProviderPayment(trx, {
            ...stamp,
            storeId: null,
            recordNo: `PM${serial}`,
            item: c.item,
            quantity: c.quantity,
            unitPrice: c.amount,
            amount: c.amount * c.quantity,
          }),
    );
    const refundable = c.status === 1;
    if (c.then === 'refundNow' || c.then === 'reRefund') {
      const done = await refundByEndpoint(c.kind, id);
      expect(done.errCode).toBe(refundable ? 0 : 409003);
    }
    if (c.then === 'refundBackDated' && refundable) {
      const at = new Date(c.paidMs + c.refundAfterDays * DAY).toISOString();
      const input = { id, version: await versionOf(c.kind, id), reason: '测试退款', at };
      await db
        .transaction()
        .execute((trx) =>
          c.kind === 'storePayment' ? refundStorePayment(trx, input) : refundProviderPayment(trx, input),
        );
    }
    const before = await db
      .selectFrom(c.kind as 'storePayment')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    // A partial refund does not exist: a request naming an amount is refused, never refunded whole.
    if (c.then === 'partial') {
      const partial = await refundByEndpoint(c.kind, id, { amount: Math.floor(before.amount / 2) });
      expect(partial.errCode).toBe(400100);
    }
    // A refund is final: refunding again is refused.
    if (c.then === 'reRefund') expect((await refundByEndpoint(c.kind, id)).errCode).toBe(409003);
    const after = await db
      .selectFrom(c.kind as 'storePayment')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual(before);
  }

  /** count, money in and refunded of the raw rows of a table, plainly; `where` narrows them. */
  async function rawSums(table: PaymentTable, where: RawBuilder<unknown> = sql`1 = 1`): Promise<PaymentSums> {
    const r = await sql<Record<string, unknown>>`select count(*) as n,
        sum(case when status in (1, 2) then amount else 0 end) as paid, sum(refund_amount) as refund
      from ${sql.table(TABLE[table])} where ${where}`.execute(t.database.db);
    const row = r.rows[0] ?? {};
    const paidAmount = Number(row.paid ?? 0);
    const refundAmount = Number(row.refund ?? 0);
    return { count: Number(row.n), paidAmount, refundAmount, netAmount: paidAmount - refundAmount };
  }

  /** Money in on each row's paid day and its refund on its refund day, per provider, source and China day. */
  async function rawEvents(range: { from: string; to: string }) {
    const per = (table: string, source: number) => sql`
      select agent_id, ${sql.lit(source)} as source, ${chinaDay('paid_at')} as day, amount as money_in, 0 as refunded
        from ${sql.table(table)} where status in (1, 2)
      union all
      select agent_id, ${sql.lit(source)}, ${chinaDay('refunded_at')}, 0, refund_amount
        from ${sql.table(table)} where status = 2`;
    const r = await sql<{ agentId: number; source: number; month: string; moneyIn: number; refunded: number }>`
      select agent_id, source, substr(day, 1, 7) as month, sum(money_in) as money_in, sum(refunded) as refunded
      from (${per('store_payment', 1)} union all ${per('provider_payment', 2)}) e
      where day >= ${range.from} and day <= ${range.to}
      group by agent_id, source, substr(day, 1, 7)`.execute(t.database.db);
    return r.rows.map((e) => ({
      agentId: Number(e.agentId),
      source: Number(e.source),
      month: e.month,
      net: Number(e.moneyIn) - Number(e.refunded),
      refunded: Number(e.refunded),
    }));
  }

  const add = <K>(map: Map<K, number>, key: K, n: number) => map.set(key, (map.get(key) ?? 0) + n);
  const nonZero = <K>(map: Map<K, number>) => new Map([...map].filter(([, n]) => n !== 0));

  async function compareLists(agents: number[]) {
    for (const table of ['storePayment', 'providerPayment'] as const) {
      expect((await call<PaymentSums>(`${PREFIX[table]}/sums`, {})).data).toEqual(await rawSums(table));
      expect((await call<PaymentSums>(`${PREFIX[table]}/sums`, { status: 2 })).data).toEqual(
        await rawSums(table, sql`status = 2`),
      );
      for (const a of agents) {
        expect((await call<PaymentSums>(`${PREFIX[table]}/sums`, { agentId: String(a) })).data).toEqual(
          await rawSums(table, sql`agent_id = ${a}`),
        );
      }
      // February 2026 in China time: whole days from the rollup, and the rows of no partial day.
      const feb = { from: '2026-01-31T16:00:00.000Z', to: '2026-02-28T15:59:59.999Z' };
      expect((await call<PaymentSums>(`${PREFIX[table]}/sums`, { paidAt: feb })).data).toEqual(
        await rawSums(table, sql`paid_at >= ${feb.from} and paid_at <= ${feb.to}`),
      );
    }
    const detail = await call<{
      rows: (PaymentSums & { agentId: string; agentName: string | null; item: number })[];
      total: PaymentSums;
    }>('/saasRecordList/sumsByProvider', {});
    expect(detail.data.total).toEqual(await rawSums('providerPayment'));
    for (const row of detail.data.rows.filter((r) => agents.includes(Number(r.agentId)))) {
      const { agentId, agentName: _, item, ...sums } = row;
      expect(sums).toEqual(await rawSums('providerPayment', sql`agent_id = ${Number(agentId)} and item = ${item}`));
    }
  }

  async function compareReports(range: { from: string; to: string }, agents: number[]) {
    const events = await rawEvents(range);
    const total = new Map<string, number>();
    const refunds = new Map<string, number>();
    for (const e of events) {
      add(total, e.month, e.net);
      add(refunds, e.month, e.refunded);
    }
    const month = (await call<MonthDataReport>('/report/monthData', range)).data.rows;
    expect(nonZero(new Map(month.map((m) => [m.month, m.total])))).toEqual(nonZero(total));
    expect(nonZero(new Map(month.map((m) => [m.month, m.refunds])))).toEqual(nonZero(refunds));
    for (const m of month) expect(Object.values(m.revenue).reduce((s, n) => s + n, 0)).toBe(m.total);

    const business = (await call<BusinessReport>('/report/business', range)).data.rows;
    expect(nonZero(new Map(business.map((m) => [m.month, m.revenue])))).toEqual(nonZero(total));

    const agentData = (await call<AgentDataReport>('/report/agentData', range)).data;
    const previous = await rawEvents(agentData.previous);
    for (const a of agents) {
      const row = agentData.rows.find((r) => Number(r.agentId) === a);
      const sum = (list: typeof events) => list.filter((e) => e.agentId === a).reduce((s, e) => s + e.net, 0);
      expect({ revenue: row?.revenue, previousRevenue: row?.previousRevenue }).toEqual({
        revenue: sum(events),
        previousRevenue: sum(previous),
      });
    }

    // 佣金监控 counts the stores' payments (source 1), per whole month, at the one rate in force.
    const months = { from: `${range.from.slice(0, 7)}-01`, to: range.to };
    const bases = await rawEvents({ ...months, to: `${range.to.slice(0, 7)}-31` });
    for (const a of agents) {
      const base = new Map<string, number>();
      for (const e of bases.filter((x) => x.agentId === a && x.source === 1)) add(base, e.month, e.net);
      const report = await call<CommissionReport>('/report/commission', {
        ...range,
        agentId: String(a),
        sort: 'month',
        pageSize: 100,
      });
      const rows = report.data.rows;
      expect(nonZero(new Map(rows.map((r) => [r.month, r.base])))).toEqual(nonZero(base));
      for (const r of rows) expect(r.commission).toBe(Math.round((r.base * RATE_BP) / 10_000));
    }
  }

  /** Three new providers, a store each, at the one commission rate. */
  async function newProviders() {
    const db = t.database.db;
    const agents = [await createTestAgent(db), await createTestAgent(db), await createTestAgent(db)];
    const stores = await Promise.all(agents.map(async (a) => (await seedStores(db, a, [1]))[0]!));
    const createdAt = new Date(START).toISOString();
    await addCommissionRates(
      db,
      agents.map((agentId) => ({ agentId, rateBp: RATE_BP, effectiveFrom: '2025-01-01', createdAt })),
    );
    return { agents, stores };
  }

  const wide = () => ({ from: '2025-12-01', to: chinaToday() });
  const narrow = { from: '2026-01-15', to: '2026-03-10' };

  fcIt.prop([fc.array(caseArb, { minLength: 4, maxLength: 18 })], { numRuns: 12, seed: 26 })(
    'keeps every figure equal to the plain sums of the raw rows',
    async (cases) => {
      const { agents, stores } = await newProviders();
      for (const c of cases) await writeCase(c, agents[c.agent]!, stores[c.agent]!);
      // The rule itself, on the raw rows: a 已退款 row refunded its whole amount, no other row any.
      const broken = await sql<{ n: number }>`select count(*) as n from (
          select status, amount, refund_amount from store_payment
          union all select status, amount, refund_amount from provider_payment) p
        where refund_amount <> case when status = 2 then amount else 0 end`.execute(t.database.db);
      expect(Number(broken.rows[0]?.n)).toBe(0);
      await compareLists(agents);
      for (const range of [wide(), narrow]) await compareReports(range, agents);
      // And `npm run rollups -- check` finds the rollups equal to what a rebuild would write.
      expect(await checkRollups(t.database.db)).toEqual([]);
      expect(await checkListSums(t.database.db)).toEqual([]);
    },
  );

  it('exports the figures 月度数据统计 shows: 退款 and 合计 per month, in 元', async () => {
    const { agents, stores } = await newProviders();
    const base = { kind: 'storePayment', agent: 0, item: 1, quantity: 1, status: 1, refundAfterDays: 20 } as const;
    for (const c of [
      { ...base, amount: 298_000, paidMs: Date.parse('2026-01-31T15:30:00.000Z'), then: 'refundBackDated' },
      { ...base, amount: 36_000, paidMs: Date.parse('2026-02-10T02:00:00.000Z'), then: 'none' },
      {
        ...base,
        kind: 'providerPayment',
        amount: 98_000,
        paidMs: Date.parse('2026-02-11T02:00:00.000Z'),
        then: 'refundNow',
      },
    ] as const) {
      await writeCase(c, agents[c.agent]!, stores[c.agent]!);
    }
    const range = wide();
    const res = await exportFile(t, platform, '/report/monthData/export', range);
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    // A copy into a plain ArrayBuffer, the type exceljs takes.
    await book.xlsx.load(new Uint8Array(res.rawPayload).buffer);
    const sheet = book.worksheets[0]!;
    const headers = (sheet.getRow(2).values as unknown[]).map(String);
    const exported = new Map<string, { refunds: number; total: number }>();
    sheet.eachRow((row, n) => {
      if (n <= 2) return;
      const v = row.values as unknown[];
      exported.set(String(v[headers.indexOf('月份')]), {
        refunds: Math.round(Number(v[headers.indexOf('退款（元）')]) * 100),
        total: Math.round(Number(v[headers.indexOf('合计（元）')]) * 100),
      });
    });
    const want = new Map<string, { refunds: number; total: number }>();
    for (const e of await rawEvents(range)) {
      const m = want.get(e.month) ?? { refunds: 0, total: 0 };
      want.set(e.month, { refunds: m.refunds + e.refunded, total: m.total + e.net });
    }
    expect(want.size).toBeGreaterThan(0);
    for (const [m, figures] of want) expect(exported.get(m)).toEqual(figures);
  });
});
