import { z } from 'zod';
import { id, isoTime, labelledEnum, ok } from '../common.js';
import { defineResource, filter, recordId, resourceEndpoint } from '../resource.js';

/** Where failed sign-ins came from: an address, or a browser that has signed in to the account before. */
export const signInLockSource = labelledEnum({ 1: 'IP 地址', 2: '已登录过的浏览器' });

/**
 * 登录锁定: a login name locked from one source after repeated wrong passwords. The lock never
 * covers the account everywhere, only that (account, source) pair, for 1, 2, 4 … up to
 * AUTH_LOCK_MINUTES minutes; a platform administrator may lift it early.
 */
export const signInLockResource = defineResource({
  name: 'signInLock',
  prefix: '/signInLock',
  title: '登录锁定',
  module: '操作日志',
  audience: 'platform',
  tenant: 'none',
  entity: z.object({
    id,
    loginName: z.string(),
    sourceKind: signInLockSource,
    ip: z.string(),
    failures: z.number().int(),
    lastFailureAt: isoTime,
    lockedUntil: isoTime,
  }),
  filters: {
    // Prefix: the (login_name, source) unique index serves it.
    loginName: filter(z.string().trim().max(64), 'prefix'),
  },
  sortable: ['lockedUntil'],
  defaultSort: { field: 'lockedUntil', order: 'descend' },
  actions: ['page'],
});
export type SignInLock = z.infer<typeof signInLockResource.entity>;

export const signInLockEndpoints = {
  /** `?id=` of the lock: the pair may sign in again at once, with a fresh allowance of failures. */
  unlock: resourceEndpoint(signInLockResource, 'unlock', {
    method: 'POST',
    write: true,
    summary: '解除登录锁定',
    query: z.object({ id: recordId }),
    response: ok,
  }),
};
