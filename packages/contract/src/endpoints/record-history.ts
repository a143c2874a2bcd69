import { z } from 'zod';
import { pageOf } from '../common.js';
import { defineEndpoint } from '../endpoint.js';

/** What an operation did to the record, for the 操作历史 tab's tag; `other` is told by `action`. */
export const historyKind = z.enum(['created', 'updated', 'statusChanged', 'deleted', 'restored', 'exported', 'other']);
export type HistoryKind = z.infer<typeof historyKind>;

/** One field an update changed, as stored (raw values: the console renders them as the detail does). */
export const historyChange = z.object({
  field: z.string().describe('字段名'),
  before: z.unknown().describe('修改前的值'),
  after: z.unknown().describe('修改后的值'),
});

/** One row of a record's history: who, when, from where, what. */
export const historyEntry = z.object({
  id: z.string().describe('操作日志编号'),
  at: z.string().describe('操作时间（UTC，ISO 8601）'),
  operatorName: z.string().describe('操作人姓名'),
  operatorAccount: z.string().describe('操作人账号'),
  agentName: z.string().nullable().describe('操作人所属服务商，平台人员为空'),
  ip: z.string().describe('操作来源地址'),
  kind: historyKind.describe('操作类型'),
  action: z.string().describe('操作名称，如 修改门店'),
  changes: z.array(historyChange).describe('修改的字段及前后值'),
});
export type HistoryEntry = z.infer<typeof historyEntry>;

export const recordHistoryQuery = z.object({
  resource: z
    .string()
    .regex(/^[A-Za-z][A-Za-z0-9]{0,59}$/, '资源名称格式不正确')
    .describe('资源名称，如 store'),
  id: z
    .string()
    .regex(/^\d{1,18}$/, '记录编号格式不正确')
    .describe('记录编号'),
  offset: z.coerce.number().int().min(1).max(10_000).default(1).describe('页码，从 1 开始'),
  size: z.coerce.number().int().min(1).max(100).default(20).describe('每页条数'),
});

/**
 * A record's 操作历史. Access is checked per record: the caller needs the resource's own read
 * permission and the record must be within the caller's scope (the server answers as the
 * record's read would).
 */
export const recordHistoryEndpoints = {
  history: defineEndpoint({
    method: 'GET',
    path: '/operationLog/history',
    access: 'session',
    audience: 'any',
    module: '操作日志',
    write: false,
    summary: '查询记录的操作历史（最新在前，分页）',
    query: recordHistoryQuery,
    response: pageOf(historyEntry),
  }),
};
