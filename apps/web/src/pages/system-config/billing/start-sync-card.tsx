import { MAX_SYNC_DAYS, billingSyncResource, permissionOf, startBillingSyncEndpoint } from '@console/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Card, DatePicker, Space, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { LockableButton, useWriteLock } from '../../../components/resource/write-lock';
import { chinaTodayDayjs } from '../../../lib/china-today';
import { api } from '../../../lib/api/request';
import { resourceQueryKey } from '../../../lib/api/resource-query-key';
import { usePermission } from '../../../stores/session';
import { JobProgress } from '../../../resources/billing-sync';

const startCode = permissionOf(startBillingSyncEndpoint.access) ?? 'billingSync.start';
const RUNNING_STATUSES = [0, 1];

/** Starting a sync, and the progress of the jobs still running (polled from the server, so a reload keeps it). */
export function StartSyncCard() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const can = usePermission(startCode);
  const lock = useWriteLock();
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [
    chinaTodayDayjs().subtract(7, 'day'),
    chinaTodayDayjs().subtract(1, 'day'),
  ]);
  const [starting, setStarting] = useState(false);
  const active = useQuery({
    queryKey: ['billingSync', 'active'],
    queryFn: () =>
      api(billingSyncResource.endpoints.page!, {
        body: { offset: 1, size: 10, sort: { field: 'id', order: 'descend' } },
      }),
    refetchInterval: (query) =>
      query.state.data?.list.some((job) => RUNNING_STATUSES.includes(job.status)) ? 1000 : false,
  });
  const running = (active.data?.list ?? []).filter((job) => RUNNING_STATUSES.includes(job.status));
  // When the last running job finishes, the history below reloads with its summary.
  const hadRunning = useRef(false);
  useEffect(() => {
    if (hadRunning.current && running.length === 0) {
      void queryClient.invalidateQueries({ queryKey: resourceQueryKey(billingSyncResource.name) });
    }
    hadRunning.current = running.length > 0;
  }, [running.length, queryClient]);

  const start = async () => {
    setStarting(true);
    try {
      await api(startBillingSyncEndpoint, {
        body: { rangeStart: range[0].format('YYYY-MM-DD'), rangeEnd: range[1].format('YYYY-MM-DD') },
      });
      void message.success('同步任务已开始，可离开本页，稍后回来查看结果');
      await active.refetch();
      void queryClient.invalidateQueries({ queryKey: resourceQueryKey(billingSyncResource.name) });
    } finally {
      setStarting(false);
    }
  };

  return (
    <Card size="small" title="同步支付渠道账单" style={{ marginBottom: 12 }}>
      <Space wrap>
        <DatePicker.RangePicker
          value={range}
          allowClear={false}
          disabledDate={(d) => d.isAfter(chinaTodayDayjs(), 'day')}
          onChange={(v) => v?.[0] && v[1] && setRange([v[0], v[1]])}
          aria-label="同步日期范围"
        />
        {can && (
          <LockableButton
            locked={lock(startCode)}
            type="primary"
            loading={starting}
            onClick={() => void start().catch(() => undefined)}
          >
            开始同步
          </LockableButton>
        )}
        <Typography.Text type="secondary">
          一次最多 {MAX_SYNC_DAYS} 天；重复同步同一时间段不会产生重复账单。
        </Typography.Text>
      </Space>
      {running.map((job) => (
        <div key={job.id} data-testid="sync-running" style={{ marginTop: 12 }}>
          <Typography.Text>
            {job.rangeStart} 至 {job.rangeEnd}：{job.status === 0 ? '排队中' : '同步中'}，已新增 {job.createdCount}
            、更新 {job.updatedCount}、未变 {job.unchangedCount}、失败 {job.failedCount}
          </Typography.Text>
          <JobProgress job={job} />
        </div>
      ))}
    </Card>
  );
}
