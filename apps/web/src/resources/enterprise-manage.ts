import { type Enterprise, enterpriseResource, permissionOf } from '@console/contract';
import type { RowAction } from '../components/resource/define-web-resource';
import { atMount, defineMountedWebResource } from '../components/resource/screen-mount';
import { api } from '../lib/api/request';

const ENABLED = 1;

/**
 * 企业管理 (/businessManage/businessManagement, and 直营 /saasDirectStore/businessManagement): a
 * provider's own enterprises, created, edited and disabled here. The page adds their stores to the detail.
 */
export const enterpriseManageWeb = defineMountedWebResource(enterpriseResource, (mount) => {
  const update = atMount(enterpriseResource, mount).endpoints.update;
  const setStatus = (row: Enterprise, status: 0 | 1) =>
    api(update!, { body: { id: row.id, version: row.version, status } });
  const toggles: RowAction<Enterprise>[] = [
    {
      key: 'disable',
      label: '停用',
      permission: permissionOf(update!.access) ?? '',
      danger: true,
      visible: (row) => row.status === ENABLED,
      confirm: (row) => `确定停用「${row.name}」吗？停用后不能再为该企业开新门店，已有门店照常营业。`,
      run: (row) => setStatus(row, 0),
    },
    {
      key: 'enable',
      label: '启用',
      permission: permissionOf(update!.access) ?? '',
      visible: (row) => row.status !== ENABLED,
      confirm: (row) => `确定重新启用「${row.name}」吗？`,
      run: (row) => setStatus(row, 1),
    },
  ];
  return {
    fields: {
      name: { width: 200, placeholder: '营业执照上的企业全称' },
      contactName: { width: 100 },
      contactPhone: { width: 130 },
      address: { placeholder: '如 杭州市西湖区文三路 100 号' },
      status: { width: 80, tagColors: { 0: 'red', 1: 'green' } },
      storeCount: { width: 90 },
      createdAt: { width: 170 },
    },
    columns: ['name', 'contactName', 'contactPhone', 'storeCount', 'status', 'createdAt'],
    search: ['keyword', 'status'],
    filterLabels: { keyword: { label: '关键词', placeholder: '企业名称、联系人或电话' } },
    form: ['name', 'contactName', 'contactPhone', 'address', 'status', 'remark'],
    detail: [
      'name',
      'contactName',
      'contactPhone',
      'address',
      'status',
      'storeCount',
      'remark',
      'createdAt',
      'updatedAt',
    ],
    rowActions: toggles,
    // The server refuses while the enterprise still has stores (the recycle bin included).
    deletable: (row) => row.storeCount === 0,
    rowTitle: (row) => row.name,
  };
});
