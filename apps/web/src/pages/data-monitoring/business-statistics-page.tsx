import { type BusinessReport, reportEndpoints } from '@console/contract';
import { Card, Statistic } from 'antd';
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

type Row = BusinessReport['rows'][number];

function option(rows: Row[]) {
  return {
    tooltip: { trigger: 'axis' },
    legend: { bottom: 0 },
    grid: { left: 8, right: 8, top: 36, bottom: 40, containLabel: true },
    xAxis: { type: 'category', data: rows.map((r) => r.month) },
    yAxis: [
      { type: 'value', name: '门店', minInterval: 1 },
      { type: 'value', name: '收入（元）', axisLabel: moneyAxisLabel },
    ],
    series: [
      { name: '新开门店', type: 'bar', data: rows.map((r) => r.newStores) },
      { name: '续费门店', type: 'bar', data: rows.map((r) => r.renewedStores) },
      { name: '收入', type: 'line', yAxisIndex: 1, data: rows.map((r) => chartYuan(r.revenue)) },
    ],
  };
}

const columns: ReportColumn<Row>[] = [
  { title: '月份', key: 'month', width: 90, render: (_, r) => r.month },
  countColumn<Row>('新开门店', (r) => r.newStores, 'newStores'),
  countColumn<Row>('续费门店', (r) => r.renewedStores, 'renewedStores'),
  moneyColumn<Row>('收入', (r) => r.revenue, 'revenue'),
];

/** /dataMonitoring/businessStatistics 经营统计: the platform today, and stores opened and renewed per month. */
export default function BusinessStatisticsPage() {
  return (
    <ReportPage<BusinessReport> title="经营统计" endpoints={reportEndpoints.business} preset="今年">
      {({ snapshot, rows }) => (
        <>
          <div className="report-stats">
            <Card size="small">
              <Statistic title="正常营业门店" value={snapshot.activeStores} suffix="家" />
            </Card>
            <Card size="small">
              <Statistic title="在线设备" value={snapshot.devicesOnline} suffix={`/ ${snapshot.devicesTotal} 台`} />
            </Card>
            <Card size="small">
              <Statistic
                title="30 天内待续费门店"
                value={snapshot.renewalsDue}
                suffix="家"
                styles={{ content: { color: snapshot.renewalsDue > 0 ? '#d46b08' : undefined } }}
              />
            </Card>
          </div>
          <ReportChart title="门店开通与续费趋势" label="门店开通与续费趋势图" option={option(rows)} height={320} />
          <ReportTable<Row> title="月度明细" rowKey="month" columns={columns} rows={rows} />
        </>
      )}
    </ReportPage>
  );
}
