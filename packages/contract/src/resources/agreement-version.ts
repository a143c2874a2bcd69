import { z } from 'zod';
import { id, isoTime, labelledEnum } from '../common.js';
import { defineEndpoint } from '../endpoint.js';
import { baseFields, defineResource, filter } from '../resource.js';
import { remark } from './money-fields.js';

export const agreementStatus = labelledEnum({ 0: '草稿', 1: '已发布', 2: '已下线' });

/**
 * A version of the privacy agreement (隐私协议): written as rich text (sanitised by the server),
 * edited while a draft, and published once; the published one is what /privatezc and
 * /privacyAgreement show, and publishing retires the one before.
 */
export const agreementVersionResource = defineResource({
  name: 'agreementVersion',
  prefix: '/agreementVersion',
  title: '隐私协议版本',
  module: '系统配置',
  deleteEffect: { undo: 'permanent', refusedWhen: '只能删除草稿，已发布或已停用的版本不能删除。' },
  audience: 'platform',
  tenant: 'none',
  entity: z.object({
    ...baseFields,
    versionNo: z.number().int(),
    title: z.string().trim().min(2, '标题至少 2 个字').max(40, '标题最多 40 个字'),
    content: z.string().trim().min(20, '协议正文至少 20 个字').max(100_000, '协议正文过长'),
    status: agreementStatus,
    publishedAt: isoTime.nullable(),
    publisherName: z.string(),
    remark,
  }),
  writable: ['title', 'content', 'remark'],
  labels: {
    versionNo: '版本号',
    title: '标题',
    content: '正文',
    status: '状态',
    publishedAt: '发布时间',
    publisherName: '发布人',
  },
  filters: { status: filter(agreementStatus, 'eq') },
  actions: ['page', 'get', 'create', 'update', 'delete', 'export'],
});
export type AgreementVersion = z.infer<typeof agreementVersionResource.entity>;

/** Publishes a draft: it becomes the public text, the one published before goes offline. Logged. */
export const publishAgreementEndpoint = defineEndpoint({
  method: 'POST',
  path: '/agreementVersion/publish',
  access: { permission: 'agreementVersion.publish' },
  audience: 'platform',
  summary: '发布隐私协议',
  module: '系统配置',
  write: true,
  body: z.object({ id, version: z.number().int().min(1) }),
  response: agreementVersionResource.entity,
});
