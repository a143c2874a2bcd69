import { z } from 'zod';
import { id, ok } from '../common.js';
import { menuTree } from '../endpoints/permissions.js';
import { baseFields, defineResource, filter, recordId, resourceEndpoint, withCreateDefaults } from '../resource.js';
import { enabledStatus, remark } from './money-fields.js';

const requireFlag = z.union([z.literal(0), z.literal(1)]);

/**
 * A platform role: a named set of platform menu entries (pages and action codes). The list is
 * derived; the writes are custom endpoints because the granted menus live in `role_menu`.
 */
export const saasRoleResource = defineResource({
  name: 'saasRole',
  prefix: '/saasRole',
  title: '角色',
  module: '角色管理',
  deleteEffect: { undo: 'permanent', refusedWhen: '仍有账号使用的角色不能删除。' },
  audience: 'platform',
  tenant: 'none',
  entity: z.object({
    ...baseFields,
    name: z.string().trim().min(1, '请输入角色名称').max(30, '角色名称最多 30 字').describe('角色名称'),
    code: z
      .string()
      .trim()
      .min(2, '角色编码至少 2 位')
      .max(40, '角色编码最多 40 位')
      .regex(/^[A-Za-z][A-Za-z0-9_-]*$/, '角色编码以字母开头，只能包含字母、数字、_ 和 -')
      .describe('角色编码'),
    sort: z.number().int().min(0).max(9999),
    status: enabledStatus,
    /** 要求两步验证: every holder signs in with a second factor, every time (issue 31). */
    requireSecondFactor: requireFlag.describe('要求两步验证'),
    remark,
  }),
  filters: {
    keyword: filter(z.string().trim().max(40), 'contains', { columns: ['name', 'code'] }),
    status: filter(enabledStatus, 'eq'),
  },
  sortable: ['sort', 'createdAt'],
  defaultSort: { field: 'sort', order: 'ascend' },
  actions: ['page'],
  paths: { page: '/getList' },
  summaries: { page: '查询角色列表' },
});
export type SaasRole = z.infer<typeof saasRoleResource.entity>;

/** A role with the platform menu entries it grants (detail and edit form). */
export const saasRoleDetail = saasRoleResource.entity.extend({ menuIds: z.array(id) });
export type SaasRoleDetail = z.infer<typeof saasRoleDetail>;

const editable = saasRoleResource.entity.pick({
  name: true,
  code: true,
  sort: true,
  status: true,
  requireSecondFactor: true,
  remark: true,
});
const menuIds = z.array(id).max(2000);
export const saasRoleCreate = withCreateDefaults(editable).extend({
  menuIds,
  requireSecondFactor: requireFlag.default(0),
});
export const saasRoleUpdate = editable
  .partial()
  .extend({ id: recordId, version: z.number().int().min(1), menuIds: menuIds.optional() });
const idQuery = z.object({ id: recordId });

export const saasRoleEndpoints = {
  getList: saasRoleResource.endpoints.page,
  /** The spec's console calls it with POST, ours with GET: both are served. */
  getById: resourceEndpoint(saasRoleResource, 'getById', {
    method: ['GET', 'POST'],
    permission: 'saasRole.get',
    write: false,
    summary: '查看角色',
    query: idQuery,
    response: saasRoleDetail,
  }),
  create: resourceEndpoint(saasRoleResource, 'create', {
    method: 'POST',
    write: true,
    summary: '新增角色',
    body: saasRoleCreate,
    response: saasRoleDetail,
  }),
  update: resourceEndpoint(saasRoleResource, 'update', {
    method: 'POST',
    write: true,
    summary: '修改角色',
    body: saasRoleUpdate,
    response: saasRoleDetail,
  }),
  /** A role still held by an account cannot be deleted (409003). */
  delete: resourceEndpoint(saasRoleResource, 'delete', {
    method: ['GET', 'POST'],
    write: true,
    summary: '删除角色',
    query: idQuery,
    response: ok,
  }),
  /** The whole platform catalogue as a tree, for choosing a role's menus; GET and the spec's POST. */
  getMenu: resourceEndpoint(saasRoleResource, 'getMenu', {
    method: ['GET', 'POST'],
    permission: 'saasRole.page',
    write: false,
    summary: '角色可选菜单',
    response: menuTree,
  }),
};
