import { z } from 'zod';
import { id, isoTime, ok } from '../common.js';
import { defineResource, filter, recordId, resourceEndpoint } from '../resource.js';
import { adminTypeLabels } from './saas-admin.js';

/** Signed-in console sessions that are still live (在线会话), with force logout. */
export const sessionResource = defineResource({
  name: 'session',
  prefix: '/session',
  title: '在线会话',
  module: '账号管理',
  audience: 'platform',
  tenant: 'none',
  entity: z.object({
    id,
    adminId: id,
    loginName: z.string(),
    name: z.string(),
    adminType: adminTypeLabels,
    agentId: id.nullable(),
    ip: z.string(),
    userAgent: z.string(),
    /** 浏览器 · 系统 read from the user agent (e.g. Chrome 156 · Windows); the table shows it. */
    client: z.string(),
    createdAt: isoTime,
    lastSeenAt: isoTime,
    expiresAt: isoTime,
  }),
  filters: {
    loginName: filter(z.string().trim().max(64), 'contains'),
    adminId: filter(id, 'eq'),
  },
  sortable: ['createdAt', 'lastSeenAt'],
  defaultSort: { field: 'lastSeenAt', order: 'descend' },
  actions: ['page'],
});
export type OnlineSession = z.infer<typeof sessionResource.entity>;

export const sessionEndpoints = {
  /** `?id=` of the session; the operator behind it is signed out at once. */
  forceLogout: resourceEndpoint(sessionResource, 'forceLogout', {
    method: 'POST',
    write: true,
    summary: '强制下线',
    query: z.object({ id: recordId }),
    response: ok,
  }),
};
