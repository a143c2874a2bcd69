import type { AnyResource, paymentRecordEndpoints } from '@console/contract';
import { useMemo } from 'react';
import type { WebResource } from '../../components/resource/define-web-resource';
import { ResourceListPage } from '../../components/resource/resource-list-page';
import { paymentSumCards } from '../../resources/payment-fields';
import { type Refundable, useRefundAction } from './use-refund-action';

/**
 * A payment-record list of 交易管理 (门店缴费记录, 服务商缴费记录): the filtered totals above the
 * table and 退款 on each paid row, both through the resource's `paymentRecordEndpoints`.
 */
export function RefundablePaymentList<R extends AnyResource, Row extends Refundable>(props: {
  web: WebResource<R, Row>;
  endpoints: ReturnType<typeof paymentRecordEndpoints>;
  /** The record's number, which the refund dialog names. */
  numberOf: (row: Row) => string;
}) {
  const { web: base, endpoints, numberOf } = props;
  const refund = useRefundAction<Row>(endpoints.refund, numberOf);
  const web = useMemo(() => ({ ...base, rowActions: [refund.action] }), [base, refund.action]);
  const sums = useMemo(() => ({ endpoint: endpoints.sums, sums: paymentSumCards }), [endpoints.sums]);
  return (
    <>
      <ResourceListPage web={web} sums={sums} />
      {refund.element}
    </>
  );
}
