import { z } from 'zod';
import { email, id, isoTime, labelledEnum, ok, password, phone } from '../common.js';
import { baseFields, defineResource, filter, recordId, resourceEndpoint, withCreateDefaults } from '../resource.js';

export const adminOpen = labelledEnum({ 1: '启用', 0: '停用' });
export const adminTypeLabels = labelledEnum({ 0: '平台管理员', 1: '服务商管理员', 2: '服务商员工' });

const loginName = z
  .string()
  .trim()
  .min(3, '登录名至少 3 位')
  .max(32, '登录名最多 32 位')
  .regex(/^[A-Za-z0-9_.@-]+$/, '登录名只能包含字母、数字和 _ . @ -')
  .describe('登录名');

/**
 * A platform administrator account (adminType 0). The list is derived from the resource; the
 * writes are custom endpoints because the role grants live in their own table and the password
 * is hashed (rows never carry the hash).
 */
export const saasAdminResource = defineResource({
  name: 'saasAdmin',
  prefix: '/saasAdmin',
  title: '平台账号',
  module: '账号管理',
  deleteEffect: { undo: 'permanent', dependents: '该账号立即退出登录。', refusedWhen: '不能删除自己的账号。' },
  audience: 'platform',
  tenant: 'none',
  entity: z.object({
    ...baseFields,
    loginName,
    name: z.string().trim().min(1, '请输入姓名').max(30, '姓名最多 30 字'),
    phone: z.union([phone, z.literal('')]),
    email: z.union([email, z.literal('')]),
    adminType: adminTypeLabels,
    open: adminOpen,
    headImg: z.string(),
    lastLoginAt: isoTime.nullable(),
    lastLoginIp: z.string().nullable(),
    changePsw: z.number().int(),
  }),
  filters: {
    loginName: filter(z.string().trim().max(32), 'contains'),
    name: filter(z.string().trim().max(30), 'contains'),
    phone: filter(z.string().trim().max(20), 'contains'),
    open: filter(adminOpen, 'eq'),
  },
  sortable: ['createdAt', 'loginName'],
  defaultSort: { field: 'createdAt', order: 'descend' },
  actions: ['page'],
});
export type SaasAdmin = z.infer<typeof saasAdminResource.entity>;

/** One account with the roles it holds (detail and edit form). */
export const saasAdminDetail = saasAdminResource.entity.extend({ roleIds: z.array(id) });
export type SaasAdminDetail = z.infer<typeof saasAdminDetail>;

const editable = saasAdminResource.entity.pick({ name: true, phone: true, email: true });
// An account without a role holds no permission and is refused at every sign-in: one is required.
const roleIds = z.array(id).min(1, '请至少选择一个角色').max(50, '最多 50 个角色');

// 手机号 and 邮箱 are optional in the form, so in the API too (left out: stored empty).
export const saasAdminCreate = withCreateDefaults(editable.extend({ loginName, roleIds, password }));
export const saasAdminUpdate = editable
  .partial()
  .extend({ id: recordId, version: z.number().int().min(1), roleIds: roleIds.optional() });
const idQuery = z.object({ id: recordId });

export const saasAdminEndpoints = {
  page: saasAdminResource.endpoints.page,
  get: resourceEndpoint(saasAdminResource, 'get', {
    method: 'GET',
    write: false,
    summary: '查看平台账号',
    query: idQuery,
    response: saasAdminDetail,
  }),
  create: resourceEndpoint(saasAdminResource, 'create', {
    method: 'POST',
    write: true,
    summary: '新增平台账号',
    body: saasAdminCreate,
    response: saasAdminDetail,
  }),
  update: resourceEndpoint(saasAdminResource, 'update', {
    method: 'POST',
    write: true,
    summary: '修改平台账号',
    body: saasAdminUpdate,
    response: saasAdminDetail,
  }),
  delete: resourceEndpoint(saasAdminResource, 'delete', {
    method: ['GET', 'POST'],
    write: true,
    summary: '删除平台账号',
    query: idQuery,
    response: ok,
  }),
  /** Params as the spec sends them: `?id=&open=0|1`. Disabling ends the account's sessions at once. */
  updateOpen: resourceEndpoint(saasAdminResource, 'updateOpen', {
    method: ['GET', 'POST'],
    write: true,
    summary: '启用/停用平台账号',
    query: z.object({ id: recordId, open: z.coerce.number().pipe(z.union([z.literal(0), z.literal(1)])) }),
    response: ok,
  }),
  /**
   * `?id=`; the new password comes in the body, or the server generates one and answers it once.
   * The account must change it at next sign-in, and its sessions end.
   */
  resetPassword: resourceEndpoint(saasAdminResource, 'resetPassword', {
    method: 'POST',
    write: true,
    summary: '重置平台账号密码',
    query: idQuery,
    body: z.object({ password: password.optional() }).nullish(),
    response: z.object({ password: z.string().nullable() }),
  }),
  /**
   * `?id=`: the account's second factor and recovery codes are removed (a lost phone); it enrols
   * again at its next sign-in if a role requires it. Logged; the owner is told.
   */
  resetSecondFactor: resourceEndpoint(saasAdminResource, 'resetSecondFactor', {
    method: 'POST',
    write: true,
    summary: '重置两步验证',
    query: idQuery,
    body: z.object({}).nullish(),
    response: ok,
  }),
};
