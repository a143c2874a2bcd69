import { saasRoleEndpoints, saasRoleResource } from '@console/contract';
import { defineWebResource } from '../components/resource/define-web-resource';

/** 角色 tab of 账号管理: platform roles; the page adds the drawer with the menu tree. */
export const saasRoleWeb = defineWebResource(saasRoleResource, {
  fields: {
    name: { label: '角色名称', width: 160 },
    code: { label: '角色编码', width: 160 },
    sort: { label: '排序', width: 80 },
    status: { label: '状态', width: 80 },
    remark: { label: '备注' },
    createdAt: { label: '创建时间', width: 170 },
  },
  columns: ['name', 'code', 'sort', 'status', 'remark', 'createdAt'],
  filterLabels: { keyword: { label: '关键词', placeholder: '角色名称或编码' } },
  endpoints: {
    get: saasRoleEndpoints.getById,
    create: saasRoleEndpoints.create,
    update: saasRoleEndpoints.update,
    delete: saasRoleEndpoints.delete,
  },
  rowTitle: (row) => row.name,
});
