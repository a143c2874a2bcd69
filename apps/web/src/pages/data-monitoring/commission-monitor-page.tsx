import {
  type CommissionReport,
  type CommissionRow,
  type CommissionSort,
  checkCommissionEndpoint,
  commissionAgentEndpoints,
  commissionAnomaly,
  commissionSorts,
  permissionOf,
  reportEndpoints,
} from '@console/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Select, Space, Switch, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { type ReportColumn, chartYuan, moneyAxisLabel, moneyColumn } from '../../components/report/report-columns';
import { ReportChart } from '../../components/report/report-chart';
import { ReportPage } from '../../components/report/report-page';
import { ReportTable } from '../../components/report/report-table';
import { ReasonDialog } from '../../components/resource/reason-dialog';
import { LockableButton, useWriteLock } from '../../components/resource/write-lock';
import { type ReferenceSource, ReferenceSelect } from '../../components/resource/reference-select';
import { api } from '../../lib/api/request';
import { formatYuan } from '../../lib/money';
import { useSession } from '../../stores/session';

const checkCode = permissionOf(checkCommissionEndpoint.access) ?? 'commissionMonitorMgt.check';
const keyOf = (r: CommissionRow) => `${r.agentId}|${r.month}`;
// The 服务商 filter's options come with the report's own permission, not the provider list's.
const commissionAgents: ReferenceSource = { ...commissionAgentEndpoints, label: 'name', search: 'keyword' };

/** The commission of all matching providers per month: the report's own series, not its page. */
function option(byMonth: CommissionReport['byMonth']) {
  return {
    tooltip: { trigger: 'axis' },
    grid: { left: 8, right: 8, top: 24, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: byMonth.map((m) => m.month) },
    yAxis: { type: 'value', name: '佣金（元）', axisLabel: moneyAxisLabel },
    series: [{ name: '佣金', type: 'bar', data: byMonth.map((m) => chartYuan(m.commission)) }],
  };
}

type CheckedFilter = 'checked' | 'unchecked';
const checkedOptions = [
  { value: 'unchecked', label: '未核对' },
  { value: 'checked', label: '已核对' },
];
const sortOptions = Object.entries(commissionSorts).map(([value, label]) => ({ value, label }));
const PAGE_SIZES = [20, 50, 100];

/** /dataMonitoring/commissionMonitorMgt 佣金监控: commission per provider and month, anomalies flagged and checked. */
export default function CommissionMonitorPage() {
  const permissions = useSession((s) => s.permissions);
  const client = useQueryClient();
  const { message } = App.useApp();
  const [onlyAnomalies, setOnlyAnomalies] = useState(false);
  const [agentId, setAgentId] = useState<string | undefined>();
  const [checked, setChecked] = useState<CheckedFilter | undefined>();
  const [sort, setSort] = useState<CommissionSort>('anomalies');
  const [paging, setPaging] = useState({ page: 1, pageSize: 20 });
  const [checking, setChecking] = useState<CommissionRow | null>(null);
  const lock = useWriteLock();
  // A new filter starts again at page 1.
  const filter =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPaging((p) => ({ ...p, page: 1 }));
    };

  const columns: ReportColumn<CommissionRow>[] = [
    { title: '服务商', key: 'agentName', fixed: 'left', width: 150, render: (_, r) => r.agentName },
    { title: '月份', key: 'month', width: 90, render: (_, r) => r.month },
    // A page is ordered by the server (排序 above the table): sorting one page locally would mislead.
    { ...moneyColumn<CommissionRow>('缴费净额', (r) => r.base, 'base'), sorter: undefined },
    { title: '费率', key: 'rate', align: 'right', width: 80, render: (_, r) => `${(r.rateBp / 100).toFixed(2)}%` },
    { ...moneyColumn<CommissionRow>('佣金', (r) => r.commission, 'commission'), sorter: undefined },
    {
      title: '往常（前 6 月均值）',
      key: 'usual',
      align: 'right',
      width: 140,
      render: (_, r) => (r.usual === null ? '—' : formatYuan(r.usual)),
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
          <LockableButton locked={lock(checkCode)} type="link" size="small" onClick={() => setChecking(r)}>
            {r.checked ? '改说明' : '标记已核对'}
          </LockableButton>
        ) : null,
    },
  ];

  return (
    <>
      <ReportPage<CommissionReport>
        title="佣金监控"
        endpoints={reportEndpoints.commission}
        preset="今年"
        filters={{ agentId, onlyAnomalies, checked, sort }}
        page={paging}
      >
        {(report, _range, fetching) => (
          <>
            <ReportChart
              title="每月佣金（筛选的服务商合计）"
              label="每月佣金图"
              option={option(report.byMonth)}
              height={280}
            />
            <ReportTable<CommissionRow>
              title={`佣金明细（待核对异常 ${report.openAnomalies} 条）`}
              toolbar={
                <Space wrap className="commission-filters" style={{ marginBottom: 12 }}>
                  <ReferenceSelect
                    source={commissionAgents}
                    placeholder="全部服务商"
                    allowClear
                    style={{ width: 220 }}
                    value={agentId}
                    onChange={filter((v) => setAgentId(typeof v === 'string' ? v : undefined))}
                  />
                  <Select<CheckedFilter>
                    aria-label="核对状态"
                    placeholder="全部核对状态"
                    allowClear
                    style={{ width: 140 }}
                    options={checkedOptions}
                    value={checked}
                    onChange={filter((v: CheckedFilter | undefined) => setChecked(v))}
                  />
                  <Select<CommissionSort>
                    aria-label="排序"
                    style={{ width: 150 }}
                    options={sortOptions}
                    value={sort}
                    onChange={filter((v: CommissionSort) => setSort(v))}
                  />
                  <Space>
                    <span>只看异常</span>
                    <Switch
                      aria-label="只看异常"
                      checked={onlyAnomalies}
                      onChange={filter((v: boolean) => setOnlyAnomalies(v))}
                      size="small"
                    />
                  </Space>
                </Space>
              }
              rowKey={keyOf}
              columns={columns}
              rows={report.rows}
              loading={fetching}
              emptyText="没有符合筛选条件的佣金记录"
              rowClassName={(r) => (r.anomalies.length > 0 && !r.checked ? 'report-anomaly-row' : '')}
              pagination={{
                current: paging.page,
                pageSize: paging.pageSize,
                total: report.total,
                pageSizeOptions: PAGE_SIZES,
                showSizeChanger: true,
                showTotal: (total) => `共 ${total} 条`,
                onChange: (page, pageSize) =>
                  setPaging((p) => ({ page: pageSize === p.pageSize ? page : 1, pageSize })),
              }}
            />
          </>
        )}
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
