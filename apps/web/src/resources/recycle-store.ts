import { recycleStoreResource } from '@console/contract';
import { defineWebResource } from '../components/resource/define-web-resource';
import { storeReviewDetailHead, storeReviewFields, storeReviewKeyword } from './store-review-fields';

/** 门店回收站 (/storeApplication/recycleStore): restore and delete for good are added by the page. */
export const recycleStoreWeb = defineWebResource(recycleStoreResource, {
  fields: storeReviewFields,
  columns: ['storeNo', 'name', 'agentName', 'enterpriseName', 'storeType', 'rejectReason', 'recycledAt'],
  search: ['keyword', 'agentId', 'enterpriseId', 'storeType', 'recycledAt'],
  filterLabels: storeReviewKeyword,
  detail: [...storeReviewDetailHead, 'appliedAt', 'reviewedAt', 'rejectReason', 'recycledAt', 'createdAt'],
  rowTitle: (row) => row.name,
});
