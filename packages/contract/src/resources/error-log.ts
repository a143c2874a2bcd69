import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { id, isoTime, labelledEnum, ok } from '../common.js';
import { baseFields, defineResource, filter, rangeFilter } from '../resource.js';

export const errorSource = labelledEnum({ 1: '控制台', 2: '服务端' });
export const errorLevel = labelledEnum({ 1: '警告', 2: '错误', 3: '严重' });
export const errorHandledFlag = labelledEnum({ 0: '未处理', 1: '已处理' });

/** Client errors the console reports and server errors the API caught (5xx), one row per distinct error. */
export const errorLogResource = defineResource({
  name: 'errorLog',
  prefix: '/errorLog',
  title: '错误日志',
  module: '错误日志',
  deleteEffect: { undo: 'permanent', dependents: '同一错误再次发生时会重新记录。' },
  audience: 'platform',
  tenant: 'none',
  entity: z.object({
    ...baseFields,
    source: errorSource,
    level: errorLevel,
    message: z.string(),
    stack: z.string(),
    url: z.string(),
    requestId: z.string(),
    adminId: id.nullable(),
    /** The operator of the last sighting, when signed in. */
    adminName: z.string().nullable().describe('操作人'),
    agentId: id.nullable(),
    ip: z.string(),
    userAgent: z.string(),
    appVersion: z.string(),
    handled: errorHandledFlag,
    /** Reports of this error (same message, top stack frame and page path), first and last seen. */
    count: z.number().int().describe('次数'),
    firstSeenAt: isoTime.describe('首次出现'),
    lastSeenAt: isoTime.describe('最近出现'),
  }),
  filters: {
    keyword: filter(z.string().trim().max(60), 'contains', { columns: ['message', 'url', 'requestId'] }),
    source: filter(errorSource, 'eq'),
    level: filter(errorLevel, 'eq'),
    handled: filter(errorHandledFlag, 'eq'),
    createdAt: rangeFilter(isoTime),
  },
  sortable: ['createdAt', 'lastSeenAt', 'count'],
  defaultSort: { field: 'lastSeenAt', order: 'descend' },
  actions: ['page', 'get', 'delete'],
});
export type ErrorLog = z.infer<typeof errorLogResource.entity>;

/**
 * The console reports an uncaught error. Public so a failure on the sign-in page is seen too; a
 * session, when sent, attributes it. Rate limited per address; long fields are cut, not refused.
 */
export const reportErrorEndpoint = defineEndpoint({
  method: 'POST',
  path: '/errorLog/report',
  access: 'public',
  audience: 'any',
  summary: '上报前端错误',
  module: '错误日志',
  write: false,
  body: z.object({
    message: z
      .string()
      .min(1)
      .transform((s) => s.slice(0, 1000)),
    stack: z
      .string()
      .default('')
      .transform((s) => s.slice(0, 8000)),
    url: z
      .string()
      .default('')
      .transform((s) => s.slice(0, 500)),
    level: errorLevel.default(2),
    appVersion: z
      .string()
      .default('')
      .transform((s) => s.slice(0, 40)),
  }),
  response: ok,
});

export const handleErrorEndpoint = defineEndpoint({
  method: 'POST',
  path: '/errorLog/handle',
  access: { permission: 'errorLog.handle' },
  audience: 'platform',
  summary: '标记错误已处理',
  module: '错误日志',
  write: true,
  query: z.object({ id }),
  response: errorLogResource.entity,
});
