import { storeApplicationResource } from '@console/contract';
import { defineWebResource } from '../components/resource/define-web-resource';
import { storeReviewDetailHead, storeReviewFields, storeReviewKeyword } from './store-review-fields';

/** 开店申请 (/storeApplication/storeApplication): the queue; approve and reject are added by the page. */
export const storeApplicationWeb = defineWebResource(storeApplicationResource, {
  fields: storeReviewFields,
  columns: ['storeNo', 'name', 'agentName', 'enterpriseName', 'storeType', 'contactName', 'contactPhone', 'appliedAt'],
  search: ['keyword', 'agentId', 'enterpriseId', 'storeType', 'appliedAt'],
  filterLabels: storeReviewKeyword,
  detail: [...storeReviewDetailHead, 'remark', 'appliedAt', 'createdAt'],
  rowTitle: (row) => row.name,
});
