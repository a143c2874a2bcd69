import { enterpriseResource } from '@console/contract';
import { defineWebResource } from '../components/resource/define-web-resource';
import { providerSource } from '../components/resource/reference-sources';

/**
 * 企业查看 (/userMgt/seeBusiness): the enterprises of every provider, read-only for the platform
 * (providers edit their own in 企业管理). The page adds the enterprise's stores to the detail.
 */
export const enterpriseWeb = defineWebResource(enterpriseResource, {
  fields: {
    name: { label: '企业名称', width: 200 },
    agentId: { label: '所属服务商', reference: providerSource },
    agentName: { label: '所属服务商', width: 180 },
    contactName: { label: '联系人', width: 100 },
    contactPhone: { label: '联系电话', width: 130 },
    address: { label: '地址' },
    status: { label: '状态', width: 80, tagColors: { 0: 'red', 1: 'green' } },
    storeCount: { label: '门店数', width: 90 },
    remark: { label: '备注' },
    createdAt: { label: '创建时间', width: 170 },
  },
  columns: ['name', 'agentName', 'contactName', 'contactPhone', 'storeCount', 'status', 'createdAt'],
  search: ['keyword', 'agentId', 'status'],
  filterLabels: {
    keyword: { label: '关键词', placeholder: '企业名称、联系人或电话' },
    agentId: { label: '服务商', placeholder: '全部服务商' },
  },
  detail: [
    'name',
    'agentName',
    'contactName',
    'contactPhone',
    'address',
    'status',
    'storeCount',
    'remark',
    'createdAt',
    'updatedAt',
  ],
  // A view screen: the platform reads and exports; it does not edit a provider's customers here.
  endpoints: { create: undefined, update: undefined, delete: undefined },
  rowTitle: (row) => row.name,
});
