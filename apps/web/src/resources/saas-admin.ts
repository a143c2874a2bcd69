import { saasAdminEndpoints, saasAdminResource } from '@console/contract';
import { defineWebResource } from '../components/resource/define-web-resource';

/**
 * 账号 tab of 账号管理: platform administrators. Their writes are custom endpoints (roles and an
 * initial password travel with them); the page adds its own form and the 启用/停用 and 重置密码 actions.
 */
export const saasAdminWeb = defineWebResource(saasAdminResource, {
  fields: {
    loginName: { label: '登录名', width: 140 },
    name: { label: '姓名', width: 120 },
    phone: { label: '手机号', width: 130 },
    email: { label: '邮箱', width: 180 },
    open: { label: '状态', width: 80, tagColors: { 0: 'red', 1: 'green' } },
    changePsw: {
      label: '初始密码',
      width: 110,
      render: (value) => (value === 1 ? '待修改' : '已修改'),
    },
    lastLoginAt: { label: '最后登录', width: 170 },
    lastLoginIp: { label: '最后登录 IP', width: 140 },
    createdAt: { label: '创建时间', width: 170 },
  },
  columns: ['loginName', 'name', 'phone', 'email', 'open', 'lastLoginAt', 'createdAt'],
  search: ['loginName', 'name', 'phone', 'open'],
  detail: [
    'loginName',
    'name',
    'phone',
    'email',
    'open',
    'changePsw',
    'lastLoginAt',
    'lastLoginIp',
    'createdAt',
    'updatedAt',
  ],
  endpoints: {
    get: saasAdminEndpoints.get,
    create: saasAdminEndpoints.create,
    update: saasAdminEndpoints.update,
    delete: saasAdminEndpoints.delete,
  },
  rowTitle: (row) => `${row.name}（${row.loginName}）`,
});
