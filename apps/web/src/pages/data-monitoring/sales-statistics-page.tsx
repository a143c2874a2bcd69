import { type SalesReport, reportEndpoints } from '@console/contract';
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

type Figures = { amount: number; quantity: number };
type Named = Figures & { key: string; name: string };

function option(report: SalesReport) {
  return {
    tooltip: { trigger: 'axis' },
    legend: { bottom: 0 },
    grid: { left: 8, right: 8, top: 36, bottom: 40, containLabel: true },
    xAxis: { type: 'category', data: report.byMonth.map((r) => r.month) },
    yAxis: [
      { type: 'value', name: '金额（元）', axisLabel: moneyAxisLabel },
      { type: 'value', name: '数量', minInterval: 1 },
    ],
    series: [
      { name: '销售额', type: 'bar', data: report.byMonth.map((r) => chartYuan(r.amount)) },
      { name: '数量', type: 'line', yAxisIndex: 1, data: report.byMonth.map((r) => r.quantity) },
    ],
  };
}

const columnsFor = (title: string): ReportColumn<Named>[] => [
  { title, key: 'name', width: 160, render: (_, r) => r.name },
  countColumn<Named>('数量', (r) => r.quantity, 'quantity'),
  moneyColumn<Named>('销售额', (r) => r.amount, 'amount'),
];

function FigureTable({ title, rows }: { title: string; rows: Named[] }) {
  return (
    <ReportTable<Named> title={`按${title}`} rowKey="key" columns={columnsFor(title)} rows={rows} pagination={12} />
  );
}

/** /dataMonitoring/salesStatistics 销售统计: hardware sold (net of cancellations) by month, product and provider. */
export default function SalesStatisticsPage() {
  return (
    <ReportPage<SalesReport> title="销售统计" endpoints={reportEndpoints.sales} preset="今年">
      {(report) => (
        <>
          <ReportChart title="硬件销售趋势" label="硬件销售趋势图" option={option(report)} height={320} />
          <FigureTable title="月份" rows={report.byMonth.map((r) => ({ ...r, key: r.month, name: r.month }))} />
          <FigureTable
            title="商品"
            rows={report.byProduct.map((r) => ({ ...r, key: r.productId, name: r.productName }))}
          />
          <FigureTable title="服务商" rows={report.byAgent.map((r) => ({ ...r, key: r.agentId, name: r.agentName }))} />
        </>
      )}
    </ReportPage>
  );
}
