import { type providerPaymentDetailSumsEndpoint, providerPaymentItem } from '@console/contract';
import { Typography } from 'antd';
import type { z } from 'zod';
import { formatYuan } from '../../lib/money';
import { ListCard } from '../../components/resource/list-card';
import type { ReportColumn } from '../../components/report/report-columns';
import { ReportFigures } from '../../components/report/report-figures';

type Answer = z.infer<typeof providerPaymentDetailSumsEndpoint.response>;
type Bucket = Answer['rows'][number];

const money = (title: string, key: 'paidAmount' | 'refundAmount' | 'netAmount'): ReportColumn<Bucket> => ({
  key,
  title,
  align: 'right',
  render: (_, row) => formatYuan(row[key]),
});

const columns: ReportColumn<Bucket>[] = [
  { key: 'agentName', title: '服务商', render: (_, row) => row.agentName },
  { key: 'item', title: '项目', render: (_, row) => providerPaymentItem.labels[row.item] },
  { key: 'count', title: '笔数', align: 'right', render: (_, row) => row.count },
  money('实收', 'paidAmount'),
  money('退款', 'refundAmount'),
  money('净收入', 'netAmount'),
];

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
      <ReportFigures<Bucket>
        rowKey={(row) => `${row.agentId}-${row.item}`}
        columns={columns}
        rows={answer.rows}
        pagination={{ pageSize: 10, size: 'small', showTotal: (total) => `共 ${total} 组` }}
        emptyText="没有符合条件的缴费"
      />
    </ListCard>
  );
}
