import { providerPaymentDetailResource, providerPaymentResource } from '@console/contract';
import { paymentRecordWeb } from './payment-fields';

/**
 * What providers paid the platform: 服务商缴费记录 (/saasTransaction/saasRecord, with 退款) and the
 * report 缴费明细 (/reportCenter/saasRecordList, with sums by provider and product) read the same
 * rows under their own permissions, so they share this one presentation.
 */
function providerPaymentWeb(resource: typeof providerPaymentResource) {
  return paymentRecordWeb(resource, {
    numberField: 'recordNo',
    measureWidths: { quantity: 70, unitPrice: 110 },
    columns: ['recordNo', 'agentName', 'storeName', 'item', 'quantity', 'amount', 'channel', 'status', 'paidAt'],
    payer: ['agentName', 'storeName'],
  });
}

export const providerPaymentRecordWeb = providerPaymentWeb(providerPaymentResource);
export const providerPaymentDetailWeb = providerPaymentWeb(providerPaymentDetailResource);
