import { z } from 'zod';
import { id, isoTime } from '../common.js';
import { defineEndpoint } from '../endpoint.js';

// The part of view-as (view-as.ts) every console tab needs, in a module of its own: the token's
// prefix (a new tab adopts it), the session's state and its end. Starting a session, with its
// reason and answer, stays with 服务商管理.

/** What a view-as token starts with, so the server and the console tell it from a session token. */
export const VIEW_AS_TOKEN_PREFIX = 'va.';

export const viewAsModes = ['read', 'write'] as const;
export const viewAsMode = z.enum(viewAsModes);
export type ViewAsMode = z.infer<typeof viewAsMode>;
export const viewAsModeLabels: Record<ViewAsMode, string> = { read: '只读', write: '可修改' };

export const viewAsSession = z.object({
  agentId: id,
  agentName: z.string().describe('被查看的服务商'),
  mode: viewAsMode,
  reason: z.string().nullable().describe('可修改模式的原因'),
  startedAt: isoTime,
  expiresAt: isoTime.describe('最迟结束时间（开始后 30 分钟）'),
  adminName: z.string().describe('查看的平台账号'),
  adminLoginName: z.string(),
});
export type ViewAsSession = z.infer<typeof viewAsSession>;

const own = { access: 'session', audience: 'any', module: '服务商管理' } as const;

/** `viewAsEndpoints` lists these too (the same objects). */
export const viewAsOwnEndpoints = {
  /** The view-as session of the calling token; null for an ordinary session. */
  current: defineEndpoint({
    ...own,
    method: 'GET',
    path: '/viewAs/current',
    summary: '当前的以服务商身份查看',
    write: false,
    response: viewAsSession.nullable(),
  }),
  /** 退出: ends the calling token's view-as session (an ordinary session is answered 409003). */
  end: defineEndpoint({
    ...own,
    method: 'POST',
    path: '/viewAs/end',
    summary: '结束以服务商身份查看',
    write: true,
    body: z.object({}).nullish(),
    response: z.null(),
  }),
};

/** Endpoints a view-as session may always call, whatever its mode: its own state and its end. */
export const viewAsOwnPaths: ReadonlySet<string> = new Set([
  viewAsOwnEndpoints.current.path,
  viewAsOwnEndpoints.end.path,
]);
