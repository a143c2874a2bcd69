import { type ProviderPayment, providerPaymentEndpoints } from '@console/contract';
import { useMemo } from 'react';
import type { ListSums } from '../../components/resource/list-sums';
import { ResourceListPage } from '../../components/resource/resource-list-page';
import { paymentSumCards } from '../../resources/payment-fields';
import { providerPaymentRecordWeb } from '../../resources/provider-payment';
import { useRefundAction } from './use-refund-action';

const sums: ListSums = { endpoint: providerPaymentEndpoints.sums, sums: paymentSumCards };

/** /saasTransaction/saasRecord 服务商缴费记录: provider payments with the filtered totals above and 退款. */
export default function SaasRecordPage() {
  const refund = useRefundAction<ProviderPayment>(providerPaymentEndpoints.refund, (row) => row.recordNo);
  const web = useMemo(() => ({ ...providerPaymentRecordWeb, rowActions: [refund.action] }), [refund.action]);
  return (
    <>
      <ResourceListPage web={web} sums={sums} />
      {refund.element}
    </>
  );
}
