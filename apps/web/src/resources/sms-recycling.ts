import { agentResource, smsRecyclingResource, storeResource } from '@console/contract';
import { defineWebResource } from '../components/resource/define-web-resource';
import { referenceTo } from '../components/resource/reference-select';

const count = (value: unknown) => (typeof value === 'number' ? `${value.toLocaleString('zh-CN')} 条` : '-');

/** 短信回收 (/SMS/SMSRecycling): handling (credit back or reject) is added by the page. */
export const smsRecyclingWeb = defineWebResource(smsRecyclingResource, {
  fields: {
    agentId: { label: '服务商', reference: referenceTo(agentResource, { label: 'name', search: 'keyword' }) },
    agentName: { label: '服务商', width: 160 },
    storeId: { label: '门店', reference: referenceTo(storeResource, { label: 'name', search: 'keyword' }) },
    storeName: { label: '门店', width: 160 },
    quantity: { label: '回收条数', width: 110, render: count },
    refundAmount: { label: '退款金额', width: 110 },
    reason: { label: '回收原因', width: 220 },
    status: { label: '状态', width: 90, tagColors: { 0: 'orange', 1: 'green', 2: 'red' } },
    handledAt: { label: '处理时间', width: 170 },
    handlerName: { label: '处理人', width: 100 },
    createdAt: { label: '申请时间', width: 170 },
  },
  columns: ['agentName', 'storeName', 'quantity', 'refundAmount', 'reason', 'status', 'createdAt', 'handledAt'],
  search: ['status', 'agentId', 'storeId', 'createdAt'],
  filterLabels: { createdAt: { label: '申请时间' } },
  form: ['agentId', 'storeId', 'quantity', 'refundAmount', 'reason'],
  detail: [
    'agentName',
    'storeName',
    'quantity',
    'refundAmount',
    'reason',
    'status',
    'handlerName',
    'handledAt',
    'createdAt',
  ],
  deletable: (row) => row.status !== 1,
  rowTitle: (row) => `${row.storeName ?? '门店'} 的短信回收`,
});
