import { z } from 'zod';
import { id, idParam, isoTime, labelledEnum, ok, pageOf, pageQuery } from '../common.js';
import { defineEndpoint } from '../endpoint.js';

/** Provider operator kinds a message can be addressed to (domain: 1 provider admin, 2 staff). */
export const messageAdminType = labelledEnum({ 1: '服务商管理员', 2: '服务商员工' });

export const MESSAGE_TITLE_MAX = 100;
/** Stored rich text, after sanitising; the editor's raw HTML may be a little longer. */
export const MESSAGE_CONTENT_MAX = 20_000;

/**
 * A console route a message points to: a path inside the console ('/profile/exports?id=3'), never
 * an address elsewhere (no scheme, no protocol-relative '//host', no backslash or whitespace).
 */
export const consoleLink = z
  .string()
  .max(500)
  .regex(/^\/(?![/\\])[^\s\\]*$/, '链接必须是控制台内的路径');

// ---- platform side: compose and the sent list ----

export const sentMessageRow = z.object({
  id,
  messageTitle: z.string(),
  senderName: z.string(),
  sendTime: isoTime,
  /** Empty = every provider. */
  agentIds: z.array(id),
  /** Empty = every provider operator kind. */
  adminTypes: z.array(messageAdminType),
  recipientCount: z.number().int(),
  readCount: z.number().int(),
});
export type SentMessageRow = z.infer<typeof sentMessageRow>;

export const sentMessageDetail = sentMessageRow.extend({
  content: z.string(),
  agents: z.array(z.object({ id, name: z.string() })),
});
export type SentMessageDetail = z.infer<typeof sentMessageDetail>;

export const sentMessageQuery = pageQuery.pick({ offset: true, size: true }).extend({
  messageTitle: z.string().trim().max(MESSAGE_TITLE_MAX).optional(),
});
export type SentMessageQuery = z.input<typeof sentMessageQuery>;

export const messageCreate = z.object({
  messageTitle: z.string().trim().min(1, '请输入消息标题').max(MESSAGE_TITLE_MAX, `标题最多 ${MESSAGE_TITLE_MAX} 个字`),
  content: z
    .string()
    .min(1, '请输入消息内容')
    .max(MESSAGE_CONTENT_MAX * 2, '消息内容过长'),
  /** Absent or empty = every provider. */
  agentIds: z.array(id).max(1000).optional(),
  /** Absent or empty = provider admins and staff. */
  adminTypes: z.array(messageAdminType).max(2).optional(),
});
export type MessageCreate = z.infer<typeof messageCreate>;

export const agentOption = z.object({ id, name: z.string() });
export type AgentOption = z.infer<typeof agentOption>;

const platform = { audience: 'platform', module: '系统消息' } as const;

export const sentMessageEndpoints = {
  page: defineEndpoint({
    ...platform,
    access: { permission: 'saasMessage.page' },
    method: 'POST',
    path: '/saasMessage/page',
    summary: '已发送系统消息列表',
    write: false,
    body: sentMessageQuery,
    response: pageOf(sentMessageRow),
  }),
  get: defineEndpoint({
    ...platform,
    access: { permission: 'saasMessage.get' },
    method: 'GET',
    path: '/saasMessage/get',
    summary: '查看已发送系统消息',
    write: false,
    query: idParam,
    response: sentMessageDetail,
  }),
  create: defineEndpoint({
    ...platform,
    access: { permission: 'saasMessage.create' },
    method: 'POST',
    path: '/saasMessage/create',
    summary: '发送系统消息',
    write: true,
    body: messageCreate,
    response: z.object({ id, recipientCount: z.number().int() }),
  }),
  delete: defineEndpoint({
    ...platform,
    access: { permission: 'saasMessage.delete' },
    method: ['GET', 'POST'],
    path: '/saasMessage/delete',
    summary: '删除已发送系统消息',
    write: true,
    query: idParam,
    response: ok,
  }),
  /** Providers to address a message to, searched by name (the compose form's picker). */
  agentOptions: defineEndpoint({
    ...platform,
    access: { permission: 'saasMessage.create' },
    method: 'GET',
    path: '/saasMessage/agentOptions',
    summary: '可选服务商',
    write: false,
    query: z.object({ keyword: z.string().trim().max(50).optional() }),
    response: z.array(agentOption),
  }),
};
