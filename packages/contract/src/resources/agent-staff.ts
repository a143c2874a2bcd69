import { z } from 'zod';
import { id, isoTime, ok, password } from '../common.js';
import { menuTree } from '../endpoints/permissions.js';
import { baseFields, defineResource, filter, recordId, resourceEndpoint, tenantFields } from '../resource.js';
import { adminOpen, saasAdminResource } from './saas-admin.js';

const account = saasAdminResource.entity.shape;

/**
 * A provider's operator account (实施人员, adminType 2), managed by the provider administrator
 * only. Its permissions are the intersection of its own grant (`menuIds`, chosen from the
 * provider's agent menu) and the provider's agent menu at the time of each request, so a shrunk
 * provider menu shrinks every operator's permissions with it.
 */
export const agentStaffResource = defineResource({
  name: 'agentStaff',
  prefix: '/agentStaff',
  title: '实施人员',
  module: '实施人员',
  audience: 'agent',
  tenant: 'agent',
  entity: z.object({
    ...baseFields,
    ...tenantFields,
    loginName: account.loginName,
    name: account.name,
    phone: account.phone,
    email: account.email,
    open: adminOpen,
    lastLoginAt: isoTime.nullable(),
    lastLoginIp: z.string().nullable(),
    changePsw: z.number().int(),
  }),
  filters: {
    keyword: filter(z.string().trim().max(32), 'contains', { columns: ['loginName', 'name', 'phone'] }),
    open: filter(adminOpen, 'eq'),
  },
  sortable: ['createdAt', 'loginName'],
  defaultSort: { field: 'createdAt', order: 'descend' },
  actions: ['page'],
  labels: { open: '状态' },
});
export type AgentStaff = z.infer<typeof agentStaffResource.entity>;

/** An operator with the agent-menu entries granted to them (detail and edit form). */
export const agentStaffDetail = agentStaffResource.entity.extend({ menuIds: z.array(id) });
export type AgentStaffDetail = z.infer<typeof agentStaffDetail>;

// An operator without any grant could never sign in (该账号没有权限): at least one entry is required.
const menuIds = z.array(id).min(1, '请至少选择一项菜单权限').max(2000, '所选菜单过多');
const editable = agentStaffResource.entity.pick({ name: true, phone: true, email: true });

export const agentStaffCreate = editable.extend({ loginName: account.loginName, menuIds });
export const agentStaffUpdate = editable
  .partial()
  .extend({ id: recordId, version: z.number().int().min(1), menuIds: menuIds.optional() });
const idQuery = z.object({ id: recordId });

export const agentStaffEndpoints = {
  page: agentStaffResource.endpoints.page,
  get: resourceEndpoint(agentStaffResource, 'get', {
    method: 'GET',
    write: false,
    summary: '查看实施人员',
    query: idQuery,
    response: agentStaffDetail,
  }),
  /** The server generates the initial password and answers it once; it must be changed at first sign-in. */
  create: resourceEndpoint(agentStaffResource, 'create', {
    method: 'POST',
    write: true,
    summary: '新增实施人员',
    body: agentStaffCreate,
    response: agentStaffDetail.extend({ password: z.string() }),
  }),
  update: resourceEndpoint(agentStaffResource, 'update', {
    method: 'POST',
    write: true,
    summary: '修改实施人员',
    body: agentStaffUpdate,
    response: agentStaffDetail,
  }),
  /** `?id=&open=0|1`; disabling ends the operator's sessions at once. */
  updateOpen: resourceEndpoint(agentStaffResource, 'updateOpen', {
    method: ['GET', 'POST'],
    write: true,
    summary: '启用/停用实施人员',
    query: z.object({ id: recordId, open: z.coerce.number().pipe(z.union([z.literal(0), z.literal(1)])) }),
    response: ok,
  }),
  /** As the platform's: a typed password, or a generated one answered once; sessions end. */
  resetPassword: resourceEndpoint(agentStaffResource, 'resetPassword', {
    method: 'POST',
    write: true,
    summary: '重置实施人员密码',
    query: idQuery,
    body: z.object({ password: password.optional() }).nullish(),
    response: z.object({ password: z.string().nullable() }),
  }),
  /** The provider's own agent menu, less the administrator-only entries: what a grant is chosen from. */
  getMenu: resourceEndpoint(agentStaffResource, 'getMenu', {
    method: 'GET',
    permission: 'agentStaff.page',
    write: false,
    summary: '实施人员可选菜单',
    response: menuTree,
  }),
};
