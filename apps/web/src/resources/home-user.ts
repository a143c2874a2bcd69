import { homeUserEndpoints, homeUserResource } from '@console/contract';
import { defineWebResource } from '../components/resource/define-web-resource';
import { enterpriseSource, providerSource, storeSource } from '../components/resource/reference-sources';

/** 店主账号 (/userMgt/ZGJUser): the store owners' app accounts. The page adds the expiry change and the cards. */
export const homeUserWeb = defineWebResource(homeUserResource, {
  fields: {
    name: { label: '店主姓名', width: 110 },
    phone: { label: '手机号', width: 130 },
    agentId: { label: '所属服务商', reference: providerSource },
    agentName: { label: '所属服务商', width: 160 },
    storeId: { label: '所属门店', reference: storeSource },
    storeName: { label: '所属门店', width: 160 },
    appVersion: { label: 'App 版本', width: 100 },
    expireDate: { label: '到期日', width: 120, kind: 'expiry' },
    status: { label: '状态', width: 80, tagColors: { 0: 'red', 1: 'green' } },
    lastLoginAt: { label: '最近登录', width: 170 },
    createdAt: { label: '创建时间', width: 170 },
  },
  columns: [
    'name',
    'phone',
    'storeName',
    'agentName',
    'appVersion',
    'expireDate',
    'status',
    'lastLoginAt',
    'createdAt',
  ],
  search: ['keyword', 'agentId', 'enterpriseId', 'storeId', 'appVersion', 'status', 'expireDate'],
  filterLabels: {
    keyword: { label: '关键词', placeholder: '姓名或手机号' },
    agentId: { label: '服务商', placeholder: '全部服务商' },
    enterpriseId: { label: '企业', placeholder: '全部企业', reference: enterpriseSource },
    storeId: { label: '门店', placeholder: '全部门店' },
    appVersion: { label: 'App 版本', choicesFrom: homeUserEndpoints.appVersions },
    expireDate: { label: '到期日' },
  },
  rowTitle: (row) => `${row.name}（${row.phone}）`,
});
