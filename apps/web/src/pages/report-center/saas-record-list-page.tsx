import { type PaymentSums, providerPaymentDetailSumsEndpoint } from '@console/contract';
import type { ListSums } from '../../components/resource/list-sums';
import { ResourceListPage } from '../../components/resource/resource-list-page';
import { paymentSumCards } from '../../resources/payment-fields';
import { providerPaymentDetailWeb } from '../../resources/provider-payment';
import { ProviderProductSums } from './provider-product-sums';

const sums: ListSums = {
  endpoint: providerPaymentDetailSumsEndpoint,
  sums: paymentSumCards,
  totals: (data) => (data as { total: PaymentSums }).total,
  detail: ProviderProductSums,
};

/** /reportCenter/saasRecordList 缴费明细: provider payments with totals and sums by provider and product. */
export default function SaasRecordListPage() {
  return <ResourceListPage web={providerPaymentDetailWeb} sums={sums} />;
}
