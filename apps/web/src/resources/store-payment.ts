import { storePaymentResource } from '@console/contract';
import { paymentRecordWeb } from './payment-fields';

/** 门店缴费记录 (/saasTransaction/saasPayment): what stores paid for; read-only but for 退款 (the page's). */
export const storePaymentWeb = paymentRecordWeb(storePaymentResource, {
  numberField: 'paymentNo',
  measureWidths: { months: 70 },
  columns: ['paymentNo', 'storeName', 'agentName', 'item', 'amount', 'channel', 'status', 'periodEnd', 'paidAt'],
  payer: ['storeName', 'agentName'],
});
