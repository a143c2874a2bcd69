import { z } from 'zod';
import { fen, isoTime, labelledEnum, ok, phone } from '../common.js';
import { baseFields, defineResource, filter, rangeFilter, recordId, resourceEndpoint } from '../resource.js';

export const agentKind = labelledEnum({ 1: '企业', 2: '个人' });
export const agentLevel = labelledEnum({ 1: '全国服务商', 2: '省级服务商', 3: '市级服务商' });
export const agentStatus = labelledEnum({ 0: '待审核', 1: '正常', 2: '已冻结', 3: '已过期' });

/** Providers (服务商管理). Status moves only through freeze/unfreeze and the review of applications. */
export const agentResource = defineResource({
  name: 'agent',
  prefix: '/agent',
  title: '服务商',
  module: '服务商管理',
  audience: 'platform',
  tenant: 'none',
  entity: z.object({
    ...baseFields,
    agentNo: z.string().describe('服务商编号'),
    name: z.string().trim().min(2, '名称至少 2 个字').max(60, '名称最多 60 字').describe('服务商名称'),
    kind: agentKind,
    contactName: z.string().trim().min(1, '请输入联系人').max(30),
    contactPhone: phone,
    region: z.string().trim().max(60),
    address: z.string().trim().max(200),
    level: agentLevel,
    status: agentStatus,
    openedAt: isoTime.nullable(),
    expireAt: isoTime.nullable(),
    /** Per-provider price overrides in fen; null uses the platform price. */
    webPrice: fen.nullable(),
    staffAppletPrice: fen.nullable(),
    remark: z.string().trim().max(500),
    /** The reserved platform-owned provider of the direct-run screens. */
    direct: z.number().int(),
  }),
  writable: [
    'name',
    'kind',
    'contactName',
    'contactPhone',
    'region',
    'address',
    'level',
    'expireAt',
    'webPrice',
    'staffAppletPrice',
    'remark',
  ],
  filters: {
    keyword: filter(z.string().trim().max(60), 'contains', { columns: ['name', 'agentNo', 'contactPhone'] }),
    status: filter(agentStatus, 'eq'),
    level: filter(agentLevel, 'eq'),
    kind: filter(agentKind, 'eq'),
    createdAt: rangeFilter(isoTime.or(z.iso.date())),
  },
  sortable: ['createdAt', 'name'],
  defaultSort: { field: 'createdAt', order: 'descend' },
  actions: ['page', 'get', 'create', 'update'],
});
export type Agent = z.infer<typeof agentResource.entity>;

export const agentEndpoints = {
  /** `?id=&freeze=1` freezes an active provider, `freeze=0` unfreezes a frozen one; its operators lose or regain access at once. */
  freeze: resourceEndpoint(agentResource, 'freeze', {
    method: ['GET', 'POST'],
    write: true,
    summary: '冻结/解冻服务商',
    query: z.object({ id: recordId, freeze: z.coerce.number().pipe(z.union([z.literal(0), z.literal(1)])) }),
    response: ok,
  }),
  /** Review of a pending application (服务商审核): approve opens it with the default agent menu; reject removes it. */
  examine: resourceEndpoint(agentResource, 'examine', {
    method: 'POST',
    write: true,
    summary: '审核服务商入驻申请',
    body: z.object({
      id: recordId,
      approve: z.boolean(),
      level: agentLevel.optional(),
      remark: z.string().trim().max(500).optional(),
    }),
    response: ok,
  }),
};
