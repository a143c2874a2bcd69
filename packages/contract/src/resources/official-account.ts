import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { id, isoTime, labelledEnum } from '../common.js';
import { baseFields, defineResource, filter } from '../resource.js';
import { remark } from './money-fields.js';

export const officialAccountType = labelledEnum({ 1: '订阅号', 2: '服务号' });
export const verifiedFlag = labelledEnum({ 1: '已认证', 0: '未认证' });
export const officialAccountStatus = labelledEnum({ 1: '已授权', 0: '未授权' });

/** A WeChat official account (公众号) the platform pushes notices through. */
export const officialAccountResource = defineResource({
  name: 'officialAccount',
  prefix: '/officialAccount',
  title: '公众号',
  module: '公众号管理',
  audience: 'platform',
  tenant: 'none',
  entity: z.object({
    ...baseFields,
    name: z.string().trim().min(2, '公众号名称至少 2 个字').max(30, '公众号名称最多 30 个字'),
    appId: z
      .string()
      .trim()
      .regex(/^wx[0-9a-f]{16}$/, 'AppID 为 wx 开头的 18 位字符'),
    originalId: z
      .string()
      .trim()
      .regex(/^gh_[0-9a-f]{12}$/, '原始 ID 为 gh_ 开头的 15 位字符'),
    accountType: officialAccountType,
    verified: verifiedFlag,
    status: officialAccountStatus,
    followerCount: z.number().int(),
    authorizedAt: isoTime.nullable(),
    remark,
  }),
  writable: ['name', 'appId', 'originalId', 'accountType', 'remark'],
  filters: {
    keyword: filter(z.string().trim().max(30), 'contains', { columns: ['name', 'appId'] }),
    accountType: filter(officialAccountType, 'eq'),
    status: filter(officialAccountStatus, 'eq'),
  },
  sortable: ['followerCount'],
});
export type OfficialAccount = z.infer<typeof officialAccountResource.entity>;

/**
 * Refreshes follower count, verification and authorisation from WeChat (the WeChat adapter). A
 * refresh of facts WeChat owns, not an operator's change, so it is not a logged write.
 */
export const syncOfficialAccountEndpoint = defineEndpoint({
  method: 'POST',
  path: '/officialAccount/sync',
  access: { permission: 'officialAccount.update' },
  audience: 'platform',
  summary: '同步公众号信息',
  module: '公众号管理',
  write: false,
  query: z.object({ id }),
  response: officialAccountResource.entity,
});
