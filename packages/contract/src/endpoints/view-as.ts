import { z } from 'zod';
import { id, isoTime } from '../common.js';
import { defineEndpoint } from '../endpoint.js';

// Issue 31 part 2: a platform admin views a provider's console as its administrator, in one
// browser tab, read-only unless a second permission and a stated reason allow writes. The tab
// sends the session's own token (prefix `va.`) in place of the admin's; the admin's cookie and
// other tabs are untouched. No live channel in this version: the websocket takes normal tokens only.

const MODULE = '服务商管理';

/** The longest a view-as session lasts; it cannot be extended, only started again. */
export const VIEW_AS_MAX_MINUTES = 30;

/** What a view-as token starts with, so the server and the console tell it from a session token. */
export const VIEW_AS_TOKEN_PREFIX = 'va.';

export const viewAsModes = ['read', 'write'] as const;
export const viewAsMode = z.enum(viewAsModes);
export type ViewAsMode = z.infer<typeof viewAsMode>;
export const viewAsModeLabels: Record<ViewAsMode, string> = { read: '只读', write: '可修改' };

/** Why an admin needs to change a provider's data: required for write mode, kept in every log row. */
export const viewAsReason = z.string().trim().min(4, '请填写原因（至少 4 个字）').max(200, '原因最多 200 字');

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

/** The token is answered once; only its hash is stored. The console keeps it in the new tab only. */
export const viewAsStarted = z.object({ token: z.string(), session: viewAsSession });
export type ViewAsStarted = z.infer<typeof viewAsStarted>;

const start = { method: 'POST', audience: 'platform', module: MODULE, write: true } as const;
const own = { access: 'session', audience: 'any', module: MODULE } as const;

export const viewAsEndpoints = {
  start: defineEndpoint({
    ...start,
    path: '/viewAs/start',
    access: { permission: 'agent.viewAs' },
    summary: '以服务商身份查看（只读）',
    body: z.object({ agentId: id }),
    response: viewAsStarted,
  }),
  startWrite: defineEndpoint({
    ...start,
    path: '/viewAs/startWrite',
    access: { permission: 'agent.viewAsWrite' },
    summary: '以服务商身份查看（可修改）',
    body: z.object({ agentId: id, reason: viewAsReason }),
    response: viewAsStarted,
  }),
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
export const viewAsOwnPaths: ReadonlySet<string> = new Set([viewAsEndpoints.current.path, viewAsEndpoints.end.path]);
