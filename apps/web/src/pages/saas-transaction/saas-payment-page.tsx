import { storePaymentEndpoints } from '@console/contract';
import { storePaymentWeb } from '../../resources/store-payment';
import { RefundablePaymentList } from './refundable-payment-list';

/** /saasTransaction/saasPayment 门店缴费记录: store payments with the filtered totals above and 退款. */
export default function SaasPaymentPage() {
  return <RefundablePaymentList web={storePaymentWeb} endpoints={storePaymentEndpoints} numberOf={paymentNo} />;
}

const paymentNo = (row: { paymentNo: string }) => row.paymentNo;
