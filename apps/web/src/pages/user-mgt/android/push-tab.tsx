import { type PushJob, appVersionEndpoints, permissionOf, pushJobStatus } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Space, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { ErrorResult } from '../../../components/error-result';
import { ListCard } from '../../../components/resource/list-card';
import { api } from '../../../lib/api/request';
import { useSession } from '../../../stores/session';
import { PushDialog } from './push-dialog';
import { PushProgressDrawer, jobColours, pushKey, useRetryPush } from './push-progress-drawer';
import './android.css';

const pushCode = permissionOf(appVersionEndpoints.push.access) ?? 'appVersion.push';
const time = (value: string | null) => (value ? dayjs(value).format('YYYY-MM-DD HH:mm:ss') : '-');

/** 应用推送: the pushes so far (newest first), a new push, and each push's progress per device. */
export function PushTab() {
  const canPush = useSession((state) => state.permissions.has(pushCode));
  const [pushing, setPushing] = useState(false);
  const [viewing, setViewing] = useState<string | null>(null);
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
          <Button type="primary" onClick={() => setPushing(true)}>
            推送更新
          </Button>
        )}
      </div>
      {jobs.isError ? (
        <ErrorResult
          title="推送记录加载失败"
          subTitle={jobs.error.message}
          extra={<Button onClick={() => void jobs.refetch()}>重试</Button>}
        />
      ) : (
        <Table<PushJob>
          rowKey="id"
          size="middle"
          loading={jobs.isLoading}
          dataSource={jobs.data}
          locale={{ emptyText: '还没有推送过应用更新' }}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          scroll={{ x: 900 }}
          columns={[
            { title: '版本', dataIndex: 'versionName', width: 100 },
            { title: '公司分组', dataIndex: 'companyGroupName', width: 160 },
            {
              title: '状态',
              dataIndex: 'status',
              width: 100,
              render: (s: PushJob['status']) => <Tag color={jobColours[s]}>{pushJobStatus.labels[s]}</Tag>,
            },
            {
              title: '设备（安装 / 失败 / 总数）',
              key: 'counts',
              width: 190,
              render: (_v, job) => `${job.succeeded} / ${job.failed} / ${job.total}`,
            },
            { title: '推送时间', dataIndex: 'createdAt', width: 170, render: time },
            { title: '完成时间', dataIndex: 'finishedAt', width: 170, render: time },
            {
              title: '操作',
              key: 'actions',
              fixed: 'right',
              width: 190,
              render: (_v, job) => (
                <Space size={4}>
                  <Button type="link" size="small" onClick={() => setViewing(job.id)}>
                    查看进度
                  </Button>
                  {job.failed > 0 && job.status !== 0 && (
                    <Button type="link" size="small" loading={retrying === job.id} onClick={() => retryJob(job)}>
                      重试失败
                    </Button>
                  )}
                </Space>
              ),
            },
          ]}
        />
      )}
      {pushing && (
        <PushDialog
          onClose={() => setPushing(false)}
          onPushed={(id) => {
            setPushing(false);
            setViewing(id);
          }}
        />
      )}
      {viewing && <PushProgressDrawer jobId={viewing} onClose={() => setViewing(null)} />}
    </ListCard>
  );
}
