import {
  type ProductPrice,
  agentResource,
  editionResource,
  staffAppletPriceResource,
  webPriceResource,
} from '@console/contract';
import { defineWebResource } from '../components/resource/define-web-resource';
import { referenceTo } from '../components/resource/reference-select';

/** 网页版价格 and 员工小程序价格: one presentation for both price tables. */
function priceWeb(resource: typeof webPriceResource) {
  return defineWebResource(resource, {
    fields: {
      editionId: {
        label: '版本',
        reference: referenceTo(editionResource, { label: 'name', search: 'keyword' }),
      },
      editionName: { label: '版本', width: 140 },
      period: { label: '周期', width: 80, tagColors: { 1: 'blue', 2: 'purple', 3: 'gold' } },
      providerId: {
        label: '服务商',
        help: '留空为基础价；选择服务商则为该服务商的专属价，优先于基础价',
        reference: referenceTo(agentResource, { label: 'name', search: 'keyword' }),
      },
      agentName: {
        label: '适用服务商',
        width: 200,
        render: (value) => (typeof value === 'string' && value ? value : '全部服务商（基础价）'),
      },
      amount: { label: '价格', width: 120 },
      remark: { width: 200 },
      updatedAt: { label: '更新时间', width: 170 },
    },
    columns: ['editionName', 'period', 'agentName', 'amount', 'remark', 'updatedAt'],
    search: ['editionId', 'period', 'providerId'],
    filterLabels: { providerId: { label: '服务商' } },
    form: ['editionId', 'period', 'providerId', 'amount', 'remark'],
    detail: ['editionName', 'period', 'agentName', 'amount', 'remark', 'createdAt', 'updatedAt'],
    rowTitle: (row: ProductPrice) => `${row.editionName ?? '版本'}（${['', '月', '季', '年'][row.period]}）`,
  });
}

export const webPriceWeb = priceWeb(webPriceResource);
export const staffAppletPriceWeb = priceWeb(staffAppletPriceResource);
