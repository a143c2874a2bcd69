import { officialAccountResource } from '@console/contract';
import { defineWebResource } from '../components/resource/define-web-resource';

/** 公众号管理 (/userMgt/officialAccounts): sync and the menu link are added by the page. */
export const officialAccountWeb = defineWebResource(officialAccountResource, {
  fields: {
    name: { width: 160 },
    appId: { width: 190, placeholder: '如 wx5f3c8a1b2d4e6f70' },
    originalId: { width: 160, placeholder: '如 gh_3a5c7e9b1d2f' },
    accountType: { width: 90, tagColors: { 1: 'blue', 2: 'purple' } },
    verified: { width: 90 },
    status: { width: 100, tagColors: { 0: 'red', 1: 'green' } },
    followerCount: { width: 110, render: (value) => (typeof value === 'number' ? value.toLocaleString('zh-CN') : '-') },
    secretMasked: { width: 290 },
    appSecret: {
      label: 'AppSecret',
      writeOnly: true,
      placeholder: '32 位 AppSecret，保存后不再显示',
      help: '在微信公众平台「设置与开发 → 基本配置」获取；保存后只显示末 4 位',
    },
    authorizedAt: { width: 170 },
    syncedAt: { width: 170 },
    createdAt: { width: 170 },
  },
  columns: ['name', 'appId', 'accountType', 'verified', 'status', 'followerCount', 'secretMasked', 'syncedAt'],
  search: ['keyword', 'accountType', 'status', 'verified', 'createdAt'],
  filterLabels: {
    keyword: { label: '关键词', placeholder: '名称、AppID 或原始 ID' },
    createdAt: { label: '创建时间' },
  },
  form: ['name', 'appId', 'originalId', 'accountType', 'appSecret', 'remark'],
  detail: [
    'name',
    'appId',
    'originalId',
    'accountType',
    'verified',
    'status',
    'followerCount',
    'secretMasked',
    'authorizedAt',
    'syncedAt',
    'remark',
    'createdAt',
    'updatedAt',
  ],
  rowTitle: (row) => row.name,
});
