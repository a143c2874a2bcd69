import {
  type AgentDataReport,
  type BusinessReport,
  type CommissionRow,
  commissionAnomaly,
  type MonthDataReport,
  reportProducts,
  type SalesReport,
} from '@console/contract';
import type { ReportSheet } from '../../http/bind-report.js';

// Each report's export as a declaration for the one xlsx writer: its rows, and per column a
// header and a cell (元 as numbers, so the sheet can sum them).

const yuan = (fen: number) => fen / 100;

const products = Object.entries(reportProducts) as [keyof typeof reportProducts, string][];

type MonthRow = MonthDataReport['rows'][number];
export const monthDataSheet: ReportSheet<MonthDataReport, MonthRow> = {
  rows: (r) => r.rows,
  columns: [
    { header: '月份', cell: (x) => x.month },
    { header: '新开门店', cell: (x) => x.newStores },
    { header: '续费门店', cell: (x) => x.renewedStores },
    { header: '新增服务商', cell: (x) => x.newProviders },
    ...products.map(([k, t]) => ({ header: `${t}收入（元）`, cell: (x: MonthRow) => yuan(x.revenue[k]) })),
    { header: '退款（元）', cell: (x) => yuan(x.refunds) },
    { header: '合计（元）', cell: (x) => yuan(x.total) },
  ],
};

export const agentDataSheet: ReportSheet<AgentDataReport, AgentDataReport['rows'][number]> = {
  rows: (r) => r.rows,
  columns: [
    { header: '服务商', cell: (x) => x.agentName },
    { header: '门店数', cell: (x) => x.stores },
    { header: '设备数', cell: (x) => x.devices },
    { header: '收入（元）', cell: (x) => yuan(x.revenue) },
    { header: '上期收入（元）', cell: (x) => yuan(x.previousRevenue) },
    { header: '增长（%）', cell: (x) => x.growth },
  ],
};

export const commissionSheet: ReportSheet<{ rows: CommissionRow[] }, CommissionRow> = {
  rows: (r) => r.rows,
  columns: [
    { header: '服务商', cell: (x) => x.agentName },
    { header: '月份', cell: (x) => x.month },
    { header: '缴费净额（元）', cell: (x) => yuan(x.base) },
    { header: '费率（%）', cell: (x) => x.rateBp / 100 },
    { header: '佣金（元）', cell: (x) => yuan(x.commission) },
    { header: '往常（元）', cell: (x) => (x.usual === null ? null : yuan(x.usual)) },
    { header: '异常', cell: (x) => x.anomalies.map((a) => commissionAnomaly[a]).join('、') },
    { header: '核对说明', cell: (x) => x.checked?.note ?? '' },
    { header: '核对人', cell: (x) => x.checked?.checkedBy ?? '' },
  ],
};

export const businessSheet: ReportSheet<BusinessReport, BusinessReport['rows'][number]> = {
  rows: (r) => r.rows,
  columns: [
    { header: '月份', cell: (x) => x.month },
    { header: '新开门店', cell: (x) => x.newStores },
    { header: '续费门店', cell: (x) => x.renewedStores },
    { header: '收入（元）', cell: (x) => yuan(x.revenue) },
  ],
};

/** 销售统计 writes its three breakdowns as one table, a 维度 column telling them apart. */
interface SalesLine {
  dimension: string;
  name: string;
  quantity: number;
  amount: number;
}
export const salesSheet: ReportSheet<SalesReport, SalesLine> = {
  rows: (r) => [
    ...r.byMonth.map((x) => ({ dimension: '月份', name: x.month, quantity: x.quantity, amount: x.amount })),
    ...r.byProduct.map((x) => ({ dimension: '商品', name: x.productName, quantity: x.quantity, amount: x.amount })),
    ...r.byAgent.map((x) => ({ dimension: '服务商', name: x.agentName, quantity: x.quantity, amount: x.amount })),
  ],
  columns: [
    { header: '维度', cell: (x) => x.dimension },
    { header: '名称', cell: (x) => x.name },
    { header: '数量', cell: (x) => x.quantity },
    { header: '金额（元）', cell: (x) => yuan(x.amount) },
  ],
};
