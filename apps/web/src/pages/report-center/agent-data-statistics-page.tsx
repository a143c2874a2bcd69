import { type AgentDataReport, type ReportRange, reportEndpoints } from '@console/contract';
import { Link, useNavigate } from 'react-router';
import { useCanOpenScreen } from '../../components/open-screens';
import {
  type ReportColumn,
  chartYuan,
  moneyAxisLabel,
  countColumn,
  growthText,
  moneyColumn,
} from '../../components/report/report-columns';
import { ReportChart } from '../../components/report/report-chart';
import { ReportPage } from '../../components/report/report-page';
import { ReportTable } from '../../components/report/report-table';

type Row = AgentDataReport['rows'][number];
const RECORDS = '/saasTransaction/saasRecord';
const RANKED = 15;

/**
 * A provider's payment records for the report's dates, as 服务商缴费记录 reads its filters from the
 * address: `paidAt` is a range of instants, so the China dates become their first and last moments.
 */
export function recordsAddress(agentId: string, range: ReportRange): string {
  const from = new Date(`${range.from}T00:00:00+08:00`).toISOString();
  const to = new Date(Date.parse(`${range.to}T00:00:00+08:00`) + 86_399_999).toISOString();
  return `${RECORDS}?${new URLSearchParams({ agentId, paidAt: `${from}~${to}` }).toString()}`;
}

function option(rows: Row[]) {
  const top = rows.slice(0, RANKED).reverse();
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { bottom: 0 },
    grid: { left: 8, right: 16, top: 8, bottom: 36, containLabel: true },
    xAxis: { type: 'value', name: '元', axisLabel: moneyAxisLabel },
    yAxis: { type: 'category', data: top.map((r) => r.agentName), axisLabel: { width: 110, overflow: 'truncate' } },
    series: [
      { name: '本期收入', type: 'bar', data: top.map((r) => chartYuan(r.revenue)) },
      { name: '上期收入', type: 'bar', data: top.map((r) => chartYuan(r.previousRevenue)) },
    ],
  };
}

/** /reportCenter/agentDataStatistics 服务商数据统计: providers ranked by revenue, with growth on the period before. */
export default function AgentDataStatisticsPage() {
  const navigate = useNavigate();
  const canOpen = useCanOpenScreen()(RECORDS);
  return (
    <ReportPage<AgentDataReport> title="服务商数据统计" endpoints={reportEndpoints.agentData} preset="近 3 个月">
      {(report, range) => {
        const top = report.rows.slice(0, RANKED).reverse();
        const columns: ReportColumn<Row>[] = [
          {
            title: '服务商',
            key: 'agentName',
            fixed: 'left',
            width: 160,
            render: (_, r) =>
              canOpen ? <Link to={recordsAddress(r.agentId, range)}>{r.agentName}</Link> : r.agentName,
          },
          countColumn<Row>('门店数', (r) => r.stores, 'stores'),
          countColumn<Row>('设备数', (r) => r.devices, 'devices'),
          moneyColumn<Row>('本期收入', (r) => r.revenue, 'revenue'),
          moneyColumn<Row>(
            `上期收入（${report.previous.from} 至 ${report.previous.to}）`,
            (r) => r.previousRevenue,
            'previous',
          ),
          {
            title: '增长',
            key: 'growth',
            align: 'right',
            width: 90,
            sorter: (a, b) => (a.growth ?? -Infinity) - (b.growth ?? -Infinity),
            render: (_, r) => {
              const g = growthText(r.growth);
              return <span style={{ color: g.color }}>{g.text}</span>;
            },
          },
        ];
        return (
          <>
            <ReportChart
              title={`收入排行（前 ${RANKED} 名${canOpen ? '，点击查看缴费记录' : ''}）`}
              label="服务商收入排行图"
              option={option(report.rows)}
              height={Math.max(240, top.length * 36 + 60)}
              onClick={
                canOpen
                  ? (i) => {
                      const row = top[i];
                      if (row) void navigate(recordsAddress(row.agentId, range));
                    }
                  : undefined
              }
            />
            <ReportTable<Row>
              title="服务商明细"
              rowKey="agentId"
              columns={columns}
              rows={report.rows}
              pagination={20}
            />
          </>
        );
      }}
    </ReportPage>
  );
}
