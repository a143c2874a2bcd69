import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { id, isoDate, isoTime, labelledEnum } from '../common.js';
import { baseFields, defineResource, filter, rangeFilter, tenantFields } from '../resource.js';
import { displayName, remark } from './money-fields.js';

export const freeAuthCodeStatus = labelledEnum({ 0: '未使用', 1: '已使用', 2: '已作废' });

/**
 * A free authorisation code (免授权码): a store that redeems it runs without a paid licence for
 * `days` days. The server generates the code; a used or void code never changes again.
 */
export const freeAuthCodeResource = defineResource({
  name: 'freeAuthCode',
  prefix: '/freeAuthCode',
  title: '免授权码',
  module: '免授权码',
  audience: 'any',
  tenant: 'agent',
  entity: z.object({
    ...baseFields,
    ...tenantFields,
    code: z.string(),
    days: z.number().int().min(1, '天数至少 1 天').max(365, '天数最多 365 天'),
    status: freeAuthCodeStatus,
    storeId: id.nullable(),
    storeName: displayName,
    /** Last day the code can be redeemed. */
    expireDate: isoDate,
    usedAt: isoTime.nullable(),
    remark,
  }),
  writable: ['days', 'expireDate', 'remark'],
  filters: {
    keyword: filter(z.string().trim().max(20), 'contains', { columns: ['code', 'remark'] }),
    status: filter(freeAuthCodeStatus, 'eq'),
    expireDate: rangeFilter(isoDate),
  },
  sortable: ['expireDate', 'days'],
  actions: ['page', 'get', 'create', 'delete'],
});
export type FreeAuthCode = z.infer<typeof freeAuthCodeResource.entity>;

/** Voids an unused code; a used one cannot be taken back. */
export const voidFreeAuthCodeEndpoint = defineEndpoint({
  method: 'POST',
  path: '/freeAuthCode/void',
  access: { permission: 'freeAuthCode.void' },
  audience: 'any',
  summary: '作废免授权码',
  module: '免授权码',
  write: true,
  query: z.object({ id }),
  response: freeAuthCodeResource.entity,
});
