import { type StorePayment, storePaymentEndpoints } from '@console/contract';
import { useMemo } from 'react';
import type { ListSums } from '../../components/resource/list-sums';
import { ResourceListPage } from '../../components/resource/resource-list-page';
import { paymentSumCards } from '../../resources/payment-fields';
import { storePaymentWeb } from '../../resources/store-payment';
import { useRefundAction } from './use-refund-action';

const sums: ListSums = { endpoint: storePaymentEndpoints.sums, sums: paymentSumCards };

/** /saasTransaction/saasPayment 门店缴费记录: store payments with the filtered totals above and 退款. */
export default function SaasPaymentPage() {
  const refund = useRefundAction<StorePayment>(storePaymentEndpoints.refund, (row) => row.paymentNo);
  const web = useMemo(() => ({ ...storePaymentWeb, rowActions: [refund.action] }), [refund.action]);
  return (
    <>
      <ResourceListPage web={web} sums={sums} />
      {refund.element}
    </>
  );
}
