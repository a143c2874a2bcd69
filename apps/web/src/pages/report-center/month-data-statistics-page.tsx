import { type MonthDataReport, type ReportProduct, reportEndpoints, reportProducts } from '@console/contract';
import {
  type ReportColumn,
  chartYuan,
  moneyAxisLabel,
  countColumn,
  moneyColumn,
} from '../../components/report/report-columns';
import { ReportChart } from '../../components/report/report-chart';
import { ReportPage } from '../../components/report/report-page';
import { ReportTable } from '../../components/report/report-table';

type Row = MonthDataReport['rows'][number];
const products = Object.entries(reportProducts) as [ReportProduct, string][];

function option(rows: Row[]) {
  return {
    tooltip: { trigger: 'axis' },
    legend: { type: 'scroll', bottom: 0 },
    grid: { left: 8, right: 8, top: 36, bottom: 48, containLabel: true },
    xAxis: { type: 'category', data: rows.map((r) => r.month) },
    yAxis: [
      { type: 'value', name: '收入（元）', axisLabel: moneyAxisLabel },
      { type: 'value', name: '门店', minInterval: 1 },
    ],
    series: [
      ...products.map(([key, name]) => ({
        name,
        type: 'bar',
        stack: 'revenue',
        data: rows.map((r) => chartYuan(r.revenue[key])),
      })),
      { name: '新开门店', type: 'line', yAxisIndex: 1, data: rows.map((r) => r.newStores) },
      { name: '续费门店', type: 'line', yAxisIndex: 1, data: rows.map((r) => r.renewedStores) },
    ],
  };
}

/** The range's totals, shaped as a month so the columns render it. */
function totalsRow(rows: Row[]): Row {
  const sum = (f: (r: Row) => number) => rows.reduce((s, r) => s + f(r), 0);
  return {
    month: '合计',
    newStores: sum((r) => r.newStores),
    renewedStores: sum((r) => r.renewedStores),
    newProviders: sum((r) => r.newProviders),
    revenue: Object.fromEntries(products.map(([k]) => [k, sum((r) => r.revenue[k])])) as Row['revenue'],
    refunds: sum((r) => r.refunds),
    total: sum((r) => r.total),
  };
}

const columns: ReportColumn<Row>[] = [
  { title: '月份', key: 'month', fixed: 'left', width: 90, render: (_, r) => r.month },
  countColumn<Row>('新开门店', (r) => r.newStores, 'newStores'),
  countColumn<Row>('续费门店', (r) => r.renewedStores, 'renewedStores'),
  countColumn<Row>('新增服务商', (r) => r.newProviders, 'newProviders'),
  ...products.map(([key, name]) => moneyColumn<Row>(name, (r) => r.revenue[key], key)),
  moneyColumn<Row>('退款', (r) => r.refunds, 'refunds'),
  moneyColumn<Row>('合计', (r) => r.total, 'total'),
];

/** /reportCenter/monthDataStatistics 月度数据统计: stores, providers and revenue by product per month. */
export default function MonthDataStatisticsPage() {
  return (
    <ReportPage<MonthDataReport> title="月度数据统计" endpoints={reportEndpoints.monthData} preset="今年">
      {(report) => (
        <>
          <ReportChart title="收入与门店趋势" label="月度收入与门店趋势图" option={option(report.rows)} height={340} />
          <ReportTable<Row>
            title="月度明细"
            rowKey="month"
            columns={columns}
            rows={report.rows}
            totals={totalsRow(report.rows)}
          />
        </>
      )}
    </ReportPage>
  );
}
