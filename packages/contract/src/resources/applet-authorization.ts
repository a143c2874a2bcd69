import { z } from 'zod';
import { id, isoTime, labelledEnum } from '../common.js';
import { baseFields, defineResource, filter, rangeFilter, resourceEndpoint, tenantFields } from '../resource.js';
import { displayName, remark } from './money-fields.js';

export const appletAuthStatus = labelledEnum({ 0: '待授权', 1: '已授权', 2: '已取消授权' });
export const appletReleaseStatus = labelledEnum({ 0: '未发布', 1: '审核中', 2: '已发布', 3: '审核驳回' });
/** Expiry slices of the list. */
export const appletExpiry = labelledEnum({ 1: '30 天内到期', 2: '已到期' });
/** How long one authorisation or renewal lasts. */
export const APPLET_AUTH_DAYS = 365;

/** An enterprise's own WeChat mini-program authorised to the platform (商户小程序). */
export const appletAuthorizationResource = defineResource({
  name: 'appletAuth',
  prefix: '/appletAuth',
  title: '商户小程序',
  module: '商户小程序',
  deleteEffect: { undo: 'permanent', refusedWhen: '仍在授权中的小程序不能删除，请先取消授权。' },
  audience: 'any',
  tenant: 'agent',
  entity: z.object({
    ...baseFields,
    ...tenantFields,
    agentName: displayName,
    enterpriseId: id,
    enterpriseName: displayName,
    /** The store the mini-program serves; null: every store of the enterprise. */
    storeId: id.nullable(),
    storeName: displayName,
    appId: z
      .string()
      .trim()
      .regex(/^wx[0-9a-f]{16}$/, 'AppID 为 wx 开头的 18 位字符')
      .describe('AppID'),
    appletName: z
      .string()
      .trim()
      .min(2, '小程序名称至少 2 个字')
      .max(30, '小程序名称最多 30 个字')
      .describe('小程序名称'),
    principalName: z.string().trim().min(4, '主体名称至少 4 个字').max(60, '主体名称最多 60 个字').describe('主体名称'),
    authStatus: appletAuthStatus,
    /** WeChat's reason when the last authorise/renew/revoke failed; '' after a success. */
    lastError: z.string(),
    releaseStatus: appletReleaseStatus,
    codeVersion: z
      .string()
      .trim()
      .regex(/^(\d+\.\d+\.\d+)?$/, '版本号格式如 1.2.3'),
    authorizedAt: isoTime.nullable(),
    expireAt: isoTime.nullable(),
    releasedAt: isoTime.nullable(),
    remark,
  }),
  writable: ['enterpriseId', 'storeId', 'appId', 'appletName', 'principalName', 'codeVersion', 'remark'],
  labels: {
    agentId: '服务商',
    agentName: '服务商',
    enterpriseId: '企业',
    enterpriseName: '企业',
    storeId: '门店',
    storeName: '门店',
    authStatus: '授权状态',
    lastError: '失败原因',
    releaseStatus: '发布状态',
    codeVersion: '代码版本',
    authorizedAt: '授权时间',
    expireAt: '到期时间',
    releasedAt: '发布时间',
    remark: '备注',
  },
  filters: {
    keyword: filter(z.string().trim().max(30), 'contains', { columns: ['appletName', 'appId', 'principalName'] }),
    agentId: filter(id, 'eq'),
    enterpriseId: filter(id, 'eq'),
    storeId: filter(id, 'eq'),
    authStatus: filter(appletAuthStatus, 'eq'),
    releaseStatus: filter(appletReleaseStatus, 'eq'),
    expiry: filter(appletExpiry, 'custom', { bounds: 'expireAt' }),
    authorizedAt: rangeFilter(isoTime),
    expireAt: rangeFilter(isoTime),
  },
  sortable: ['createdAt', 'authorizedAt', 'expireAt'],
  defaultSort: { field: 'createdAt', order: 'descend' },
  actions: ['page', 'get', 'create', 'update', 'delete', 'export'],
  exportColumns: [
    'agentName',
    'enterpriseName',
    'storeName',
    'appletName',
    'appId',
    'principalName',
    'authStatus',
    'authorizedAt',
    'expireAt',
    'releaseStatus',
    'codeVersion',
    'lastError',
    'remark',
    'createdAt',
  ],
});
export type AppletAuthorization = z.infer<typeof appletAuthorizationResource.entity>;

const versioned = z.object({ id: z.string().trim().max(40), version: z.number().int().min(1) });
const wechatCall = (action: 'authorize' | 'renew' | 'revoke', summary: string) =>
  resourceEndpoint(appletAuthorizationResource, action, {
    method: 'POST',
    summary,
    write: true,
    body: versioned,
    response: appletAuthorizationResource.entity,
  });

/**
 * Requests to WeChat's open platform, answered after a moment. A refusal leaves the status as it
 * was, answers 409003 with WeChat's reason and keeps that reason in `lastError`.
 */
export const appletAuthEndpoints = {
  /** 待授权 or 已取消授权 → 已授权 for APPLET_AUTH_DAYS days. */
  authorize: wechatCall('authorize', '授权商户小程序'),
  /** 已授权 → expiry APPLET_AUTH_DAYS days later (counted from today when already past). */
  renew: wechatCall('renew', '续期商户小程序授权'),
  /** 已授权 → 已取消授权. */
  revoke: wechatCall('revoke', '取消商户小程序授权'),
};
