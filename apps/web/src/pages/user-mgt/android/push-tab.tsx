import { type PushJob, appVersionEndpoints, permissionOf, pushJob } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Space } from 'antd';
import { useState } from 'react';
import { ListCard } from '../../../components/resource/list-card';
import { LockableButton, useWriteLock } from '../../../components/resource/write-lock';
import { ResourceTable, type TableColumn } from '../../../components/resource/resource-table';
import { tableQueryState } from '../../../components/resource/table-query';
import { api } from '../../../lib/api/request';
import { useSession } from '../../../stores/session';
import { usePushDialog } from './push-dialog';
import { PushProgressDrawer, jobColours, pushKey, useRetryPush } from './push-progress-drawer';
import './android.css';

const pushCode = permissionOf(appVersionEndpoints.push.access) ?? 'appVersion.push';
const columns: TableColumn<PushJob>[] = [
  { name: 'versionName', label: '版本', width: 100 },
  { name: 'companyGroupName', label: '公司分组', width: 160 },
  { name: 'status', label: '状态', width: 100, tagColors: jobColours },
  {
    key: 'counts',
    label: '设备（安装 / 失败 / 总数）',
    width: 190,
    cell: (job) => `${job.succeeded} / ${job.failed} / ${job.total}`,
  },
  { name: 'createdAt', label: '推送时间', width: 170 },
  { name: 'finishedAt', label: '完成时间', width: 170 },
];

/** 应用推送: the pushes so far (newest first), a new push, and each push's progress per device. */
export function PushTab() {
  const canPush = useSession((state) => state.permissions.has(pushCode));
  const locked = useWriteLock()(pushCode);
  const [viewing, setViewing] = useState<string | null>(null);
  const push = usePushDialog(setViewing);
  const [retrying, setRetrying] = useState<string | null>(null);
  const retry = useRetryPush();
  const jobs = useQuery({
    queryKey: pushKey('jobs'),
    queryFn: ({ signal }) => api(appVersionEndpoints.pushJobs, { query: {}, signal }),
    // Running pushes move as devices answer; the live channel refetches, this covers its absence.
    refetchInterval: (q) => (q.state.data?.some((j) => j.status === 0) ? 5000 : false),
  });

  const retryJob = (job: PushJob) => {
    setRetrying(job.id);
    void retry(job).finally(() => setRetrying(null));
  };

  return (
    <ListCard>
      <div className="android-toolbar">
        <span className="android-toolbar-title">最近 100 次推送</span>
        {canPush && (
          <LockableButton locked={locked} type="primary" onClick={push.open}>
            推送更新
          </LockableButton>
        )}
      </div>
      <ResourceTable
        of={pushJob}
        columns={columns}
        rows={jobs.data}
        {...tableQueryState(jobs)}
        errorTitle="推送记录加载失败"
        empty="还没有推送过应用更新"
        size="middle"
        pagination={{ size: 20 }}
        scrollX={900}
        actions={{
          width: 190,
          render: (job) => (
            <Space size={4}>
              <Button type="link" size="small" onClick={() => setViewing(job.id)}>
                查看进度
              </Button>
              {job.failed > 0 && job.status !== 0 && (
                <LockableButton
                  locked={locked}
                  type="link"
                  size="small"
                  loading={retrying === job.id}
                  onClick={() => retryJob(job)}
                >
                  重试失败
                </LockableButton>
              )}
            </Space>
          ),
        }}
      />
      {push.element}
      {viewing && <PushProgressDrawer jobId={viewing} onClose={() => setViewing(null)} />}
    </ListCard>
  );
}
