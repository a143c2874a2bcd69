import { type BillingSyncJob, syncFailure } from '@console/contract';
import { Typography } from 'antd';
import type { z } from 'zod';
import { ResourceTable, type TableColumn } from '../../../components/resource/resource-table';

const columns: TableColumn<z.infer<typeof syncFailure>>[] = [
  { name: 'billNo', label: '账单号', width: 200 },
  { name: 'reason', label: '原因' },
];

/** The detail drawer's list of lines that could not be stored, with the reason for each. */
export function SyncFailures({ record }: { record: BillingSyncJob }) {
  if (record.failures.length === 0) return null;
  return (
    <section>
      <Typography.Title level={5}>失败明细（{record.failedCount} 条）</Typography.Title>
      <ResourceTable
        of={syncFailure}
        columns={columns}
        rows={record.failures}
        rowKey="billNo"
        pagination={{ size: 10 }}
      />
    </section>
  );
}
