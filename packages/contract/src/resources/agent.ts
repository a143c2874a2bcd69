import { z } from 'zod';
import { fen, isoTime, labelledEnum, ok, phone } from '../common.js';
import { baseFields, defineResource, filter, rangeFilter, recordId, resourceEndpoint } from '../resource.js';

export const agentKind = labelledEnum({ 1: '企业', 2: '个人' });
export const agentLevel = labelledEnum({ 1: '全国服务商', 2: '省级服务商', 3: '市级服务商' });
/** 4 is an application the platform turned down (服务商审核); it is kept with its reason, not a provider. */
export const agentStatus = labelledEnum({ 0: '待审核', 1: '正常', 2: '已冻结', 3: '已过期', 4: '已驳回' });

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
    /** When the application was approved or rejected (服务商审核), and why it was rejected. */
    reviewedAt: isoTime.nullable(),
    rejectReason: z.string(),
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
  labels: {
    kind: '类型',
    contactName: '联系人',
    contactPhone: '联系电话',
    region: '所在地区',
    address: '详细地址',
    level: '级别',
    expireAt: '到期时间',
    webPrice: '网页版价格',
    staffAppletPrice: '员工小程序价格',
    remark: '备注',
  },
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
  /**
   * Review of a pending application (服务商审核). Approving opens the provider with the default
   * agent menu and creates its first administrator (adminType 1), whose initial password goes out
   * by SMS and must be changed at first sign-in; rejecting keeps the application with its reason
   * and tells the applicant by SMS.
   */
  examine: resourceEndpoint(agentResource, 'examine', {
    method: 'POST',
    write: true,
    summary: '审核服务商入驻申请',
    body: z
      .object({
        id: recordId,
        version: z.number().int().min(1),
        approve: z.boolean(),
        level: agentLevel.optional(),
        remark: z.string().trim().max(500).optional(),
        reason: z.string().trim().max(200, '驳回原因最多 200 字').optional(),
      })
      .superRefine((body, issues) => {
        if (!body.approve && (body.reason ?? '').length < 2) {
          issues.addIssue({ code: 'custom', path: ['reason'], message: '请填写驳回原因（至少 2 个字）' });
        }
      }),
    response: z.object({
      /** The new administrator's login name (approval only). */
      loginName: z.string().nullable(),
      /** Where the SMS went, masked: 138****8000. */
      phone: z.string(),
      /** The SMS log row of the message sent to the applicant. */
      smsLogId: z.string().nullable(),
    }),
  }),
};
