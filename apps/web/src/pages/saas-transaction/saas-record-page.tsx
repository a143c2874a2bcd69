import { providerPaymentEndpoints } from '@console/contract';
import { providerPaymentRecordWeb } from '../../resources/provider-payment';
import { RefundablePaymentList } from './refundable-payment-list';

/** /saasTransaction/saasRecord 服务商缴费记录: provider payments with the filtered totals above and 退款. */
export default function SaasRecordPage() {
  return (
    <RefundablePaymentList web={providerPaymentRecordWeb} endpoints={providerPaymentEndpoints} numberOf={recordNo} />
  );
}

const recordNo = (row: { recordNo: string }) => row.recordNo;
