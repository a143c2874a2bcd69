import {
  type AgentDataReport,
  type BusinessReport,
  type CommissionRow,
  commissionAnomaly,
  type MonthDataReport,
  reportProducts,
  type SalesReport,
} from '@console/contract';

// Each report as the one table its export writes: headers, then rows of cells (元 as numbers).

export interface Sheet {
  headers: string[];
  rows: (string | number | null)[][];
}

const yuan = (fen: number) => fen / 100;

export function monthDataSheet(r: MonthDataReport): Sheet {
  const products = Object.entries(reportProducts) as [keyof typeof reportProducts, string][];
  return {
    headers: [
      '月份',
      '新开门店',
      '续费门店',
      '新增服务商',
      ...products.map(([, t]) => `${t}收入（元）`),
      '退款（元）',
      '合计（元）',
    ],
    rows: r.rows.map((x) => [
      x.month,
      x.newStores,
      x.renewedStores,
      x.newProviders,
      ...products.map(([k]) => yuan(x.revenue[k])),
      yuan(x.refunds),
      yuan(x.total),
    ]),
  };
}

export function agentDataSheet(r: AgentDataReport): Sheet {
  return {
    headers: ['服务商', '门店数', '设备数', '收入（元）', '上期收入（元）', '增长（%）'],
    rows: r.rows.map((x) => [x.agentName, x.stores, x.devices, yuan(x.revenue), yuan(x.previousRevenue), x.growth]),
  };
}

export function commissionSheet(r: { rows: CommissionRow[] }): Sheet {
  return {
    headers: [
      '服务商',
      '月份',
      '缴费净额（元）',
      '费率（%）',
      '佣金（元）',
      '往常（元）',
      '异常',
      '核对说明',
      '核对人',
    ],
    rows: r.rows.map((x) => [
      x.agentName,
      x.month,
      yuan(x.base),
      x.rateBp / 100,
      yuan(x.commission),
      x.usual === null ? null : yuan(x.usual),
      x.anomalies.map((a) => commissionAnomaly[a]).join('、'),
      x.checked?.note ?? '',
      x.checked?.checkedBy ?? '',
    ]),
  };
}

export function businessSheet(r: BusinessReport): Sheet {
  return {
    headers: ['月份', '新开门店', '续费门店', '收入（元）'],
    rows: r.rows.map((x) => [x.month, x.newStores, x.renewedStores, yuan(x.revenue)]),
  };
}

export function salesSheet(r: SalesReport): Sheet {
  return {
    headers: ['维度', '名称', '数量', '金额（元）'],
    rows: [
      ...r.byMonth.map((x) => ['月份', x.month, x.quantity, yuan(x.amount)]),
      ...r.byProduct.map((x) => ['商品', x.productName, x.quantity, yuan(x.amount)]),
      ...r.byAgent.map((x) => ['服务商', x.agentName, x.quantity, yuan(x.amount)]),
    ],
  };
}
