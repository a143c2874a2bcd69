import { z } from 'zod';
import { id, isoTime, labelledEnum } from '../common.js';
import { baseFields, defineResource, filter, tenantFields } from '../resource.js';
import { displayName, remark } from './money-fields.js';

export const appletAuthStatus = labelledEnum({ 0: '待授权', 1: '已授权', 2: '已取消授权' });
export const appletReleaseStatus = labelledEnum({ 0: '未发布', 1: '审核中', 2: '已发布', 3: '审核驳回' });

/** An enterprise's own WeChat mini-program authorised to the platform (商户小程序). */
export const appletAuthorizationResource = defineResource({
  name: 'appletAuth',
  prefix: '/appletAuth',
  title: '商户小程序',
  module: '商户小程序',
  audience: 'any',
  tenant: 'agent',
  entity: z.object({
    ...baseFields,
    ...tenantFields,
    enterpriseId: id,
    enterpriseName: displayName,
    appId: z
      .string()
      .trim()
      .regex(/^wx[0-9a-f]{16}$/, 'AppID 为 wx 开头的 18 位字符'),
    appletName: z.string().trim().min(2, '小程序名称至少 2 个字').max(30, '小程序名称最多 30 个字'),
    principalName: z.string().trim().min(4, '主体名称至少 4 个字').max(60, '主体名称最多 60 个字'),
    authStatus: appletAuthStatus,
    releaseStatus: appletReleaseStatus,
    codeVersion: z
      .string()
      .trim()
      .regex(/^(\d+\.\d+\.\d+)?$/, '版本号格式如 1.2.3'),
    authorizedAt: isoTime.nullable(),
    releasedAt: isoTime.nullable(),
    remark,
  }),
  writable: ['enterpriseId', 'appId', 'appletName', 'principalName', 'codeVersion', 'remark'],
  filters: {
    keyword: filter(z.string().trim().max(30), 'contains', { columns: ['appletName', 'appId', 'principalName'] }),
    authStatus: filter(appletAuthStatus, 'eq'),
    releaseStatus: filter(appletReleaseStatus, 'eq'),
    enterpriseId: filter(id, 'eq'),
  },
});
export type AppletAuthorization = z.infer<typeof appletAuthorizationResource.entity>;
