import { saasAdminEndpoints, saasAdminResource } from '@console/contract';
import { defineWebResource } from '../components/resource/define-web-resource';
import { accountDetail, accountFields, accountTitle } from './account-fields';

/**
 * 账号 tab of 账号管理: platform administrators. Their writes are custom endpoints (roles and an
 * initial password travel with them); the page adds its own form and the 启用/停用 and 重置密码 actions.
 */
export const saasAdminWeb = defineWebResource(saasAdminResource, {
  fields: accountFields,
  columns: ['loginName', 'name', 'phone', 'email', 'open', 'lastLoginAt', 'createdAt'],
  search: ['loginName', 'name', 'phone', 'open'],
  detail: accountDetail,
  endpoints: {
    get: saasAdminEndpoints.get,
    create: saasAdminEndpoints.create,
    update: saasAdminEndpoints.update,
    delete: saasAdminEndpoints.delete,
  },
  rowTitle: accountTitle,
});
