import { z } from 'zod';
import { id, isoDate, isoTime } from '../common.js';
import { defineEndpoint } from '../endpoint.js';

const count = z.number().int().min(0);

/** Users with an expiry date: how many, how many already lapsed, how many lapse within 30 days. */
const expiringUsers = z.object({ total: count, expired: count, expiringSoon: count });

export const dashboardOperation = z.object({
  id,
  at: isoTime,
  operatorName: z.string(),
  module: z.string(),
  action: z.string(),
  /** 1 ok, 0 failed. */
  result: z.number().int(),
});

/**
 * The 首页 figures for the signed-in scope: a platform admin sees every provider, a provider
 * operator only their own. A group is null when the operator may not see it (providers for
 * provider operators, the operation log without its permission).
 */
export const dashboardSummary = z.object({
  scope: z.enum(['platform', 'agent']),
  generatedAt: isoTime,
  /** Provider statuses: pending 0, active 1, frozen 2, expired 3 (rejected applications are not counted). */
  providers: z.object({ total: count, pending: count, active: count, frozen: count, expired: count }).nullable(),
  accounts: z.object({ total: count, enabled: count }),
  enterprises: z.object({ total: count }),
  /**
   * Store statuses: pending application 0, normal 1, disabled 2, expired 3, recycled 4; total
   * leaves the recycle bin out (as the store lists do); expiringSoon: normal stores whose web
   * edition lapses within `expiryWindow`.
   */
  stores: z.object({
    total: count,
    pending: count,
    normal: count,
    disabled: count,
    expired: count,
    recycled: count,
    expiringSoon: count,
  }),
  /** The dates "expiring soon" covers (China time, inclusive), so a link lists exactly those rows. */
  expiryWindow: z.object({ from: isoDate, to: isoDate }),
  gateways: z.object({ total: count, online: count, offline: count }),
  androidDevices: z.object({ total: count, online: count, offline: count }),
  homeUsers: expiringUsers,
  staffUsers: expiringUsers,
  recentOperations: z.array(dashboardOperation).nullable(),
});
export type DashboardSummary = z.infer<typeof dashboardSummary>;

/** Days ahead within which an expiry date counts as "expiring soon". */
export const EXPIRING_WITHIN_DAYS = 30;

export const dashboardEndpoints = {
  summary: defineEndpoint({
    method: 'GET',
    path: '/dashboard/summary',
    access: 'session',
    audience: 'any',
    summary: '首页概览',
    module: '首页',
    write: false,
    response: dashboardSummary,
  }),
};
