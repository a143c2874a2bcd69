import { providerPaymentDetailResource, providerPaymentResource } from '@console/contract';
import { defineWebResource } from '../components/resource/define-web-resource';
import { providerSource, storeSource } from '../components/resource/reference-sources';
import { paymentDetailTail, paymentFields } from './payment-fields';

/**
 * What providers paid the platform: 服务商缴费记录 (/saasTransaction/saasRecord, with 退款) and the
 * report 缴费明细 (/reportCenter/saasRecordList, with sums by provider and product) read the same
 * rows under their own permissions, so they share this one presentation.
 */
function providerPaymentWeb(resource: typeof providerPaymentResource) {
  return defineWebResource(resource, {
    fields: {
      ...paymentFields,
      agentId: { label: '服务商', reference: providerSource },
      storeId: { label: '门店', reference: storeSource },
      recordNo: { label: '缴费单号', width: 190 },
      item: { label: '缴费项目', width: 110 },
      quantity: { label: '数量', width: 70 },
      unitPrice: { label: '单价', width: 110 },
    },
    columns: ['recordNo', 'agentName', 'storeName', 'item', 'quantity', 'amount', 'channel', 'status', 'paidAt'],
    search: ['keyword', 'agentId', 'storeId', 'item', 'channel', 'status', 'paidAt'],
    filterLabels: {
      keyword: { label: '缴费单号', placeholder: '输入单号' },
      agentId: { label: '服务商', placeholder: '全部服务商' },
      storeId: { label: '门店', placeholder: '全部门店' },
      paidAt: { label: '支付时间' },
    },
    detail: ['recordNo', 'agentName', 'storeName', 'item', 'quantity', 'unitPrice', ...paymentDetailTail],
    rowTitle: (row) => row.recordNo,
  });
}

export const providerPaymentRecordWeb = providerPaymentWeb(providerPaymentResource);
export const providerPaymentDetailWeb = providerPaymentWeb(providerPaymentDetailResource);
