import type { FieldOverride, FilterOverride } from '../components/resource/define-web-resource';
import { enterpriseSource, providerSource, storeSource } from '../components/resource/reference-sources';

// How the fields both store-user screens (店主账号, 门店员工) carry read, and their search by
// place; the labels are the contract's (storeUserLabels) but for the ids, which it leaves unlabelled.

export const storeUserFields = {
  phone: { width: 130 },
  agentId: { label: '所属服务商', reference: providerSource },
  agentName: { width: 160 },
  storeId: { label: '所属门店', reference: storeSource },
  storeName: { width: 160 },
  status: { width: 80, tagColors: { 0: 'red', 1: 'green' } },
  lastLoginAt: { width: 170 },
  createdAt: { width: 170 },
} satisfies Record<string, FieldOverride<unknown>>;

export const storeUserPlaceFilterLabels = {
  agentId: { label: '服务商', placeholder: '全部服务商' },
  enterpriseId: { label: '企业', placeholder: '全部企业', reference: enterpriseSource },
  storeId: { label: '门店', placeholder: '全部门店' },
} satisfies Record<string, FilterOverride>;
