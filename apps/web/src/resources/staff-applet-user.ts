import { staffAppletEndpoints, staffAppletUserResource } from '@console/contract';
import { defineWebResource } from '../components/resource/define-web-resource';
import { storeUserFields, storeUserPlaceFilterLabels } from './store-user-fields';

/** 门店员工 (/userMgt/appletsUserMgt): store staff on the mini-program. The page adds due dates, 解绑微信 and the cards. */
export const staffAppletUserWeb = defineWebResource(staffAppletUserResource, {
  fields: {
    ...storeUserFields,
    nickname: { width: 110 },
    // Bound or not is what the list needs to say, not the openId itself.
    openId: {
      label: '微信',
      width: 90,
      render: (value) => (value ? '已绑定' : '未绑定'),
    },
    serviceType: { width: 80 },
    deviceType: { width: 140 },
    appVersion: { width: 110 },
    dueDate: { width: 120, kind: 'expiry' },
  },
  columns: [
    'nickname',
    'phone',
    'storeName',
    'agentName',
    'serviceType',
    'openId',
    'deviceType',
    'appVersion',
    'dueDate',
    'status',
    'lastLoginAt',
  ],
  search: ['keyword', 'agentId', 'enterpriseId', 'storeId', 'deviceType', 'appVersion', 'status', 'dueDate'],
  filterLabels: {
    ...storeUserPlaceFilterLabels,
    keyword: { label: '关键词', placeholder: '昵称或手机号' },
    deviceType: { choicesFrom: staffAppletEndpoints.deviceTypes },
    appVersion: { choicesFrom: staffAppletEndpoints.appVersions },
  },
  detail: [
    'nickname',
    'phone',
    'storeName',
    'agentName',
    'serviceType',
    'openId',
    'deviceType',
    'appVersion',
    'dueDate',
    'status',
    'lastLoginAt',
    'createdAt',
    'updatedAt',
  ],
  rowTitle: (row) => `${row.nickname}（${row.phone}）`,
});
