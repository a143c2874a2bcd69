import { z } from 'zod';
import { id, labelledEnum, ok } from '../common.js';
import { defineResource, filter, recordId, resourceEndpoint, withCreateDefaults } from '../resource.js';

export const menuKind = labelledEnum({ 1: '目录', 2: '页面', 3: '操作' });
export const menuScope = z.enum(['platform', 'agent']);
export const menuScopeLabels = { platform: '平台菜单', agent: '服务商菜单' } as const;

/**
 * The menu catalogue (菜单管理): directories, pages (route names) and action codes such as
 * `saasAdmin.create`, per scope. Roles and agent menus grant its entries. The list answers flat
 * rows with `parentId`; the console builds the tree (the whole catalogue is a few hundred rows).
 */
export const saasMenuResource = defineResource({
  name: 'saasMenu',
  prefix: '/saasMenu',
  title: '菜单',
  module: '菜单管理',
  deleteEffect: {
    undo: 'permanent',
    dependents: '已授予它的角色、服务商和员工将失去这项权限。',
    refusedWhen: '有下级菜单的菜单不能删除，请先删除或移走下级菜单。',
  },
  audience: 'platform',
  tenant: 'none',
  entity: z.object({
    id,
    version: z.number().int(),
    parentId: id.nullable(),
    url: z
      .string()
      .trim()
      .min(1, '请输入路由名或权限码')
      .max(80)
      .regex(/^[A-Za-z][A-Za-z0-9_.]*$/, '路由名或权限码只能包含字母、数字、_ 和 .')
      .describe('路由名或权限码'),
    title: z.string().trim().min(1, '请输入标题').max(30, '标题最多 30 字'),
    icon: z.string().trim().max(60),
    path: z.string().trim().max(200),
    sort: z.number().int().min(0).max(9999),
    hidden: z.union([z.literal(0), z.literal(1)]),
    kind: menuKind,
    scope: menuScope,
  }),
  filters: {
    scope: filter(menuScope, 'eq'),
    kind: filter(menuKind, 'eq'),
    parentId: filter(id, 'eq'),
    keyword: filter(z.string().trim().max(80), 'contains', { columns: ['title', 'url'] }),
  },
  sortable: ['sort'],
  defaultSort: { field: 'sort', order: 'ascend' },
  actions: ['page'],
});
export type SaasMenu = z.infer<typeof saasMenuResource.entity>;

const editable = saasMenuResource.entity.pick({
  parentId: true,
  url: true,
  title: true,
  icon: true,
  path: true,
  sort: true,
  hidden: true,
  kind: true,
});
export const saasMenuCreate = withCreateDefaults(editable).extend({ scope: menuScope });
export const saasMenuUpdate = editable.partial().extend({ id: recordId, version: z.number().int().min(1) });
const idQuery = z.object({ id: recordId });

export const saasMenuEndpoints = {
  get: resourceEndpoint(saasMenuResource, 'get', {
    method: 'GET',
    write: false,
    summary: '查看菜单',
    query: idQuery,
    response: saasMenuResource.entity,
  }),
  create: resourceEndpoint(saasMenuResource, 'create', {
    method: 'POST',
    write: true,
    summary: '新增菜单',
    body: saasMenuCreate,
    response: saasMenuResource.entity,
  }),
  update: resourceEndpoint(saasMenuResource, 'update', {
    method: 'POST',
    write: true,
    summary: '修改菜单',
    body: saasMenuUpdate,
    response: saasMenuResource.entity,
  }),
  /** An entry with children is refused (409003): delete or move them first. */
  delete: resourceEndpoint(saasMenuResource, 'delete', {
    method: ['GET', 'POST'],
    write: true,
    summary: '删除菜单',
    query: idQuery,
    response: ok,
  }),
};
