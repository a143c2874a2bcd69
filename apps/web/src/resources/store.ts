import { storeResource } from '@console/contract';
import { defineWebResource } from '../components/resource/define-web-resource';
import { enterpriseSource, providerSource } from '../components/resource/reference-sources';

/**
 * 门店查看 (/userMgt/seeStore): the stores of every provider with their type, status, region and
 * both expiry dates; read-only here. The page adds the store's devices and people to the detail.
 */
export const storeWeb = defineWebResource(storeResource, {
  fields: {
    storeNo: { label: '门店编号', width: 170 },
    name: { label: '门店名称', width: 180 },
    agentId: { label: '所属服务商', reference: providerSource },
    agentName: { label: '所属服务商', width: 160 },
    enterpriseId: { label: '所属企业', reference: enterpriseSource },
    enterpriseName: { label: '所属企业', width: 180 },
    storeType: { label: '门店类型', width: 100, tagColors: { 1: 'blue', 2: 'purple' } },
    status: { label: '状态', width: 90, tagColors: { 0: 'orange', 1: 'green', 2: 'default', 3: 'red', 4: 'default' } },
    region: { label: '所在地区', width: 160 },
    address: { label: '详细地址' },
    contactName: { label: '联系人', width: 100 },
    contactPhone: { label: '联系电话', width: 130 },
    webExpireAt: { label: '网页版到期', width: 120, kind: 'expiry' },
    appletExpireAt: { label: '小程序到期', width: 120, kind: 'expiry' },
    remark: { label: '备注' },
    createdAt: { label: '创建时间', width: 170 },
  },
  columns: [
    'storeNo',
    'name',
    'agentName',
    'enterpriseName',
    'storeType',
    'status',
    'region',
    'webExpireAt',
    'appletExpireAt',
    'createdAt',
  ],
  search: ['keyword', 'agentId', 'enterpriseId', 'storeType', 'status', 'webExpireAt', 'appletExpireAt'],
  filterLabels: {
    keyword: { label: '关键词', placeholder: '名称、编号、电话或地区' },
    agentId: { label: '服务商', placeholder: '全部服务商' },
    enterpriseId: { label: '企业', placeholder: '全部企业' },
    webExpireAt: { label: '网页版到期' },
    appletExpireAt: { label: '小程序到期' },
  },
  detail: [
    'storeNo',
    'name',
    'agentName',
    'enterpriseName',
    'storeType',
    'status',
    'region',
    'address',
    'contactName',
    'contactPhone',
    'webExpireAt',
    'appletExpireAt',
    'remark',
    'createdAt',
  ],
  // A view screen: stores are edited by their provider; review and the recycle bin have their own screens.
  endpoints: { create: undefined, update: undefined, delete: undefined },
  rowTitle: (row) => row.name,
});
