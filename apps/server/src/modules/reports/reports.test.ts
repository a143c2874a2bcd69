import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithOperator, type TestApp } from '../../../test/app-with-operator.js';
import { createTestAgent, createTestOperator, type TestOperator } from '../../../test/operators.js';
import type { CommissionRow } from '@console/contract';
import { commissionReport } from './commission.js';
import { addCommissionRates } from './commission-months.js';
import { anomaliesOf, rateOn } from './commission-rules.js';
import { sampleAndroid, sampleGateway, sampleStore } from '../../db/sample-rows.js';
import { writePayments } from './report-fixtures.js';
import { agentDataReport } from './reports.js';
import { checkRollups } from './rollup-check.js';
import { exportFile } from '../../../test/export-task.js';

// The report endpoints: the commission anomaly rules, mark-as-checked with its log row, the
// permissions (the screen for the figures, `.export` for the file, platform only), and the
// hardware order status moves that feed 销售统计.

const range = { from: '2026-01-01', to: '2026-06-30' };
const at = (day: string, hour = 4) => Date.parse(`${day}T0${hour}:00:00Z`);
const store = (agent: number, day: string, amount: number, status: 0 | 1 | 2 | 3 = 1, refundAfterDays = 0) => ({
  kind: 'store' as const,
  agent,
  item: 1,
  quantity: 1,
  amount,
  status,
  paidMs: at(day),
  refundAfterDays,
});

describe('report endpoints', () => {
  let t: TestApp;
  let admin: TestOperator;
  beforeAll(async () => {
    ({ t, operator: admin } = await appWithOperator({
      permissions: [
        'commissionMonitorMgt',
        'commissionMonitorMgt.check',
        'commissionMonitorMgt.export',
        'salesStatistics',
        'hardwareOrder.status',
      ],
    }));
  });
  afterAll(async () => {
    await t.close();
  });
  const post = (url: string, payload: unknown, headers = admin.headers) =>
    t.app.inject({ method: 'POST', url: `/api${url}`, headers, payload: payload as object });

  it('applies the anomaly rules', () => {
    const rates = [
      { rateBp: 1000, effectiveFrom: '2026-01-01' },
      { rateBp: 1200, effectiveFrom: '2026-03-16' },
    ];
    expect(rateOn(rates, '2025-12-31')).toBe(0);
    expect(rateOn(rates, '2026-03-15')).toBe(1000);
    expect(rateOn(rates, '2026-03-16')).toBe(1200);
    expect(anomaliesOf({ month: '2026-02', commission: -5 }, [100, 200], rates)).toEqual({
      usual: 150,
      anomalies: ['negative'],
    });
    expect(anomaliesOf({ month: '2026-02', commission: 451 }, [100, 200], rates).anomalies).toEqual(['spike']);
    expect(anomaliesOf({ month: '2026-02', commission: 450 }, [100, 200], rates).anomalies).toEqual([]);
    // One month of history is no "usual"; a change on the 1st is not mid-month.
    expect(anomaliesOf({ month: '2026-02', commission: 9_999 }, [1], rates)).toEqual({ usual: null, anomalies: [] });
    expect(anomaliesOf({ month: '2026-03', commission: 10 }, [], rates).anomalies).toEqual(['rateChanged']);
    expect(anomaliesOf({ month: '2026-01', commission: 10 }, [], rates).anomalies).toEqual([]);
  });

  it('flags a provider-month and records its check in the operation log', async () => {
    const db = t.database.db;
    const agent = await createTestAgent(db, { name: '佣金测试服务商' });
    await addCommissionRates(db, [
      { agentId: agent, rateBp: 1000, effectiveFrom: '2026-01-01', createdAt: '2026-01-01T00:00:00Z' },
      { agentId: agent, rateBp: 2000, effectiveFrom: '2026-04-15', createdAt: '2026-01-01T00:00:00Z' },
    ]);
    // Jan, Feb 100 元 each; March far above; April a rate change; May a refund of March's payment.
    await writePayments(
      db,
      [agent],
      [
        store(0, '2026-01-10', 10_000),
        store(0, '2026-02-10', 10_000),
        store(0, '2026-03-10', 200_000, 2, 60),
        store(0, '2026-04-10', 10_000),
        store(0, '2026-04-20', 10_000),
      ],
    );
    const res = await post('/report/commission', range);
    expect(res.json()).toMatchObject({ errCode: 0 });
    const rows = res
      .json<{ data: { rows: { agentId: string; month: string; commission: number; anomalies: string[] }[] } }>()
      .data.rows.filter((r) => r.agentId === String(agent));
    const byMonth = Object.fromEntries(rows.map((r) => [r.month, r]));
    expect(byMonth['2026-01']).toMatchObject({ commission: 1_000, anomalies: [] });
    expect(byMonth['2026-03']).toMatchObject({ commission: 20_000, anomalies: ['spike'] });
    // April: 100 元 at 10 % before the 15th, 100 元 at 20 % after.
    expect(byMonth['2026-04']).toMatchObject({ commission: 3_000, anomalies: ['rateChanged'] });
    expect(byMonth['2026-05']).toMatchObject({ commission: -40_000, anomalies: ['negative'] });

    const check = await post('/report/commission/check', {
      agentId: String(agent),
      month: '2026-05',
      note: '三月大额退款，已核实',
    });
    expect(check.json()).toMatchObject({ errCode: 0, data: { note: '三月大额退款，已核实' } });
    const after = (await post('/report/commission', range)).json<{
      data: { rows: { agentId: string; month: string; checked: unknown }[] };
    }>();
    expect(after.data.rows.find((r) => r.agentId === String(agent) && r.month === '2026-05')?.checked).toMatchObject({
      note: '三月大额退款，已核实',
    });
    const log = await db
      .selectFrom('operationLog')
      .selectAll()
      .where('action', '=', '佣金核对')
      .executeTakeFirstOrThrow();
    expect(log.targetId).toBe(`${agent}:2026-05`);
    expect(JSON.parse(log.changes)).toEqual([{ field: 'note', before: null, after: '三月大额退款，已核实' }]);

    const file = await exportFile(t, admin, '/report/commission/export', range);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    expect(file.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('pages, filters and sorts the commission rows, and exports every matching row', async () => {
    const db = t.database.db;
    const agent = await createTestAgent(db, { name: '佣金分页服务商' });
    await addCommissionRates(db, [
      { agentId: agent, rateBp: 1000, effectiveFrom: '2026-01-01', createdAt: '2026-01-01T00:00:00Z' },
    ]);
    // Jan and Feb 100 元 each, March far above them.
    await writePayments(
      db,
      [agent],
      [store(0, '2026-01-10', 10_000), store(0, '2026-02-10', 10_000), store(0, '2026-03-10', 100_000)],
    );
    type Page = {
      rows: { month: string; commission: number; anomalies: string[] }[];
      total: number;
      openAnomalies: number;
      byMonth: { month: string; commission: number }[];
    };
    const page = async (extra: object) =>
      (await post('/report/commission', { ...range, agentId: String(agent), ...extra })).json<{ data: Page }>().data;
    const months = (p: Page) => p.rows.map((r) => r.month);

    const first = await page({ pageSize: 2 });
    expect(first.total).toBe(3);
    // The open anomaly first, then the newest month.
    expect(months(first)).toEqual(['2026-03', '2026-02']);
    expect(first.openAnomalies).toBe(1);
    expect(first.byMonth).toEqual(
      ['2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06'].map((month, i) => ({
        month,
        commission: [1_000, 1_000, 10_000, 0, 0, 0][i],
      })),
    );
    expect(months(await page({ pageSize: 2, page: 2 }))).toEqual(['2026-01']);
    expect(months(await page({ sort: 'month' }))).toEqual(['2026-03', '2026-02', '2026-01']);
    expect(months(await page({ sort: 'commission' }))).toEqual(['2026-03', '2026-02', '2026-01']);
    expect(months(await page({ onlyAnomalies: true }))).toEqual(['2026-03']);

    await post('/report/commission/check', { agentId: String(agent), month: '2026-03', note: '大单，已核实' });
    expect(months(await page({ checked: 'checked' }))).toEqual(['2026-03']);
    const unchecked = await page({ checked: 'unchecked' });
    expect(months(unchecked)).toEqual(['2026-02', '2026-01']);
    expect(unchecked.openAnomalies).toBe(0);
    // A checked anomaly no longer leads: the months in order, newest first.
    expect(months(await page({}))).toEqual(['2026-03', '2026-02', '2026-01']);

    expect((await post('/report/commission', { ...range, pageSize: 101 })).json()).not.toMatchObject({ errCode: 0 });

    // Every provider's rows in each order: open anomalies, checked ones, the rest; newest month; provider number.
    const rank = (r: CommissionRow) => (r.anomalies.length === 0 ? 2 : r.checked ? 1 : 0);
    const byMonth = (a: CommissionRow, b: CommissionRow) =>
      b.month.localeCompare(a.month) || Number(a.agentId) - Number(b.agentId);
    const orders = {
      anomalies: (a: CommissionRow, b: CommissionRow) => rank(a) - rank(b) || byMonth(a, b),
      month: byMonth,
      commission: (a: CommissionRow, b: CommissionRow) => b.commission - a.commission || byMonth(a, b),
    };
    for (const [sort, order] of Object.entries(orders)) {
      const { rows } = await commissionReport(db, { ...range, sort: sort as keyof typeof orders });
      expect(new Set(rows.map((r) => r.agentId)).size).toBeGreaterThan(1);
      expect(rows).toEqual([...rows].sort(order));
    }

    const file = await exportFile(t, admin, '/report/commission/export', {
      ...range,
      agentId: String(agent),
      checked: 'unchecked',
    });
    expect(file.statusCode).toBe(200);
    const ExcelJS = (await import('exceljs')).default;
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    // The title, the headers, then every matching row (not one page).
    expect(sheet.rowCount).toBe(4);
    expect(sheet.getRow(3).getCell(2).value).toBe('2026-02');
  });

  it('offers 佣金监控 its providers under the report permission alone, only those it can show', async () => {
    const db = t.database.db;
    const rated = await createTestAgent(db, { name: '佣金筛选有费率服务商' });
    const paid = await createTestAgent(db, { name: '佣金筛选有缴费服务商' });
    const idle = await createTestAgent(db, { name: '佣金筛选无佣金服务商' });
    await addCommissionRates(db, [
      { agentId: rated, rateBp: 1000, effectiveFrom: '2026-01-01', createdAt: '2026-01-01T00:00:00Z' },
    ]);
    await writePayments(db, [paid], [store(0, '2026-01-10', 10_000)]);
    const monitor = await createTestOperator(t, { adminType: 0, permissions: ['commissionMonitorMgt'] });
    // The provider list itself stays behind its own grant.
    expect((await post('/agent/page', { offset: 1, size: 20 }, monitor.headers)).json()).toMatchObject({
      errCode: 403001,
    });
    const options = await post('/report/commission/agents', { keyword: '佣金筛选' }, monitor.headers);
    expect(options.json()).toMatchObject({ errCode: 0 });
    const page = options.json<{ data: { total: number; list: Record<string, unknown>[] } }>().data;
    expect(page.list).toEqual([
      { id: String(rated), name: '佣金筛选有费率服务商' },
      { id: String(paid), name: '佣金筛选有缴费服务商' },
    ]);
    expect(page.total).toBe(2);
    const one = await t.app.inject({
      method: 'GET',
      url: `/api/report/commission/agent?id=${paid}`,
      headers: monitor.headers,
    });
    expect(one.json()).toMatchObject({ errCode: 0, data: { id: String(paid), name: '佣金筛选有缴费服务商' } });
    const none = await t.app.inject({
      method: 'GET',
      url: `/api/report/commission/agent?id=${idle}`,
      headers: monitor.headers,
    });
    expect(none.json()).toMatchObject({ errCode: 404001 });
    const other = await createTestOperator(t, { adminType: 0, permissions: ['monthDataStatistics'] });
    expect((await post('/report/commission/agents', {}, other.headers)).json()).toMatchObject({ errCode: 403001 });
  });

  it('refuses the figures, the export and the check without their permissions, and providers', async () => {
    const viewer = await createTestOperator(t, { adminType: 0, permissions: ['monthDataStatistics'] });
    expect((await post('/report/monthData', range, viewer.headers)).json()).toMatchObject({ errCode: 0 });
    expect((await post('/report/monthData/export', range, viewer.headers)).json()).toMatchObject({ errCode: 403001 });
    expect((await post('/report/agentData', range, viewer.headers)).json()).toMatchObject({ errCode: 403001 });
    expect(
      (await post('/report/commission/check', { agentId: '1', month: '2026-01', note: 'x' }, viewer.headers)).json(),
    ).toMatchObject({
      errCode: 403001,
    });
    const provider = await createTestOperator(t, { adminType: 1, permissions: ['monthDataStatistics'] });
    expect((await post('/report/monthData', range, provider.headers)).statusCode).toBe(403);
    expect(
      (await post('/report/monthData', { from: '2026-03-01', to: '2026-01-01' }, viewer.headers)).json(),
    ).toMatchObject({
      errCode: 400100,
    });
  });

  it('adds a paid hardware order to 销售统计 and takes it back when cancelled', async () => {
    const db = t.database.db;
    const agent = await createTestAgent(db);
    await writePayments(db, [agent], []);
    const product = await db.selectFrom('hardwareProduct').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
    const order = await db
      .insertInto('hardwareOrder')
      .values({
        orderNo: `HOT${Date.now()}`,
        agentId: agent,
        amount: 3_000,
        status: 0,
        receiver: '测试',
        phone: '13800000000',
        address: '地址',
        logisticsCompany: '',
        trackingNo: '',
        remark: '',
        createdAt: '2026-01-01T00:00:00Z',
        updatedAt: '2026-01-01T00:00:00Z',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('hardwareOrderItem')
      .values({
        orderId: order.id,
        productId: product.id,
        productName: 'x',
        quantity: 3,
        unitPrice: 1_000,
        amount: 3_000,
      })
      .execute();
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const sales = async () => {
      const res = (await post('/report/sales', { from: today, to: today })).json<{
        data: { byAgent: { agentId: string; amount: number; quantity: number }[] };
      }>();
      return res.data.byAgent.find((a) => a.agentId === String(agent)) ?? null;
    };
    expect(
      (await post('/hardwareOrder/updateStatus', { id: String(order.id), version: 1, status: 1 })).json(),
    ).toMatchObject({ errCode: 0 });
    expect(await sales()).toMatchObject({ amount: 3_000, quantity: 3 });
    expect(
      (
        await post('/hardwareOrder/updateStatus', { id: String(order.id), version: 2, status: 4, reason: '客户取消' })
      ).json(),
    ).toMatchObject({ errCode: 0 });
    expect(await sales()).toMatchObject({ amount: 0, quantity: 0 });
    expect(await checkRollups(db)).toEqual([]);
  });

  it('counts each provider’s stores (not the recycle bin) and devices on 服务商数据统计', async () => {
    const db = t.database.db;
    const agent = await createTestAgent(db, { name: '计数测试服务商' });
    const other = await createTestAgent(db);
    const stores = [await sampleStore(db, agent), await sampleStore(db, agent), await sampleStore(db, agent)];
    await sampleStore(db, other);
    await db.updateTable('store').set({ status: 4 }).where('id', '=', stores[2]!).execute();
    for (let i = 0; i < 2; i += 1) await sampleGateway(db, agent);
    for (let i = 0; i < 3; i += 1) await sampleAndroid(db, agent);
    await sampleAndroid(db, other);
    const report = await agentDataReport(db, range);
    // Each sample device brings its own store: 2 kept + 5 for the devices; the other 1 + 1.
    const row = report.rows.find((r) => r.agentId === String(agent));
    expect(row).toMatchObject({ stores: 7, devices: 5 });
    expect(report.rows.find((r) => r.agentId === String(other))).toMatchObject({ stores: 2, devices: 1 });
  });
});
