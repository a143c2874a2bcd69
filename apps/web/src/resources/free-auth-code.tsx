import { freeAuthCodeResource } from '@console/contract';
import dayjs from 'dayjs';
import { defineWebResource } from '../components/resource/define-web-resource';
import { ExpiryDate } from '../components/resource/expiry';
import { providerSource, storeSource } from '../components/resource/reference-sources';

/**
 * 免授权码, one definition for the platform (/systemConfig/freeAuthCode) and a provider
 * (/agentFreeAuthCode/freeAuthCode); the server scopes a provider to its own codes, and the page
 * offers each operator the actions their permissions allow.
 */
export const freeAuthCodeWeb = defineWebResource(freeAuthCodeResource, {
  fields: {
    code: { label: '免授权码', width: 170 },
    agentId: { label: '服务商', reference: providerSource },
    agentName: { label: '服务商', width: 160 },
    editionName: { label: '版本', width: 100 },
    days: { label: '授权天数', width: 100, render: (value) => `${String(value)} 天` },
    status: { label: '状态', width: 90, tagColors: { 0: 'blue', 1: 'green', 2: 'default', 3: 'red' } },
    storeId: { label: '使用门店', reference: storeSource },
    storeName: { label: '使用门店', width: 160 },
    // Only an unused code's last day matters; a used or void one is history.
    expireDate: {
      label: '有效期至',
      width: 120,
      render: (value, row) =>
        row.status === 0 ? <ExpiryDate value={String(value)} /> : dayjs(String(value)).format('YYYY-MM-DD'),
    },
    usedAt: { label: '使用时间', width: 170 },
    remark: { label: '备注', width: 160 },
    createdAt: { label: '生成时间', width: 170 },
  },
  columns: ['code', 'agentName', 'editionName', 'days', 'status', 'storeName', 'expireDate', 'usedAt', 'createdAt'],
  detail: [
    'code',
    'agentName',
    'editionName',
    'days',
    'status',
    'storeName',
    'expireDate',
    'usedAt',
    'remark',
    'createdAt',
  ],
  search: ['keyword', 'status', 'agentId', 'storeId', 'expireDate', 'createdAt'],
  filterLabels: {
    keyword: { label: '关键词', placeholder: '免授权码或备注' },
    agentId: { label: '服务商', placeholder: '全部服务商' },
    storeId: { label: '使用门店', placeholder: '全部门店' },
    expireDate: { label: '有效期至' },
    createdAt: { label: '生成时间' },
  },
  rowTitle: (row) => row.code,
});
