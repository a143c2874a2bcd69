import { agentResource, marketingTemplateResource, storeResource } from '@console/contract';
import { defineWebResource } from '../components/resource/define-web-resource';
import { referenceTo } from '../components/resource/reference-select';
import { TemplatePreview } from '../features/sms/template-preview';

/** 营销模板审核 (/SMS/marketingTemplate): review and send are added by the page. */
export const marketingTemplateWeb = defineWebResource(marketingTemplateResource, {
  fields: {
    name: { label: '模板名称', width: 140 },
    content: { label: '模板内容', width: 360 },
    scene: { label: '场景', width: 100 },
    reviewStatus: { label: '审核状态', width: 100, tagColors: { 0: 'orange', 1: 'green', 2: 'red' } },
    storeName: { label: '提交门店', width: 160 },
    agentName: { label: '服务商', width: 160 },
    rejectReason: { label: '驳回原因', width: 200 },
    reviewedAt: { label: '审核时间', width: 170 },
    reviewerName: { label: '审核人', width: 100 },
    createdAt: { label: '提交时间', width: 170 },
  },
  columns: ['name', 'agentName', 'storeName', 'scene', 'content', 'reviewStatus', 'createdAt', 'reviewedAt'],
  search: ['keyword', 'reviewStatus', 'scene', 'agentId', 'storeId', 'createdAt'],
  filterLabels: {
    keyword: { label: '关键词', placeholder: '模板名称或内容' },
    agentId: { label: '服务商', reference: referenceTo(agentResource, { label: 'name', search: 'keyword' }) },
    storeId: { label: '门店', reference: referenceTo(storeResource, { label: 'name', search: 'keyword' }) },
    createdAt: { label: '提交时间' },
  },
  detail: [
    'name',
    'agentName',
    'storeName',
    'scene',
    'content',
    'reviewStatus',
    'rejectReason',
    'reviewerName',
    'reviewedAt',
    'createdAt',
  ],
  detailExtra: TemplatePreview,
  rowTitle: (row) => row.name,
});
