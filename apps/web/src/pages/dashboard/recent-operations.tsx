import type { DashboardSummary } from '@console/contract';
import { Card, Empty, List, Tag } from 'antd';
import dayjs from 'dayjs';
import { Link } from 'react-router';

type Operation = NonNullable<DashboardSummary['recentOperations']>[number];

export function RecentOperations({ operations, moreHref }: { operations: Operation[]; moreHref?: string }) {
  return (
    <Card title="最近操作" extra={moreHref ? <Link to={moreHref}>查看全部</Link> : null} className="dashboard-panel">
      {operations.length === 0 ? (
        <Empty description="暂无操作记录" image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <List
          size="small"
          dataSource={operations}
          renderItem={(op) => (
            <List.Item key={op.id}>
              <span className="dashboard-op">
                <span className="dashboard-op-who">{op.operatorName || '—'}</span>
                <span className="dashboard-op-what">
                  {op.module} · {op.action}
                </span>
              </span>
              <span className="dashboard-op-meta">
                <Tag color={op.result === 1 ? 'success' : 'error'}>{op.result === 1 ? '成功' : '失败'}</Tag>
                <time dateTime={op.at}>{dayjs(op.at).format('MM-DD HH:mm')}</time>
              </span>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
