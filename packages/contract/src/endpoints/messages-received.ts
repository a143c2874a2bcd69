import { z } from 'zod';
import { id, idParam, isoTime, labelledEnum, ok, pageOf, pageQuery } from '../common.js';
import { defineEndpoint } from '../endpoint.js';

// Every operator's inbox, in a module of its own: the console's shell (the bell and its unread
// count) loads it on every screen, and the platform's compose side (messages.ts) need not come along.

/** Recipient row status (spec: 0 unread). */
export const messageStatus = labelledEnum({ 0: '未读', 1: '已读' });

// ---- recipient side: the spec's /saasMessageAgentUser family, every operator's own inbox ----

export const receivedMessageRow = z.object({
  id,
  messageTitle: z.string(),
  receiveTime: isoTime,
  status: messageStatus,
});
export type ReceivedMessageRow = z.infer<typeof receivedMessageRow>;

export const receivedMessageDetail = receivedMessageRow.extend({
  messageId: id,
  content: z.string(),
  senderName: z.string(),
  readAt: isoTime.nullable(),
  /** A console route the message points to (the detail's 前往查看), or null. */
  link: z.string().nullable(),
});
export type ReceivedMessageDetail = z.infer<typeof receivedMessageDetail>;

export const receivedMessageQuery = pageQuery.pick({ offset: true, size: true }).extend({
  /** Absent (or null from the spec's console) = every message. */
  status: z.union([messageStatus, z.null()]).optional(),
});
export type ReceivedMessageQuery = z.input<typeof receivedMessageQuery>;

// Platform admins, provider admins and staff alike receive system notices; each sees only their own rows.
const recipient = { access: 'session', audience: 'any', module: '系统消息' } as const;

export const receivedMessageEndpoints = {
  page: defineEndpoint({
    ...recipient,
    method: 'POST',
    path: '/saasMessageAgentUser/page',
    summary: '我的系统消息列表',
    write: false,
    body: receivedMessageQuery,
    response: pageOf(receivedMessageRow),
  }),
  get: defineEndpoint({
    ...recipient,
    method: ['GET', 'POST'],
    path: '/saasMessageAgentUser/get',
    summary: '查看系统消息',
    write: false,
    query: idParam,
    response: receivedMessageDetail,
  }),
  read: defineEndpoint({
    ...recipient,
    method: 'POST',
    path: '/saasMessageAgentUser/read',
    summary: '标记系统消息已读',
    write: true,
    query: idParam,
    response: ok,
  }),
  allRead: defineEndpoint({
    ...recipient,
    method: 'POST',
    path: '/saasMessageAgentUser/allRead',
    summary: '全部标记已读',
    write: true,
    response: z.object({ count: z.number().int() }),
  }),
  delete: defineEndpoint({
    ...recipient,
    method: ['GET', 'POST'],
    path: '/saasMessageAgentUser/delete',
    summary: '删除系统消息',
    write: true,
    query: idParam,
    response: ok,
  }),
};
