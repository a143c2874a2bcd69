import { homeUserEndpoints, homeUserResource } from '@console/contract';
import { defineWebResource } from '../components/resource/define-web-resource';
import { storeUserFields, storeUserPlaceFilterLabels } from './store-user-fields';

/** 店主账号 (/userMgt/ZGJUser): the store owners' app accounts. The page adds the expiry change and the cards. */
export const homeUserWeb = defineWebResource(homeUserResource, {
  fields: {
    ...storeUserFields,
    name: { width: 110 },
    appVersion: { width: 100 },
    expireDate: { width: 120, kind: 'expiry' },
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
    ...storeUserPlaceFilterLabels,
    keyword: { label: '关键词', placeholder: '姓名或手机号' },
    appVersion: { choicesFrom: homeUserEndpoints.appVersions },
  },
  rowTitle: (row) => `${row.name}（${row.phone}）`,
});
