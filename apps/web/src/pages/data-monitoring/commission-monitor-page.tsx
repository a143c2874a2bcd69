import {
  type CommissionReport,
  type CommissionRow,
  checkCommissionEndpoint,
  commissionAnomaly,
  permissionOf,
  reportEndpoints,
} from '@console/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Space, Switch, Table, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { Chart } from '../../components/charts/chart';
import { type ReportColumn, chartYuan, moneyAxisLabel, moneyColumn } from '../../components/report/report-columns';
import { ReportPage } from '../../components/report/report-page';
import { ReasonDialog } from '../../components/resource/reason-dialog';
import { api } from '../../lib/api/request';
import { useSession } from '../../stores/session';

const checkCode = permissionOf(checkCommissionEndpoint.access) ?? 'commissionMonitorMgt.check';
const keyOf = (r: CommissionRow) => `${r.agentId}|${r.month}`;

function option(rows: CommissionRow[]) {
  const months = [...new Set(rows.map((r) => r.month))].sort();
  const agents = [...new Set(rows.map((r) => r.agentName))];
  const by = new Map(rows.map((r) => [`${r.agentName}|${r.month}`, r.commission]));
  return {
    tooltip: { trigger: 'axis' },
    legend: { type: 'scroll', bottom: 0 },
    grid: { left: 8, right: 8, top: 24, bottom: 40, containLabel: true },
    xAxis: { type: 'category', data: months },
    yAxis: { type: 'value', name: '佣金（元）', axisLabel: moneyAxisLabel },
    series: agents.map((name) => ({
      name,
      type: 'bar',
      data: months.map((m) => chartYuan(by.get(`${name}|${m}`) ?? 0)),
    })),
  };
}

/** /dataMonitoring/commissionMonitorMgt 佣金监控: commission per provider and month, anomalies flagged and checked. */
export default function CommissionMonitorPage() {
  const permissions = useSession((s) => s.permissions);
  const client = useQueryClient();
  const { message } = App.useApp();
  const [onlyAnomalies, setOnlyAnomalies] = useState(false);
  const [checking, setChecking] = useState<CommissionRow | null>(null);

  const columns: ReportColumn<CommissionRow>[] = [
    { title: '服务商', key: 'agentName', fixed: 'left', width: 150, render: (_, r) => r.agentName },
    { title: '月份', key: 'month', width: 90, render: (_, r) => r.month },
    moneyColumn<CommissionRow>('缴费净额', (r) => r.base, 'base'),
    { title: '费率', key: 'rate', align: 'right', width: 80, render: (_, r) => `${(r.rateBp / 100).toFixed(2)}%` },
    moneyColumn<CommissionRow>('佣金', (r) => r.commission, 'commission'),
    {
      title: '往常（前 6 月均值）',
      key: 'usual',
      align: 'right',
      width: 140,
      render: (_, r) => (r.usual === null ? '—' : `¥${(r.usual / 100).toFixed(2)}`),
    },
    {
      title: '异常',
      key: 'anomalies',
      width: 170,
      render: (_, r) =>
        r.anomalies.length === 0
          ? '—'
          : r.anomalies.map((a) => (
              <Tag key={a} color={a === 'negative' ? 'red' : 'orange'}>
                {commissionAnomaly[a]}
              </Tag>
            )),
    },
    {
      title: '核对',
      key: 'checked',
      width: 200,
      render: (_, r) =>
        r.checked ? (
          <Tooltip title={`${r.checked.checkedBy} 于 ${new Date(r.checked.checkedAt).toLocaleString('zh-CN')}`}>
            <Tag color="green">已核对</Tag>
            {r.checked.note}
          </Tooltip>
        ) : (
          '未核对'
        ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 90,
      render: (_, r) =>
        permissions.has(checkCode) ? (
          <Button type="link" size="small" onClick={() => setChecking(r)}>
            {r.checked ? '改说明' : '标记已核对'}
          </Button>
        ) : null,
    },
  ];

  return (
    <>
      <ReportPage<CommissionReport> title="佣金监控" endpoints={reportEndpoints.commission} preset="今年">
        {(report) => {
          const rows = onlyAnomalies ? report.rows.filter((r) => r.anomalies.length > 0) : report.rows;
          const open = report.rows.filter((r) => r.anomalies.length > 0 && !r.checked).length;
          return (
            <>
              <Card size="small" title="每月佣金">
                <Chart label="服务商每月佣金图" option={option(report.rows)} height={320} />
              </Card>
              <Card
                size="small"
                title={`佣金明细（待核对异常 ${open} 条）`}
                extra={
                  <Space>
                    <span>只看异常</span>
                    <Switch aria-label="只看异常" checked={onlyAnomalies} onChange={setOnlyAnomalies} size="small" />
                  </Space>
                }
              >
                <Table<CommissionRow>
                  rowKey={keyOf}
                  size="small"
                  columns={columns}
                  dataSource={rows}
                  rowClassName={(r) => (r.anomalies.length > 0 && !r.checked ? 'report-anomaly-row' : '')}
                  pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
                  scroll={{ x: 'max-content' }}
                />
              </Card>
            </>
          );
        }}
      </ReportPage>
      {checking && (
        <ReasonDialog
          title={`核对 ${checking.agentName} ${checking.month} 的佣金`}
          description="写明核对结果（例如退款原因、调价依据），核对记录会写入操作日志。"
          label="核对说明"
          placeholder="核对结果"
          okText="标记已核对"
          maxLength={500}
          onSubmit={(note) =>
            api(checkCommissionEndpoint, { body: { agentId: checking.agentId, month: checking.month, note } }).then(
              () => {
                void message.success('已标记为已核对');
                return client.invalidateQueries({ queryKey: ['report', reportEndpoints.commission.get.path] });
              },
            )
          }
          onClose={() => setChecking(null)}
        />
      )}
    </>
  );
}
