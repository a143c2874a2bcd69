import { type EndpointDef, permissionOf } from '@console/contract';
import { App } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { formatYuan } from '../../lib/money';
import { useDialogTarget } from '../../components/resource/action-dialog';
import type { RowAction } from '../../components/resource/define-web-resource';
import { ReasonDialog } from '../../components/resource/reason-dialog';
import { api } from '../../lib/api/request';

export interface Refundable {
  id: string;
  version: number;
  amount: number;
  status: number;
}

/**
 * 退款 on a paid payment row: the whole amount, with a required reason, at the version shown
 * (a row changed meanwhile is refused). Returns the row action and the dialog to render once.
 */
export function useRefundAction<Row extends Refundable>(
  endpoint: EndpointDef,
  numberOf: (row: Row) => string,
): { action: RowAction<Row>; element: ReactNode } {
  const { message } = App.useApp();
  const { target: row, open, done, cancel } = useDialogTarget<Row>();
  const action = useMemo<RowAction<Row>>(
    () => ({
      key: 'refund',
      label: '退款',
      permission: permissionOf(endpoint.access) ?? '',
      danger: true,
      visible: (r) => r.status === 1,
      run: open,
    }),
    [endpoint, open],
  );
  const element = row && (
    <ReasonDialog
      title={`退款 · ${numberOf(row)}`}
      description={`将全额退还 ${formatYuan(row.amount)}，记录状态改为已退款，不能撤销。`}
      label="退款原因"
      placeholder="如：门店重复缴费，原路退回"
      okText="确认退款"
      onSubmit={async (reason) => {
        await api(endpoint, { body: { id: row.id, version: row.version, reason } });
        void message.success(`已退款 ${formatYuan(row.amount)}`);
        done();
      }}
      onClose={cancel}
    />
  );
  return { action, element };
}
