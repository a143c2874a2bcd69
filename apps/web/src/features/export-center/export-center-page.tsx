import { type ExportTask, EXPORT_KEEP_DAYS, exportTaskEndpoints } from '@console/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Segmented, Space, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { exportTaskKeys } from '../../components/export/ask-export';
import { ErrorResult } from '../../components/error-result';
import { ConfirmButton } from '../../components/resource/confirm-button';
import { useWriteLocked } from '../../components/resource/write-lock';
import { download, saveFile } from '../../lib/api/download';
import { api } from '../../lib/api/request';
import { useSession } from '../../stores/session';
import { dateTime } from '../messages/format';
import { useExportTasks } from './export-tasks';
import { filtersSummary, sizeText } from './filters-summary';
import { TaskStatus } from './task-status';

function useTaskActions() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [downloading, setDownloading] = useState<string | null>(null);
  const fetchFile = async (task: ExportTask) => {
    setDownloading(task.id);
    try {
      const file = await download(exportTaskEndpoints.download, { query: { id: task.id } }, `${task.title}.xlsx`);
      saveFile(file.blob, file.filename);
    } catch {
      // The request client has told the operator why (expired, gone, the network).
    } finally {
      setDownloading(null);
    }
  };
  const remove = async (task: ExportTask) => {
    try {
      await api(exportTaskEndpoints.delete, { query: { id: task.id } });
      void message.success('已删除');
    } catch {
      // Told by the request client.
    }
    void queryClient.invalidateQueries({ queryKey: exportTaskKeys.all });
  };
  return { fetchFile, remove, downloading };
}

/**
 * 导出中心: the operator's exports, newest first, with their progress while a job writes them
 * (polled), 下载 once ready and 删除. A platform operator may switch to every account's exports.
 */
export default function ExportCenterPage() {
  const platform = useSession((s) => s.adminType === 0);
  const [all, setAll] = useState(false);
  const [page, setPage] = useState({ offset: 1, size: 20 });
  const query = useExportTasks({ ...page, all });
  const { fetchFile, remove, downloading } = useTaskActions();
  // Deleting a task is a write; downloading its file is not.
  const locked = useWriteLocked();

  const columns: TableColumnsType<ExportTask> = [
    { title: '任务名称', dataIndex: 'title', key: 'title' },
    { title: '筛选条件', key: 'filters', render: (_, task) => filtersSummary(task.filters) },
    ...(all ? [{ title: '导出人', dataIndex: 'operatorName', key: 'operatorName' }] : []),
    { title: '状态', key: 'status', render: (_, task) => <TaskStatus task={task} /> },
    { title: '创建时间', key: 'createdAt', render: (_, task) => dateTime(task.createdAt) },
    { title: '文件大小', key: 'fileSize', render: (_, task) => sizeText(task.fileSize) },
    {
      title: '操作',
      key: 'actions',
      render: (_, task) => (
        <Space size={0}>
          {task.status === 'ready' && (
            <Button type="link" size="small" loading={downloading === task.id} onClick={() => void fetchFile(task)}>
              下载
            </Button>
          )}
          {task.mine && (
            <ConfirmButton
              label="删除"
              danger
              question="确定删除这个导出任务吗？"
              description="生成的文件会一并删除，无法恢复。"
              onConfirm={() => void remove(task)}
              locked={locked}
            />
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card
      title="导出中心"
      extra={
        platform && (
          <Segmented
            value={all ? 'all' : 'mine'}
            options={[
              { value: 'mine', label: '我的导出' },
              { value: 'all', label: '全部账号' },
            ]}
            onChange={(value) => {
              setAll(value === 'all');
              setPage((p) => ({ ...p, offset: 1 }));
            }}
          />
        )
      }
    >
      <p className="ant-typography ant-typography-secondary">
        {`导出的文件在服务器上生成，完成后可在此下载；文件保留 ${EXPORT_KEEP_DAYS} 天后自动删除。`}
      </p>
      {query.isError ? (
        <ErrorResult
          title="导出任务加载失败"
          extra={
            <Button type="primary" onClick={() => void query.refetch()}>
              重试
            </Button>
          }
        />
      ) : (
        <Table<ExportTask>
          rowKey="id"
          loading={query.isPending}
          dataSource={query.data?.list ?? []}
          columns={columns}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: '暂无导出任务：在任一列表或报表点击「导出」后，任务会出现在这里' }}
          pagination={{
            current: page.offset,
            pageSize: page.size,
            total: query.data?.total ?? 0,
            showTotal: (total) => `共 ${total} 条`,
            onChange: (offset, size) => setPage({ offset, size }),
          }}
        />
      )}
    </Card>
  );
}
