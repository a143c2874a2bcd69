import { z } from 'zod';
import { id } from '../common.js';
import { defineEndpoint } from '../endpoint.js';
import { named } from '../schema-names.js';
import type { MenuTreeNode } from '../menus/types.js';

/**
 * One node of a permitted menu tree; directories and pages carry their permitted children. A
 * schema that contains itself cannot be written inline in the OpenAPI document: its name makes
 * it a component the children point back at.
 */
export const menuTreeNode: z.ZodType<MenuTreeNode> = named(
  z.object({
    id,
    url: z.string(),
    title: z.string(),
    icon: z.string(),
    path: z.string(),
    kind: z.union([z.literal(1), z.literal(2), z.literal(3)]),
    hidden: z.boolean(),
    get children() {
      return z.array(menuTreeNode);
    },
  }),
  'MenuTreeNode',
);

export const menuTree = z.array(menuTreeNode);

export const permissionEndpoints = {
  /** The caller's own permitted tree: platform admins from their roles, providers from their agent menu. */
  getMenuList: defineEndpoint({
    method: ['GET', 'POST'],
    path: '/saasRole/getMenuList',
    access: 'session',
    audience: 'any',
    summary: '当前账号的菜单权限',
    module: '权限',
    write: false,
    beforePasswordChange: true,
    response: menuTree,
  }),
  /**
   * A provider's menu tree. A provider operator may ask only for their own provider (another id
   * answers like a missing record); a platform admin needs `agentMenu.get`.
   */
  getAICMenu: defineEndpoint({
    method: 'GET',
    path: '/agentMenu/getAICMenu',
    access: 'session',
    audience: 'any',
    summary: '服务商菜单权限',
    module: '权限',
    write: false,
    beforePasswordChange: true,
    query: z.object({ aic: id }),
    response: menuTree,
  }),
};
