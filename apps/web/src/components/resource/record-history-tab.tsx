import { type HistoryEntry, type HistoryKind, recordHistoryEndpoints } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Divider, Empty, Pagination, Space, Spin, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { api } from '../../lib/api/request';
import type { WebField } from './define-web-resource';
import { FieldChangeTable } from './field-change-table';

const KIND_TEXT: Record<HistoryKind, { text: string; color: string }> = {
  created: { text: '新增', color: 'green' },
  updated: { text: '修改', color: 'blue' },
  statusChanged: { text: '状态变更', color: 'orange' },
  deleted: { text: '删除', color: 'red' },
  restored: { text: '恢复', color: 'cyan' },
  exported: { text: '导出', color: 'default' },
  other: { text: '操作', color: 'default' },
};

const PAGE_SIZE = 10;

interface Props {
  /** The resource name the server's registry knows the record by (e.g. `store`). */
  resource: string;
  id: string;
  /** The record's fields, for the changed fields' labels and on-screen values. */
  fields: Readonly<Record<string, WebField<unknown>>>;
}

function Who({ entry }: { entry: HistoryEntry }) {
  return (
    <Space size={4} wrap>
      <Typography.Text strong>{entry.operatorName}</Typography.Text>
      {entry.operatorAccount && <Typography.Text type="secondary">（{entry.operatorAccount}）</Typography.Text>}
      {entry.agentName && <Tag>{entry.agentName}</Tag>}
    </Space>
  );
}

/** 操作历史: who did what to this record, when and from where, newest first; mounted only when its tab opens. */
export function RecordHistoryTab({ resource, id, fields }: Props) {
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: ['recordHistory', resource, id, page],
    queryFn: ({ signal }) =>
      api(recordHistoryEndpoints.history, {
        query: { resource, id, offset: page, size: PAGE_SIZE },
        signal,
        quiet: true,
      }),
    retry: false,
  });

  if (query.isPending) return <Spin description="正在加载操作历史…">{<div style={{ minHeight: 80 }} />}</Spin>;
  if (query.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title="操作历史加载失败"
        description={query.error instanceof Error ? query.error.message : undefined}
        action={
          <Button size="small" onClick={() => void query.refetch()}>
            重试
          </Button>
        }
      />
    );
  }
  const { total, list } = query.data;
  if (total === 0) return <Empty description="暂无操作记录" />;
  return (
    <>
      {list.map((entry, index) => {
        const kind = KIND_TEXT[entry.kind];
        return (
          <div key={entry.id}>
            {index > 0 && <Divider style={{ margin: '12px 0' }} />}
            <Space orientation="vertical" size={6} style={{ width: '100%' }}>
              <Space size={8} wrap>
                <Tag color={kind.color}>{kind.text}</Tag>
                <Typography.Text>{entry.action}</Typography.Text>
              </Space>
              <Space size={12} wrap>
                <Who entry={entry} />
                <Typography.Text type="secondary">{dayjs(entry.at).format('YYYY-MM-DD HH:mm:ss')}</Typography.Text>
                <Typography.Text type="secondary">IP {entry.ip || '-'}</Typography.Text>
              </Space>
              {entry.changes.length > 0 && <FieldChangeTable changes={entry.changes} fields={fields} />}
            </Space>
          </div>
        );
      })}
      {total > PAGE_SIZE && (
        <Pagination
          style={{ marginTop: 16 }}
          size="small"
          align="end"
          current={page}
          pageSize={PAGE_SIZE}
          total={total}
          showSizeChanger={false}
          onChange={setPage}
        />
      )}
    </>
  );
}
