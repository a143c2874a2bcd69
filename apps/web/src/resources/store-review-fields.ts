import { agentResource, enterpriseResource } from '@console/contract';
import { referenceTo } from '../components/resource/reference-select';

/**
 * The store fields the two review screens (开店申请, 门店回收站) show alike: one declaration, so
 * a store reads the same on both. Not a resource of its own; each screen's resource file picks.
 * Labels are the contract's (store-review.ts) but for the two ids, which read as the name they pick.
 */
export const storeReviewFields = {
  storeNo: { width: 160 },
  name: { width: 180 },
  agentId: { label: '服务商', reference: referenceTo(agentResource, { label: 'name', search: 'keyword' }) },
  agentName: { width: 180 },
  enterpriseId: {
    label: '所属企业',
    reference: referenceTo(enterpriseResource, { label: 'name', search: 'keyword' }),
  },
  enterpriseName: { width: 180 },
  storeType: { width: 100 },
  region: { width: 160 },
  contactName: { width: 100 },
  contactPhone: { width: 130 },
  status: { width: 90, tagColors: { 0: 'orange', 1: 'green', 2: 'default', 3: 'red', 4: 'default' } },
  appliedAt: { width: 170 },
  reviewedAt: { width: 170 },
  rejectReason: { width: 200 },
  recycledAt: { width: 170 },
  createdAt: { width: 170 },
} as const;

/** The keyword search of both screens. */
export const storeReviewKeyword = { keyword: { label: '关键词', placeholder: '门店名称、编号或联系电话' } };

/** The start of a store's detail on both screens: the store itself, where it is, whom to call, its periods. */
export const storeReviewDetailHead = [
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
] as const;
