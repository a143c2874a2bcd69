import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { id, isoTime, labelledEnum, phone } from '../common.js';
import { baseFields, defineResource, filter, rangeFilter, tenantFields } from '../resource.js';
import { displayName } from './money-fields.js';

export const templateScene = labelledEnum({ 1: '会员关怀', 2: '节日促销', 3: '新品推广', 4: '召回提醒' });
export const templateReviewStatus = labelledEnum({ 0: '待审核', 1: '已通过', 2: '已驳回' });

/** An SMS marketing text a store submitted; the platform reviews it before it may be sent. */
export const marketingTemplateResource = defineResource({
  name: 'marketingTemplate',
  prefix: '/marketingTemplate',
  title: '营销模板',
  module: '短信管理',
  deleteEffect: { undo: 'permanent' },
  audience: 'platform',
  tenant: 'agent',
  entity: z.object({
    ...baseFields,
    ...tenantFields,
    storeId: id,
    storeName: displayName,
    agentName: displayName,
    name: z.string().trim().min(2).max(30),
    content: z.string().trim().min(5).max(500),
    scene: templateScene,
    reviewStatus: templateReviewStatus,
    rejectReason: z.string(),
    reviewedAt: isoTime.nullable(),
    reviewerName: z.string(),
  }),
  filters: {
    keyword: filter(z.string().trim().max(40), 'contains', { columns: ['name', 'content'] }),
    reviewStatus: filter(templateReviewStatus, 'eq'),
    scene: filter(templateScene, 'eq'),
    agentId: filter(id, 'eq'),
    storeId: filter(id, 'eq'),
    createdAt: rangeFilter(isoTime),
  },
  actions: ['page', 'get', 'delete', 'export'],
});
export type MarketingTemplate = z.infer<typeof marketingTemplateResource.entity>;

/** Approve or reject a pending template; a rejection needs a reason the store will read. */
export const reviewTemplateEndpoint = defineEndpoint({
  method: 'POST',
  path: '/marketingTemplate/review',
  access: { permission: 'marketingTemplate.review' },
  audience: 'platform',
  summary: '审核营销模板',
  module: '短信管理',
  write: true,
  body: z
    .object({
      id,
      version: z.number().int().min(1),
      approve: z.boolean(),
      rejectReason: z.string().trim().max(200).default(''),
    })
    .refine((b) => b.approve || b.rejectReason.length >= 2, {
      path: ['rejectReason'],
      message: '驳回时请填写原因',
    }),
  response: marketingTemplateResource.entity,
});

/** Variables a template names as {名称}; each is filled per recipient when the store sends it. */
export function templateVariables(content: string): string[] {
  return [...new Set([...content.matchAll(/\{([^{}\s]{1,10})\}/g)].map((m) => m[1]!))];
}

/** The text a recipient reads: each {名称} replaced by its value (a missing one stays visible). */
export function fillTemplate(content: string, values: Record<string, string>): string {
  return content.replace(/\{([^{}\s]{1,10})\}/g, (whole, name: string) => values[name] ?? whole);
}

/** Sends an approved template, filled with the given values, to one number (a proof before a campaign). */
export const sendTemplateEndpoint = defineEndpoint({
  method: 'POST',
  path: '/marketingTemplate/send',
  access: { permission: 'marketingTemplate.send' },
  audience: 'platform',
  summary: '发送营销短信',
  module: '短信管理',
  write: true,
  body: z.object({
    id,
    phone,
    values: z.record(z.string().max(10), z.string().trim().min(1, '请填写变量的值').max(30)).default({}),
  }),
  response: z.object({ smsLogId: id, content: z.string() }),
});
