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
 * The permission that shows each 首页 card, per side: the list screen of the card's area. The
 * summary answers a card only to an operator holding it (null otherwise), so a role granting one
 * screen does not read platform-wide figures of every other area; the console draws no card for a
 * null. A side without an entry has no such card.
 */
export const dashboardCardPermissions = {
  providers: { platform: 'agent.page' },
  accounts: { platform: 'saasAdmin.page', agent: 'staffingConfig' },
  enterprises: { platform: 'enterprise.page', agent: 'enterprise.page' },
  stores: { platform: 'store.page', agent: 'store.page' },
  gateways: { platform: 'gatewayDevice.page', agent: 'agentGateway.page' },
  androidDevices: { platform: 'android.page', agent: 'agentAndroid.page' },
  homeUsers: { platform: 'homeUser.page' },
  staffUsers: { platform: 'staffApplet.page' },
  recentOperations: { platform: 'operationLog', agent: 'agentOperationLog' },
  account: { agent: 'accountRecord.page' },
} as const satisfies Record<string, { platform?: string; agent?: string }>;
export type DashboardCard = keyof typeof dashboardCardPermissions;

/** The cards an operator of a side with these permissions may see. */
export function dashboardCardsFor(side: 'platform' | 'agent', permissions: ReadonlySet<string>): Set<DashboardCard> {
  const cards = new Set<DashboardCard>();
  for (const [card, bySide] of Object.entries(dashboardCardPermissions)) {
    const permission = (bySide as { platform?: string; agent?: string })[side];
    if (permission && permissions.has(permission)) cards.add(card as DashboardCard);
  }
  return cards;
}

/**
 * The 首页 figures for the signed-in scope: a platform admin sees every provider, a provider
 * operator only their own, and each card only with its permission (`dashboardCardPermissions`).
 */
export const dashboardSummary = z.object({
  scope: z.enum(['platform', 'agent']),
  generatedAt: isoTime,
  /** Provider statuses: pending 0, active 1, frozen 2, expired 3 (rejected applications are not counted). */
  providers: z.object({ total: count, pending: count, active: count, frozen: count, expired: count }).nullable(),
  accounts: z.object({ total: count, enabled: count }).nullable(),
  enterprises: z.object({ total: count }).nullable(),
  /**
   * Store statuses: pending application 0, normal 1, disabled 2, expired 3, recycled 4; total
   * leaves the recycle bin out (as the store lists do); expiringSoon: normal stores whose web
   * edition lapses within `expiryWindow`.
   */
  stores: z
    .object({
      total: count,
      pending: count,
      normal: count,
      disabled: count,
      expired: count,
      recycled: count,
      expiringSoon: count,
    })
    .nullable(),
  /** The dates "expiring soon" covers (China time, inclusive), so a link lists exactly those rows. */
  expiryWindow: z.object({ from: isoDate, to: isoDate }),
  gateways: z.object({ total: count, online: count, offline: count }).nullable(),
  androidDevices: z.object({ total: count, online: count, offline: count }).nullable(),
  homeUsers: expiringUsers.nullable(),
  staffUsers: expiringUsers.nullable(),
  recentOperations: z.array(dashboardOperation).nullable(),
  /**
   * A provider's account (账户流水): the balance now, and this month's renewals (门店续费 and
   * 员工小程序, China calendar month from `monthStart`) paid from it.
   */
  account: z
    .object({ balance: z.number().int(), monthRenewals: count, monthRenewalAmount: count, monthStart: isoDate })
    .nullable(),
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
