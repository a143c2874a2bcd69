import { recycleStoreResource } from '@console/contract';
import { defineWebResource } from '../components/resource/define-web-resource';
import { storeReviewFields } from './store-review-fields';

/** 门店回收站 (/storeApplication/recycleStore): restore and delete for good are added by the page. */
export const recycleStoreWeb = defineWebResource(recycleStoreResource, {
  fields: storeReviewFields,
  columns: ['storeNo', 'name', 'agentName', 'enterpriseName', 'storeType', 'rejectReason', 'recycledAt'],
  search: ['keyword', 'agentId', 'enterpriseId', 'storeType', 'recycledAt'],
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
    'appliedAt',
    'reviewedAt',
    'rejectReason',
    'recycledAt',
    'createdAt',
  ],
  rowTitle: (row) => row.name,
});
