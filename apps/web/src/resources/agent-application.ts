import { agentApplicationResource } from '@console/contract';
import { defineWebResource } from '../components/resource/define-web-resource';

/** 服务商审核 (/storeApplication/agentExamine): applications from /register; the decision is added by the page. */
export const agentApplicationWeb = defineWebResource(agentApplicationResource, {
  fields: {
    agentNo: { label: '申请编号', width: 150 },
    name: { label: '服务商名称', width: 200 },
    kind: { label: '类型', width: 80 },
    contactName: { label: '联系人', width: 100 },
    contactPhone: { label: '联系电话', width: 130 },
    region: { label: '所在地区', width: 160 },
    address: { label: '详细地址' },
    level: { label: '级别' },
    status: { label: '状态', width: 90, tagColors: { 0: 'orange', 4: 'red' } },
    remark: { label: '申请说明' },
    reviewedAt: { label: '审核时间', width: 170 },
    rejectReason: { label: '驳回原因', width: 200 },
    createdAt: { label: '申请时间', width: 170 },
  },
  columns: ['agentNo', 'name', 'status', 'kind', 'contactName', 'contactPhone', 'region', 'createdAt', 'rejectReason'],
  search: ['keyword', 'status', 'kind', 'createdAt'],
  filterLabels: {
    keyword: { label: '关键词', placeholder: '名称、编号或联系电话' },
    createdAt: { label: '申请时间' },
  },
  detail: [
    'agentNo',
    'name',
    'kind',
    'status',
    'contactName',
    'contactPhone',
    'region',
    'address',
    'remark',
    'createdAt',
    'reviewedAt',
    'rejectReason',
  ],
  rowTitle: (row) => row.name,
});
