import { z } from 'zod';
import { isoTime, labelledEnum } from '../common.js';
import { baseFields, defineResource, filter, rangeFilter, resourceEndpoint } from '../resource.js';
import { customMenuButtons } from './custom-menu.js';
import { remark } from './money-fields.js';

export const officialAccountType = labelledEnum({ 1: '订阅号', 2: '服务号' });
export const verifiedFlag = labelledEnum({ 1: '已认证', 0: '未认证' });
export const officialAccountStatus = labelledEnum({ 1: '已授权', 0: '未授权' });

/** WeChat's AppSecret: 32 hexadecimal characters. Write-only: no answer ever carries it. */
export const appSecret = z
  .string()
  .trim()
  .regex(/^[0-9a-fA-F]{32}$/, 'AppSecret 为 32 位十六进制字符');

/** A WeChat official account (公众号) the platform pushes notices through. */
export const officialAccountResource = defineResource({
  name: 'officialAccount',
  prefix: '/officialAccount',
  title: '公众号',
  module: '公众号管理',
  deleteEffect: {
    undo: 'permanent',
    dependents: '该公众号在本平台的自定义菜单一并删除；微信中已发布的菜单不会撤下。',
  },
  audience: 'platform',
  tenant: 'none',
  entity: z.object({
    ...baseFields,
    name: z.string().trim().min(2, '公众号名称至少 2 个字').max(30, '公众号名称最多 30 个字').describe('公众号名称'),
    appId: z
      .string()
      .trim()
      .regex(/^wx[0-9a-f]{16}$/, 'AppID 为 wx 开头的 18 位字符')
      .describe('AppID'),
    originalId: z
      .string()
      .trim()
      .regex(/^gh_[0-9a-f]{12}$/, '原始 ID 为 gh_ 开头的 15 位字符')
      .describe('原始 ID'),
    accountType: officialAccountType,
    verified: verifiedFlag,
    status: officialAccountStatus,
    followerCount: z.number().int(),
    authorizedAt: isoTime.nullable(),
    /** The stored AppSecret masked but for its last 4 characters; '' when none is stored. */
    secretMasked: z.string(),
    /** When followers, verification and menu were last read from WeChat. */
    syncedAt: isoTime.nullable(),
    remark,
  }),
  writable: ['name', 'appId', 'originalId', 'accountType', 'remark'],
  createExtra: { appSecret },
  // Left out or blank: the stored secret stays.
  updateExtra: { appSecret: z.union([appSecret, z.literal('')]).optional() },
  labels: {
    accountType: '类型',
    verified: '认证',
    status: '授权状态',
    followerCount: '粉丝数',
    authorizedAt: '授权时间',
    secretMasked: 'AppSecret',
    syncedAt: '最近同步',
    remark: '备注',
  },
  filters: {
    keyword: filter(z.string().trim().max(30), 'contains', { columns: ['name', 'appId', 'originalId'] }),
    accountType: filter(officialAccountType, 'eq'),
    status: filter(officialAccountStatus, 'eq'),
    verified: filter(verifiedFlag, 'eq'),
    createdAt: rangeFilter(isoTime),
  },
  sortable: ['followerCount', 'createdAt'],
  defaultSort: { field: 'createdAt', order: 'descend' },
  actions: ['page', 'get', 'create', 'update', 'delete', 'export'],
  exportColumns: [
    'name',
    'appId',
    'originalId',
    'accountType',
    'verified',
    'status',
    'followerCount',
    'authorizedAt',
    'syncedAt',
    'remark',
    'createdAt',
  ],
});
export type OfficialAccount = z.infer<typeof officialAccountResource.entity>;

/**
 * Reads follower count, verification, authorisation and the live menu from WeChat (the WeChat
 * adapter) and records them, logged with the fields that changed.
 */
export const syncOfficialAccountEndpoint = resourceEndpoint(officialAccountResource, 'sync', {
  method: 'POST',
  summary: '同步公众号粉丝与菜单',
  write: true,
  query: z.object({ id: z.string().trim().max(40) }),
  response: officialAccountResource.entity.extend({ liveButtons: customMenuButtons.nullable() }),
});
