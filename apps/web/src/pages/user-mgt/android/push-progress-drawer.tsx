import { type PushJob, appVersionEndpoints, pushJobStatus, pushResultRow } from '@console/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Descriptions, Drawer, Progress, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { ErrorResult } from '../../../components/error-result';
import { LockableButton, useWriteLocked } from '../../../components/resource/write-lock';
import { ResourceTable, type TableColumn } from '../../../components/resource/resource-table';
import { api } from '../../../lib/api/request';
import { resourceQueryKey } from '../../../lib/api/resource-query-key';
import type { z } from 'zod';

/** Where push queries live: device reports announce `appPushJob`, which refetches every one of them. */
export const pushKey = (...rest: unknown[]) => [...resourceQueryKey('appPushJob'), ...rest];
// While devices are still answering, read again now and then too, in case the live channel is down.
const POLL_MS = 3000;

export const resultColours: Record<number, string> = { 0: 'default', 3: 'processing', 4: 'cyan', 1: 'green', 2: 'red' };
export const jobColours: Record<number, string> = { 0: 'processing', 1: 'green', 2: 'orange' };
const time = (value: string | null) => (value ? dayjs(value).format('MM-DD HH:mm:ss') : '-');

// A push lasts minutes: the day and time of a report, without the year, keep the drawer's columns narrow.
const resultColumns: TableColumn<z.infer<typeof pushResultRow>>[] = [
  { name: 'deviceNo', label: '设备编号', width: 140 },
  { name: 'status', label: '进度', width: 90, tagColors: resultColours },
  { name: 'message', label: '说明', width: 140 },
  { name: 'deviceName', label: '设备名称', width: 120 },
  { name: 'storeName', label: '门店', width: 140 },
  { name: 'reportedAt', label: '回报时间', width: 120, render: (value) => time(value as string | null) },
];

/** Reopens a job's failed devices and sends them the version again. */
export function useRetryPush() {
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  return async (job: PushJob) => {
    const again = await api(appVersionEndpoints.retryPush, { body: { id: job.id } });
    void message.success(`已重新推送 ${job.failed} 台失败的设备`);
    await queryClient.invalidateQueries({ queryKey: pushKey() });
    return again;
  };
}

/** One push, device by device, as the devices report: 等待中 → 下载中 → 安装中 → 已安装 / 失败（原因）. */
export function PushProgressDrawer({ jobId, onClose }: { jobId: string; onClose: () => void }) {
  const retry = useRetryPush();
  const [retrying, setRetrying] = useState(false);
  // Retrying sends the update again: a write.
  const locked = useWriteLocked();
  const query = useQuery({
    queryKey: pushKey('job', jobId),
    queryFn: ({ signal }) => api(appVersionEndpoints.pushJobDetail, { query: { id: jobId }, signal }),
    refetchInterval: (q) => (q.state.data?.status === 0 ? POLL_MS : false),
  });
  const job = query.data;
  const answered = job ? job.succeeded + job.failed : 0;
  return (
    <Drawer open onClose={onClose} title="推送进度" size={720} destroyOnHidden>
      {query.isError && (
        <ErrorResult
          title="推送进度加载失败"
          subTitle={query.error.message}
          extra={<Button onClick={() => void query.refetch()}>重试</Button>}
        />
      )}
      {job && (
        <>
          <Descriptions column={{ xs: 1, sm: 2 }} size="small" bordered>
            <Descriptions.Item label="版本">{job.versionName}</Descriptions.Item>
            <Descriptions.Item label="公司分组">{job.companyGroupName}</Descriptions.Item>
            <Descriptions.Item label="状态">
              <Tag color={jobColours[job.status]}>{pushJobStatus.labels[job.status]}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label="开始时间">{time(job.createdAt)}</Descriptions.Item>
          </Descriptions>
          <div className="push-progress-summary">
            <Progress
              percent={job.total ? Math.round((answered / job.total) * 100) : 0}
              success={{ percent: job.total ? Math.round((job.succeeded / job.total) * 100) : 0 }}
              // Installed in green, failed in red, still running animated.
              strokeColor={job.failed > 0 ? '#ff4d4f' : undefined}
              status={job.status === 0 ? 'active' : 'normal'}
            />
            <span>
              共 {job.total} 台，已安装 {job.succeeded} 台，失败 {job.failed} 台
            </span>
            {job.failed > 0 && job.status !== 0 && (
              <LockableButton
                locked={locked}
                loading={retrying}
                onClick={() => {
                  setRetrying(true);
                  void retry(job).finally(() => setRetrying(false));
                }}
              >
                重试失败的设备
              </LockableButton>
            )}
          </div>
          <ResourceTable
            of={pushResultRow}
            columns={resultColumns}
            rows={job.results}
            pagination={{ size: 50 }}
            scrollX={640}
          />
        </>
      )}
    </Drawer>
  );
}
