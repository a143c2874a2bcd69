import { agentResource, enterpriseResource } from '@console/contract';
import { referenceTo } from '../components/resource/reference-select';

/**
 * The store fields the two review screens (开店申请, 门店回收站) show alike: one declaration, so
 * a store reads the same on both. Not a resource of its own; each screen's resource file picks.
 */
export const storeReviewFields = {
  storeNo: { label: '门店编号', width: 160 },
  name: { label: '门店名称', width: 180 },
  agentId: { label: '服务商', reference: referenceTo(agentResource, { label: 'name', search: 'keyword' }) },
  agentName: { label: '服务商', width: 180 },
  enterpriseId: {
    label: '所属企业',
    reference: referenceTo(enterpriseResource, { label: 'name', search: 'keyword' }),
  },
  enterpriseName: { label: '所属企业', width: 180 },
  storeType: { label: '门店类型', width: 100 },
  region: { label: '所在地区', width: 160 },
  address: { label: '详细地址' },
  contactName: { label: '联系人', width: 100 },
  contactPhone: { label: '联系电话', width: 130 },
  status: { label: '状态', width: 90, tagColors: { 0: 'orange', 1: 'green', 2: 'default', 3: 'red', 4: 'default' } },
  webExpireAt: { label: '网页版到期' },
  appletExpireAt: { label: '小程序到期' },
  appliedAt: { label: '申请时间', width: 170 },
  reviewedAt: { label: '审核时间', width: 170 },
  rejectReason: { label: '驳回原因', width: 200 },
  recycledAt: { label: '回收时间', width: 170 },
  remark: { label: '备注' },
  createdAt: { label: '创建时间', width: 170 },
} as const;
