import { type providerPaymentDetailSumsEndpoint, providerPaymentItem } from '@console/contract';
import { Table, Typography } from 'antd';
import type { z } from 'zod';
import { formatYuan } from '../../lib/money';
import { ListCard } from '../../components/resource/list-card';

type Answer = z.infer<typeof providerPaymentDetailSumsEndpoint.response>;
type Bucket = Answer['rows'][number];

const money = (value: number) => formatYuan(value);

/** 缴费明细's sums by provider × product for the list's filters, largest net first. */
export function ProviderProductSums({ data }: { data: unknown }) {
  const answer = data as Answer;
  return (
    <ListCard>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        按服务商和项目汇总
        {answer.truncated && (
          <Typography.Text type="secondary" style={{ fontSize: 12, marginLeft: 8 }}>
            仅列出净收入最高的 200 组，请缩小筛选范围查看其余
          </Typography.Text>
        )}
      </Typography.Title>
      <Table<Bucket>
        rowKey={(row) => `${row.agentId}-${row.item}`}
        size="small"
        dataSource={answer.rows}
        scroll={{ x: 'max-content' }}
        pagination={{ pageSize: 10, size: 'small', showTotal: (total) => `共 ${total} 组` }}
        locale={{ emptyText: '没有符合条件的缴费' }}
        columns={[
          { key: 'agentName', title: '服务商', dataIndex: 'agentName' },
          { key: 'item', title: '项目', render: (_: unknown, row) => providerPaymentItem.labels[row.item] },
          { key: 'count', title: '笔数', dataIndex: 'count', align: 'right' },
          { key: 'paidAmount', title: '实收', dataIndex: 'paidAmount', align: 'right', render: money },
          { key: 'refundAmount', title: '退款', dataIndex: 'refundAmount', align: 'right', render: money },
          { key: 'netAmount', title: '净收入', dataIndex: 'netAmount', align: 'right', render: money },
        ]}
      />
    </ListCard>
  );
}
