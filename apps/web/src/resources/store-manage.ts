import { enterpriseResource, storeResource } from '@console/contract';
import { referenceTo } from '../components/resource/reference-select';
import { atMount, defineMountedWebResource } from '../components/resource/screen-mount';

/**
 * 门店管理 (/storeManage/storeManagement, and 直营 /saasDirectStore/storeManagement): a provider's
 * stores. A new one is an application the platform reviews (开店申请); the periods are bought
 * through 续费, never typed, so the form leaves the expiry dates out. The page adds 续费 and the
 * store's devices and people.
 */
export const storeManageWeb = defineMountedWebResource(storeResource, (mount) => ({
  fields: {
    storeNo: { width: 170 },
    name: { width: 180, placeholder: '如 云泊足道（文三路店）' },
    enterpriseId: {
      label: '所属企业',
      reference: referenceTo(atMount(enterpriseResource, mount), { label: 'name', search: 'keyword' }),
    },
    enterpriseName: { width: 180 },
    storeType: { width: 100, tagColors: { 1: 'blue', 2: 'purple' } },
    status: { width: 90, tagColors: { 0: 'orange', 1: 'green', 2: 'default', 3: 'red', 4: 'default' } },
    region: { width: 160, placeholder: '如 浙江省/杭州市/西湖区' },
    address: { label: '详细地址' },
    contactName: { width: 100 },
    contactPhone: { width: 130 },
    webExpireAt: { width: 120, kind: 'expiry' },
    appletExpireAt: { width: 120, kind: 'expiry' },
    rejectReason: { label: '驳回原因' },
    appliedAt: { label: '申请时间', width: 170 },
    createdAt: { width: 170 },
  },
  columns: ['storeNo', 'name', 'enterpriseName', 'storeType', 'status', 'webExpireAt', 'appletExpireAt', 'createdAt'],
  search: ['keyword', 'enterpriseId', 'storeType', 'status', 'webExpireAt', 'appletExpireAt'],
  filterLabels: {
    keyword: { label: '关键词', placeholder: '名称、编号、电话或地区' },
    enterpriseId: { label: '企业', placeholder: '全部企业' },
    webExpireAt: { label: '网页版到期' },
    appletExpireAt: { label: '小程序到期' },
  },
  form: ['name', 'enterpriseId', 'storeType', 'region', 'address', 'contactName', 'contactPhone', 'remark'],
  detail: [
    'storeNo',
    'name',
    'enterpriseName',
    'storeType',
    'status',
    'rejectReason',
    'region',
    'address',
    'contactName',
    'contactPhone',
    'webExpireAt',
    'appletExpireAt',
    'appliedAt',
    'remark',
    'createdAt',
  ],
  rowTitle: (row) => row.name,
}));
