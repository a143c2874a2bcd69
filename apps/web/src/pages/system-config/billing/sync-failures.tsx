import type { BillingSyncJob } from '@console/contract';
import { Table, Typography } from 'antd';

/** The detail drawer's list of lines that could not be stored, with the reason for each. */
export function SyncFailures({ record }: { record: BillingSyncJob }) {
  if (record.failures.length === 0) return null;
  return (
    <section>
      <Typography.Title level={5}>失败明细（{record.failedCount} 条）</Typography.Title>
      <Table
        size="small"
        rowKey="billNo"
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        dataSource={record.failures}
        columns={[
          { title: '账单号', dataIndex: 'billNo', width: 200 },
          { title: '原因', dataIndex: 'reason' },
        ]}
      />
    </section>
  );
}
