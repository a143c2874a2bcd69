import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { id, isoTime, labelledEnum } from '../common.js';
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
  audience: 'platform',
  tenant: 'agent',
  entity: z.object({
    ...baseFields,
    ...tenantFields,
    storeId: id,
    storeName: displayName,
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
    storeId: filter(id, 'eq'),
    createdAt: rangeFilter(isoTime),
  },
  actions: ['page', 'get', 'delete'],
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
