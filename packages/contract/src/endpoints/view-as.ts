import { z } from 'zod';
import { id } from '../common.js';
import { defineEndpoint } from '../endpoint.js';
import { viewAsOwnEndpoints, viewAsSession } from './view-as-own.js';

// Issue 31 part 2: a platform admin views a provider's console as its administrator, in one
// browser tab, read-only unless a second permission and a stated reason allow writes. The tab
// sends the session's own token (prefix `va.`) in place of the admin's; the admin's cookie and
// other tabs are untouched. No live channel in this version: the websocket takes normal tokens only.

// The session's own state and end are in view-as-own.ts (every console tab asks them); here,
// starting one, which only 服务商管理 does.
const MODULE = '服务商管理';

/** The longest a view-as session lasts; it cannot be extended, only started again. */
export const VIEW_AS_MAX_MINUTES = 30;

/** Why an admin needs to change a provider's data: required for write mode, kept in every log row. */
export const viewAsReason = z.string().trim().min(4, '请填写原因（至少 4 个字）').max(200, '原因最多 200 字');

/** The token is answered once; only its hash is stored. The console keeps it in the new tab only. */
export const viewAsStarted = z.object({ token: z.string(), session: viewAsSession });
export type ViewAsStarted = z.infer<typeof viewAsStarted>;

const start = { method: 'POST', audience: 'platform', module: MODULE, write: true } as const;

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
  ...viewAsOwnEndpoints,
};
