import type { PaymentMerchant } from '@console/contract';
import { Alert, Steps } from 'antd';
import dayjs from 'dayjs';

const at = (iso: string | null) => (iso ? dayjs(iso).format('MM-DD HH:mm') : undefined);

/**
 * Where an application stands at the payment provider: 已提交 → 审核中 → 已通过 → 已开通, or
 * stopped at 已驳回 with the provider's reason and what to do next.
 */
export function MerchantProgress({ record }: { record: PaymentMerchant }) {
  const rejected = record.status === 2;
  // Steps in order of the provider's process; the status numbers are not in that order.
  const reached = { 0: 0, 3: 1, 2: 2, 1: 2, 4: 3 }[record.status] ?? 0;
  return (
    <div style={{ marginTop: 16 }}>
      <Steps
        size="small"
        direction="vertical"
        current={reached}
        status={rejected ? 'error' : record.status === 4 ? 'finish' : 'process'}
        items={[
          { title: '已提交', description: at(record.submittedAt) },
          { title: '审核中', description: record.applyNo ? `申请单号 ${record.applyNo}` : '等待支付通道受理' },
          { title: rejected ? '已驳回' : '已通过', description: at(record.reviewedAt) },
          { title: '已开通', description: at(record.activatedAt) },
        ]}
      />
      {rejected && (
        <Alert
          type="error"
          showIcon
          message={`驳回原因：${record.rejectReason || '未说明'}`}
          description="请按原因修改后点「修改并重新提交」，修改后将重新送审。"
        />
      )}
    </div>
  );
}
