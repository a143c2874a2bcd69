import { z } from 'zod';
import { id, isoTime, labelledEnum } from '../common.js';
import { defineEndpoint } from '../endpoint.js';
import { baseFields, defineResource, filter } from '../resource.js';
import { storedFileName } from '../endpoints/upload.js';

export const appKind = labelledEnum({ 1: '安卓房间终端', 2: '员工端 App' });
export const updateType = labelledEnum({ 1: '强制更新', 2: '可选更新', 3: '静默更新' });
export const pushJobStatus = labelledEnum({ 0: '推送中', 1: '已完成', 2: '部分失败' });
/**
 * A device's part in a push, from its own reports: 0 sent and not yet answered, 3 downloading,
 * 4 installing, then 1 installed or 2 failed (with the device's reason). 3 and 4 were added after
 * 0–2, so the numbers are not in order of progress.
 */
export const pushResultStatus = labelledEnum({ 0: '等待中', 3: '下载中', 4: '安装中', 1: '已安装', 2: '失败' });

/** An app release the platform can push to android terminals. */
export const appVersionResource = defineResource({
  name: 'appVersion',
  prefix: '/appVersion',
  title: '应用版本',
  module: '安卓设备',
  deleteEffect: { undo: 'permanent', blockedBy: ['应用推送记录'] },
  audience: 'platform',
  tenant: 'none',
  entity: z.object({
    ...baseFields,
    app: appKind,
    versionName: z
      .string()
      .trim()
      .regex(/^\d+\.\d+\.\d+$/, '版本号格式为 主.次.修订，如 2.3.1'),
    versionCode: z.number().int().min(1, '版本序号需大于 0').max(99_999_999),
    downloadUrl: z.url({ protocol: /^https?$/, error: '请输入 http(s) 下载地址' }).max(500),
    md5: z
      .string()
      .trim()
      .regex(/^[0-9a-fA-F]{32}$/, 'MD5 为 32 位十六进制'),
    updateType,
    releaseNotes: z.string().trim().max(2000),
    publishedAt: isoTime,
  }),
  // The package is named by its upload key; the server fills the download address and the md5
  // from its own record of the file. A version's identity (app, name, code) is fixed once saved.
  writable: ['app', 'versionName', 'versionCode', 'updateType', 'releaseNotes'],
  createExtra: { packageKey: z.string().regex(storedFileName, '请上传安装包') },
  labels: {
    app: '应用',
    versionName: '版本号',
    updateType: '更新方式',
    versionCode: '版本序号',
    downloadUrl: '下载地址',
    releaseNotes: '更新说明',
    publishedAt: '发布时间',
  },
  filters: {
    app: filter(appKind, 'eq'),
    keyword: filter(z.string().trim().max(40), 'contains', { column: 'versionName' }),
  },
  sortable: ['versionCode', 'publishedAt'],
  defaultSort: { field: 'versionCode', order: 'descend' },
});
export type AppVersion = z.infer<typeof appVersionResource.entity>;

export const pushResultRow = z.object({
  id,
  deviceId: id,
  deviceNo: z.string(),
  deviceName: z.string(),
  storeName: z.string(),
  agentId: id,
  status: pushResultStatus,
  message: z.string(),
  reportedAt: isoTime.nullable(),
});

export const pushJob = z.object({
  id,
  appVersionId: id,
  versionName: z.string(),
  companyGroupId: id,
  companyGroupName: z.string(),
  status: pushJobStatus,
  total: z.number().int(),
  succeeded: z.number().int(),
  failed: z.number().int(),
  createdAt: isoTime,
  finishedAt: isoTime.nullable(),
});
export type PushJob = z.infer<typeof pushJob>;

export const appVersionEndpoints = {
  lastVersion: defineEndpoint({
    method: 'GET',
    path: '/saasicAndroidController/getAppLastVer',
    access: 'session',
    audience: 'any',
    summary: '查询最新应用版本',
    module: '安卓设备',
    write: false,
    query: z.object({
      app: z.coerce
        .number()
        .int()
        .refine((v) => v === 1 || v === 2, '应用类型不存在')
        .default(1),
    }),
    response: appVersionResource.entity.nullable(),
  }),
  push: defineEndpoint({
    method: 'POST',
    path: '/saasicAndroidController/pushAppUpdate',
    access: { permission: 'appVersion.push' },
    audience: 'platform',
    summary: '推送应用更新',
    module: '安卓设备',
    write: true,
    body: z.object({ appVersionId: id, companyGroupId: id }),
    response: pushJob,
  }),
  pushJobs: defineEndpoint({
    method: 'GET',
    path: '/saasicAndroidController/getPushJobs',
    access: { permission: 'appVersion.push' },
    audience: 'platform',
    summary: '应用推送记录',
    module: '安卓设备',
    write: false,
    query: z.object({ appVersionId: id.optional() }),
    response: z.array(pushJob),
  }),
  retryPush: defineEndpoint({
    method: 'POST',
    path: '/saasicAndroidController/retryPush',
    access: { permission: 'appVersion.push' },
    audience: 'platform',
    summary: '重试推送失败的设备',
    module: '安卓设备',
    write: true,
    body: z.object({ id }),
    response: pushJob,
  }),
  pushJobDetail: defineEndpoint({
    method: 'GET',
    path: '/saasicAndroidController/getPushJob',
    access: { permission: 'appVersion.push' },
    audience: 'platform',
    summary: '应用推送结果',
    module: '安卓设备',
    write: false,
    query: z.object({ id }),
    response: pushJob.extend({ results: z.array(pushResultRow) }),
  }),
} as const;
