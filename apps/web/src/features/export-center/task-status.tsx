import { type ExportTask, exportTaskStatusLabels } from '@console/contract';
import { Tag, Tooltip } from 'antd';

const colours: Record<ExportTask['status'], string> = {
  queued: 'default',
  running: 'processing',
  ready: 'success',
  failed: 'error',
  expired: 'warning',
};

const count = (n: number) => n.toLocaleString('en-US');

/** 排队中 / 生成中 x/y / 已完成 / 失败（原因） / 已过期, as a tag. */
export function TaskStatus({ task }: { task: ExportTask }) {
  const label = exportTaskStatusLabels[task.status];
  if (task.status === 'running') {
    const total = task.rowsTotal === null ? '…' : count(task.rowsTotal);
    return <Tag color={colours.running}>{`${label} ${count(task.rowsDone)}/${total}`}</Tag>;
  }
  if (task.status === 'failed') {
    return (
      <Tooltip title={task.failReason}>
        <Tag color={colours.failed}>{`${label}（${task.failReason ?? '原因未知'}）`}</Tag>
      </Tooltip>
    );
  }
  if (task.status === 'ready' && task.truncated) {
    return (
      <Tooltip title="符合条件的记录过多，文件只含前面的记录；请缩小筛选范围后分批导出">
        <Tag color="warning">{`${label}（仅前 ${count(task.rowsDone)} 条）`}</Tag>
      </Tooltip>
    );
  }
  return <Tag color={colours[task.status]}>{label}</Tag>;
}
