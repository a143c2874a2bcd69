import { storePaymentResource } from '@console/contract';
import { defineWebResource } from '../components/resource/define-web-resource';
import { providerSource, storeSource } from '../components/resource/reference-sources';
import { paymentDetailTail, paymentFields } from './payment-fields';

/** 门店缴费记录 (/saasTransaction/saasPayment): what stores paid for; read-only but for 退款 (the page's). */
export const storePaymentWeb = defineWebResource(storePaymentResource, {
  fields: {
    ...paymentFields,
    agentId: { label: '服务商', reference: providerSource },
    storeId: { label: '门店', reference: storeSource },
    paymentNo: { label: '缴费单号', width: 190 },
    item: { label: '缴费项目', width: 110 },
    months: { label: '月数', width: 70 },
  },
  columns: ['paymentNo', 'storeName', 'agentName', 'item', 'amount', 'channel', 'status', 'periodEnd', 'paidAt'],
  search: ['keyword', 'agentId', 'storeId', 'item', 'channel', 'status', 'paidAt'],
  filterLabels: {
    keyword: { label: '缴费单号', placeholder: '输入单号' },
    agentId: { label: '服务商', placeholder: '全部服务商' },
    storeId: { label: '门店', placeholder: '全部门店' },
    paidAt: { label: '支付时间' },
  },
  detail: ['paymentNo', 'storeName', 'agentName', 'item', 'months', ...paymentDetailTail],
  rowTitle: (row) => row.paymentNo,
});
