import {
  type AgentDataReport,
  type BusinessReport,
  type MonthDataReport,
  type ReportProduct,
  type ReportRange,
  type SalesReport,
  chinaDay,
} from '@console/contract';
import { netOf } from '../finance/payment-money.js';
import { ROLLUP_SOURCE } from './rollup-source.js';
import { type Db, agentNames, instantsOf, monthsOf, productOf, revenueByAgentIn, sumRollups } from './rollup-reads.js';
import { loadDashboardSummary } from '../dashboard/summary.js';

const DAY_MS = 86_400_000;
const emptyProducts = (): Record<ReportProduct, number> => ({ web: 0, staff: 0, sms: 0, voice: 0, hardware: 0 });

/** 开通门店 and 门店续费 are provider payment items 1 and 2; their quantity is stores. */
const isOpening = (s: { source: number; product: number }) =>
  s.source === ROLLUP_SOURCE.providerPayment && s.product === 1;
const isRenewal = (s: { source: number; product: number }) =>
  s.source === ROLLUP_SOURCE.providerPayment && s.product === 2;

/** 月度数据统计: per month, stores opened and renewed, providers approved, net revenue by product. */
export async function monthDataReport(db: Db, range: ReportRange): Promise<MonthDataReport> {
  const rows = new Map(
    monthsOf(range).map((month) => [
      month,
      { month, newStores: 0, renewedStores: 0, newProviders: 0, revenue: emptyProducts(), refunds: 0, total: 0 },
    ]),
  );
  for (const s of await sumRollups(db, range, { agent: false, product: true })) {
    const row = rows.get(s.month);
    if (!row) continue;
    if (isOpening(s)) row.newStores += s.quantity;
    if (isRenewal(s)) row.renewedStores += s.quantity;
    row.revenue[productOf(s.source, s.product)] += netOf(s);
    row.refunds += s.refundAmount;
    row.total += netOf(s);
  }
  // Providers are few (hundreds): their opening dates are read, not rolled up.
  const at = instantsOf(range);
  const opened = await db
    .selectFrom('agent')
    .select('openedAt')
    .where('openedAt', '>=', at.from)
    .where('openedAt', '<', at.to)
    .where('status', 'in', [1, 2, 3])
    .execute();
  for (const a of opened) {
    const row = a.openedAt ? rows.get(chinaDay(a.openedAt).slice(0, 7)) : undefined;
    if (row) row.newProviders += 1;
  }
  return { rows: [...rows.values()] };
}

/** The period of the same length just before a range. */
export function previousRange(range: ReportRange): ReportRange {
  const from = Date.parse(range.from);
  const days = (Date.parse(range.to) - from) / DAY_MS + 1;
  const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return { from: iso(from - days * DAY_MS), to: iso(from - DAY_MS) };
}

async function countByAgent(db: Db, table: 'store' | 'gatewayDevice' | 'androidDevice'): Promise<Map<number, number>> {
  let query = db
    .selectFrom(table)
    .select((eb) => ['agentId', eb.fn.countAll<number>().as('n')])
    .where('agentId', 'is not', null)
    .groupBy('agentId');
  // The recycle bin is not counted, as on the store lists.
  if (table === 'store') query = query.where('status', '!=', 4);
  const rows = await query.execute();
  return new Map(rows.map((r) => [Number(r.agentId), Number(r.n)]));
}

/** 服务商数据统计: per provider, stores, devices, net revenue and its growth on the previous period. */
export async function agentDataReport(db: Db, range: ReportRange): Promise<AgentDataReport> {
  const previous = previousRange(range);
  const [[now, before], stores, gateways, androids, agents] = await Promise.all([
    revenueByAgentIn(db, [range, previous]),
    countByAgent(db, 'store'),
    countByAgent(db, 'gatewayDevice'),
    countByAgent(db, 'androidDevice'),
    db.selectFrom('agent').select(['id', 'name']).where('status', 'in', [1, 2, 3]).execute(),
  ]);
  const rows = agents.map((a) => {
    const id = Number(a.id);
    const revenue = now.get(id) ?? 0;
    const previousRevenue = before.get(id) ?? 0;
    return {
      agentId: String(id),
      agentName: a.name,
      stores: stores.get(id) ?? 0,
      devices: (gateways.get(id) ?? 0) + (androids.get(id) ?? 0),
      revenue,
      previousRevenue,
      growth: previousRevenue > 0 ? Math.round(((revenue - previousRevenue) / previousRevenue) * 1000) / 10 : null,
    };
  });
  rows.sort((a, b) => b.revenue - a.revenue || Number(a.agentId) - Number(b.agentId));
  return { previous, rows };
}

/** 经营统计: the platform today (stores, devices, renewals due) and stores opened and renewed per month. */
export async function businessReport(db: Db, range: ReportRange): Promise<BusinessReport> {
  const summary = await loadDashboardSummary(db, {
    agentId: null,
    cards: new Set(['stores', 'gateways', 'androidDevices']),
    now: new Date(),
  });
  const rows = new Map(monthsOf(range).map((month) => [month, { month, newStores: 0, renewedStores: 0, revenue: 0 }]));
  for (const s of await sumRollups(db, range, { agent: false, product: true })) {
    const row = rows.get(s.month);
    if (!row) continue;
    if (isOpening(s)) row.newStores += s.quantity;
    if (isRenewal(s)) row.renewedStores += s.quantity;
    row.revenue += netOf(s);
  }
  const online = (summary.gateways?.online ?? 0) + (summary.androidDevices?.online ?? 0);
  return {
    snapshot: {
      activeStores: summary.stores?.normal ?? 0,
      devicesOnline: online,
      devicesTotal: (summary.gateways?.total ?? 0) + (summary.androidDevices?.total ?? 0),
      renewalsDue: summary.stores?.expiringSoon ?? 0,
    },
    rows: [...rows.values()],
  };
}

/** 销售统计: hardware sold (net of cancellations after payment) by month, product and provider. */
export async function salesReport(db: Db, range: ReportRange): Promise<SalesReport> {
  const sums = await sumRollups(db, range, { agent: true, product: true, source: ROLLUP_SOURCE.hardware });
  const add = <K>(map: Map<K, { amount: number; quantity: number }>, key: K, s: (typeof sums)[number]) => {
    const row = map.get(key) ?? { amount: 0, quantity: 0 };
    row.amount += netOf(s);
    row.quantity += s.quantity;
    map.set(key, row);
  };
  const byMonth = new Map(monthsOf(range).map((m) => [m, { amount: 0, quantity: 0 }]));
  const byProduct = new Map<number, { amount: number; quantity: number }>();
  const byAgent = new Map<number, { amount: number; quantity: number }>();
  for (const s of sums) {
    add(byMonth, s.month, s);
    add(byProduct, s.product, s);
    add(byAgent, s.agentId, s);
  }
  const productIds = [...byProduct.keys()];
  const products =
    productIds.length === 0
      ? []
      : await db.selectFrom('hardwareProduct').select(['id', 'name']).where('id', 'in', productIds).execute();
  const productName = new Map(products.map((p) => [Number(p.id), p.name]));
  const names = await agentNames(db, [...byAgent.keys()]);
  const desc = (a: { amount: number }, b: { amount: number }) => b.amount - a.amount;
  return {
    byMonth: [...byMonth].map(([month, f]) => ({ month, ...f })),
    byProduct: [...byProduct]
      .map(([id, f]) => ({ productId: String(id), productName: productName.get(id) ?? `商品 ${id}`, ...f }))
      .sort(desc),
    byAgent: [...byAgent]
      .map(([id, f]) => ({ agentId: String(id), agentName: names.get(id) ?? `服务商 ${id}`, ...f }))
      .sort(desc),
  };
}
