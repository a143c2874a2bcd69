import { z } from 'zod';
import { id, ok } from '../common.js';
import { defineEndpoint } from '../endpoint.js';
import { menuTree } from './permissions.js';

/** A provider's menu grants (agent-scope catalogue entries); `getAICMenu` lives in permissions.ts. */
const grants = z.object({ aic: id, menuIds: z.array(id).max(2000) });
const common = {
  access: { permission: 'agentMenu.update' },
  audience: 'platform',
  module: '服务商管理',
  write: true,
} as const;

export const agentMenuEndpoints = {
  /**
   * The whole provider menu catalogue as a tree, for choosing a provider's grants in 服务商管理.
   * Its own endpoint so 查看菜单权限 suffices: the catalogue list (/saasMenu/page) is 菜单管理's.
   */
  getMenu: defineEndpoint({
    access: { permission: 'agentMenu.get' },
    audience: 'platform',
    module: '服务商管理',
    write: false,
    method: 'GET',
    path: '/agentMenu/getMenu',
    summary: '服务商可选菜单',
    response: menuTree,
  }),
  /** First grant of a provider's menus; a provider that already has some is edited with update. */
  create: defineEndpoint({
    ...common,
    method: 'POST',
    path: '/agentMenu/create',
    summary: '设置服务商菜单权限',
    body: grants,
    response: ok,
  }),
  /** Replaces the provider's grants; its signed-in operators get the new menus at once. */
  update: defineEndpoint({
    ...common,
    method: 'POST',
    path: '/agentMenu/update',
    summary: '修改服务商菜单权限',
    body: grants,
    response: ok,
  }),
  /** Removes every grant of the provider (`?aic=`). */
  delete: defineEndpoint({
    ...common,
    method: ['GET', 'POST'],
    path: '/agentMenu/delete',
    summary: '清空服务商菜单权限',
    query: z.object({ aic: id }),
    response: ok,
  }),
};
