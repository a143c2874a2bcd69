import { storeApplicationResource } from '@console/contract';
import { defineWebResource } from '../components/resource/define-web-resource';
import { storeReviewFields } from './store-review-fields';

/** 开店申请 (/storeApplication/storeApplication): the queue; approve and reject are added by the page. */
export const storeApplicationWeb = defineWebResource(storeApplicationResource, {
  fields: storeReviewFields,
  columns: ['storeNo', 'name', 'agentName', 'enterpriseName', 'storeType', 'contactName', 'contactPhone', 'appliedAt'],
  search: ['keyword', 'agentId', 'enterpriseId', 'storeType', 'appliedAt'],
  filterLabels: { keyword: { label: '关键词', placeholder: '门店名称、编号或联系电话' } },
  detail: [
    'storeNo',
    'name',
    'agentName',
    'enterpriseName',
    'storeType',
    'region',
    'address',
    'contactName',
    'contactPhone',
    'webExpireAt',
    'appletExpireAt',
    'remark',
    'appliedAt',
    'createdAt',
  ],
  rowTitle: (row) => row.name,
});
